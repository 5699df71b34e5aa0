// campaign_verify's content checks (codes 602–627), on the parsed HTML document, never on regexes over markup.
import { parse, NodeType, type HTMLElement, type Node } from 'node-html-parser';
import {
  INLINE_IMAGE_SCHEMES,
  MERGE_TAGS,
  PLACEHOLDER_IMAGE_HOSTS,
  PLACEHOLDER_PHRASES,
  SOCIAL_HOSTS,
  SOCIAL_PLACEHOLDER_PATHS,
} from '../../shared/rules/campaign-content';

/** A failed check: the 6XX code and what is wrong, in words staff can act on. */
export interface VerifyFailure {
  code: number;
  message: string;
}

/** What the checks need besides the body. */
export interface ContentContext {
  /** The body came from `url` (imported content). */
  imported: boolean;
  /** Whether a campaign id belongs to a campaign already sent (its tracked links must not be copied). */
  isSentCampaign(id: string): boolean;
}

/** The visible text of an element: text nodes outside script, style and head. */
function visibleText(node: Node): string {
  if (node.nodeType === NodeType.TEXT_NODE) return node.rawText;
  if (node.nodeType !== NodeType.ELEMENT_NODE) return '';
  const tag = (node as HTMLElement).rawTagName?.toLowerCase();
  if (tag === 'script' || tag === 'style' || tag === 'head' || tag === 'title') return '';
  return node.childNodes.map(visibleText).join(' ');
}

/** Whether an element sits inside an element of that tag. */
function isInside(element: HTMLElement, tag: string): boolean {
  for (let parent = element.parentNode; parent; parent = parent.parentNode) {
    if (parent.rawTagName?.toLowerCase() === tag) return true;
  }
  return false;
}

/** An absolute http(s) URL, or null. */
function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The host without a leading www. */
const bareHost = (url: URL) => url.hostname.toLowerCase().replace(/^www\./, '');

/** Whether a link's words say it is an unsubscribe, forward-to-a-friend or view-online link. */
function specialLinkKind(text: string): 'unsubscribe' | 'forward' | 'view' | null {
  const words = text.toLowerCase().replace(/\s+/g, ' ');
  if (words.includes('unsubscribe') || words.includes('opt out') || words.includes('opt-out')) return 'unsubscribe';
  if (words.includes('forward to a friend') || words.includes('forward this')) return 'forward';
  if (
    words.includes('view online') ||
    words.includes('view in browser') ||
    words.includes('web version') ||
    words.includes('view this email')
  )
    return 'view';
  return null;
}

/** 602: blank content or placeholder text. */
function checkContent(body: HTMLElement, images: HTMLElement[]): VerifyFailure | null {
  const text = visibleText(body).replace(/\s+/g, ' ').trim();
  if (text === '' && images.length === 0)
    return { code: 602, message: 'Content unsatisfactory: the campaign body is blank' };
  const lower = text.toLowerCase();
  const phrase = PLACEHOLDER_PHRASES.find((p) => lower.includes(p));
  if (phrase)
    return {
      code: 602,
      message: `Content unsatisfactory: default placeholder text is still in the body ("${phrase}")`,
    };
  return null;
}

/** 621: script tags, event-handler attributes or javascript: links. */
function checkJavaScript(root: HTMLElement): VerifyFailure | null {
  if (root.querySelectorAll('script').length > 0)
    return { code: 621, message: 'The campaign contains JavaScript (script tags); remove them' };
  for (const element of root.querySelectorAll('*')) {
    for (const [name, value] of Object.entries(element.attributes)) {
      if (name.toLowerCase().startsWith('on'))
        return {
          code: 621,
          message: `The campaign contains JavaScript (a ${name} attribute on <${element.rawTagName}>); remove it`,
        };
      if ((name === 'href' || name === 'src') && value.trim().toLowerCase().startsWith('javascript:')) {
        return { code: 621, message: 'The campaign contains JavaScript (a javascript: link); remove it' };
      }
    }
  }
  return null;
}

/** 620: head-only tags outside the head, or more than one body. */
function checkStructure(root: HTMLElement, context: ContentContext): VerifyFailure | null {
  if (root.querySelectorAll('body').length > 1)
    return { code: 620, message: 'Invalid HTML: the document has more than one body' };
  for (const tag of ['meta', 'base', 'title']) {
    for (const element of root.querySelectorAll(tag)) {
      if (!isInside(element, 'head')) {
        const where = context.imported ? 'the imported page has' : 'the HTML has';
        return { code: 620, message: `Invalid HTML: ${where} a <${tag}> tag outside the document head` };
      }
    }
  }
  return null;
}

