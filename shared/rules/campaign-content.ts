// The words of campaign_verify's content rules (reference §7.2, codes 602–627): merge tags and what counts as
// placeholder content. One home for both the service's own checks (sandbox) and the desk's pre-check.

/** The unsubscribe merge tag the service replaces with each guest's own link. */
export const UNSUBSCRIBE_TAG = '#unsubscribe#';

/** Merge tags the service replaces in campaign bodies. */
export const MERGE_TAGS = { unsubscribe: UNSUBSCRIBE_TAG, forward: '#forward#', viewOnline: '#webversion#' } as const;

/** Phrases of template filler the service refuses as placeholder content (code 606). */
export const PLACEHOLDER_PHRASES: readonly string[] = [
  'lorem ipsum',
  'dolor sit amet',
  'your content here',
  'insert text here',
  'enter your text here',
  'add your content here',
  'type your message here',
  'placeholder text',
  'edit this text',
];
/** Hosts of placeholder images (the service refuses them). */
export const PLACEHOLDER_IMAGE_HOSTS: readonly string[] = [
  'placehold.it',
  'placehold.co',
  'placeholder.com',
  'via.placeholder.com',
  'dummyimage.com',
  'fakeimg.pl',
  'placekitten.com',
  'lorempixel.com',
];
/** Social networks whose links the service checks for placeholder profile paths. */
export const SOCIAL_HOSTS: readonly string[] = [
  'facebook.com',
  'twitter.com',
  'x.com',
  'instagram.com',
  'linkedin.com',
  'youtube.com',
  'tiktok.com',
  'pinterest.com',
];
/** Profile paths of a template left unfilled (facebook.com/yourpage). */
export const SOCIAL_PLACEHOLDER_PATHS: readonly string[] = [
  'yourpage',
  'your-page',
  'yourprofile',
  'your-profile',
  'username',
  'yourname',
  'yourhandle',
  'profile',
  'page',
];
/** Image sources that are not links to hosted images (refused as inline images). */
export const INLINE_IMAGE_SCHEMES: readonly string[] = ['data:', 'cid:', 'blob:', 'file:'];