/** 618, 627, 619: inline images, placeholder images, images without a usable address. */
function checkImages(images: HTMLElement[]): VerifyFailure | null {
  for (const image of images) {
    const src = (image.getAttribute('src') ?? '').trim();
    if (INLINE_IMAGE_SCHEMES.some((scheme) => src.toLowerCase().startsWith(scheme))) {
      return {
        code: 618,
        message: 'The campaign has inline or pasted images; upload the images and link to them instead',
      };
    }
  }
  for (const image of images) {
    const url = httpUrl((image.getAttribute('src') ?? '').trim());
    const alt = (image.getAttribute('alt') ?? '').toLowerCase();
    if (
      (url &&
        (PLACEHOLDER_IMAGE_HOSTS.includes(bareHost(url)) || url.pathname.toLowerCase().includes('placeholder'))) ||
      alt === 'placeholder'
    ) {
      return { code: 627, message: 'A placeholder image is still in the campaign; replace it with your own image' };
    }
  }
  for (const image of images) {
    const src = (image.getAttribute('src') ?? '').trim();
    if (src === '') return { code: 619, message: 'An image has no address (empty src)' };
    if (!httpUrl(src))
      return { code: 619, message: `An image address is not a full http(s) address: "${src.slice(0, 80)}"` };
  }
  return null;
}

/** 617: links to social networks that point at no profile. */
function checkSocialLinks(links: HTMLElement[]): VerifyFailure | null {
  for (const link of links) {
    const url = httpUrl((link.getAttribute('href') ?? '').trim());
    if (!url || !SOCIAL_HOSTS.includes(bareHost(url))) continue;
    const first = url.pathname.split('/').filter(Boolean)[0]?.toLowerCase();
    if (!first || SOCIAL_PLACEHOLDER_PATHS.includes(first)) {
      return { code: 617, message: `Invalid link to a social profile: ${url.href} does not name your profile` };
    }
  }
  return null;
}

/** 625 and 626: links copied from a sent campaign (tracked /r/ links, concrete unsubscribe addresses). */
function checkCopiedLinks(links: HTMLElement[], context: ContentContext): VerifyFailure | null {
  for (const link of links) {
    const url = httpUrl((link.getAttribute('href') ?? '').trim());
    if (!url) continue;
    const [first, campaignId] = url.pathname.split('/').filter(Boolean);
    if (first === 'r' && campaignId && context.isSentCampaign(campaignId)) {
      return {
        code: 625,
        message: 'The campaign has links copied from a previously sent campaign; use the original addresses',
      };
    }
  }
  for (const link of links) {
    const href = (link.getAttribute('href') ?? '').trim();
    const url = httpUrl(href);
    const isUnsubscribeUrl =
      url && (url.pathname.toLowerCase().includes('unsubscribe') || url.pathname.toLowerCase().includes('optout'));
    if (isUnsubscribeUrl || (url && specialLinkKind(link.textContent) === 'unsubscribe')) {
      return {
        code: 626,
        message: `Old unsubscribe link: it must point to the ${MERGE_TAGS.unsubscribe} merge tag, not ${url!.href}`,
      };
    }
  }
  return null;
}

/** 616: forward, unsubscribe or view-online links without a working address. */
function checkSpecialLinks(links: HTMLElement[]): VerifyFailure | null {
  const tags: string[] = Object.values(MERGE_TAGS);
  for (const link of links) {
    const href = (link.getAttribute('href') ?? '').trim();
    const kind = specialLinkKind(link.textContent);
    const looksLikeTag = href.startsWith('#') && href.length > 1;
    if (looksLikeTag && !tags.includes(href.toLowerCase()) && /^#(unsub|forward|web|view)/i.test(href)) {
      return { code: 616, message: `Invalid merge link "${href}": use ${tags.join(', ')}` };
    }
    if (kind && (href === '' || href === '#' || (looksLikeTag && !tags.includes(href.toLowerCase())))) {
      return {
        code: 616,
        message: `Invalid ${kind === 'view' ? 'view-online' : kind === 'forward' ? 'forward-to-a-friend' : 'unsubscribe'} link: it has no address`,
      };
    }
  }
  return null;
}

/** 622: no unsubscribe merge tag anywhere in the body. */
function checkUnsubscribePresent(html: string): VerifyFailure | null {
  return html.toLowerCase().includes(MERGE_TAGS.unsubscribe)
    ? null
    : { code: 622, message: `No unsubscribe link found: add a link to ${MERGE_TAGS.unsubscribe}` };
}

/** Runs the content checks in order; the first failure, or null when the body can be sent. */
export function checkCampaignHtml(html: string, context: ContentContext): VerifyFailure | null {
  const root = parse(html, {
    comment: false,
    blockTextElements: { script: true, style: true, pre: true, noscript: true },
  });
  const body = root.querySelector('body') ?? root;
  const images = root.querySelectorAll('img');
  const links = root.querySelectorAll('a');
  return (
    checkContent(body, images) ??
    checkJavaScript(root) ??
    checkStructure(root, context) ??
    checkImages(images) ??
    checkSocialLinks(links) ??
    checkCopiedLinks(links, context) ??
    checkSpecialLinks(links) ??
    checkUnsubscribePresent(html)
  );
}
