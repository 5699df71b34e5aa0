// The desk's pre-check of a campaign: what campaign_verify refuses (reference §7.2, codes 602–627),
// run on the parsed HTML before anything is sent, so staff see every problem at once with a fix.
import { parse, type HTMLElement } from 'node-html-parser';
import { scanHtml, type ScannedElement } from './campaign-html-scan';
import {
  INLINE_IMAGE_SCHEMES,
  MERGE_TAGS,
  PLACEHOLDER_IMAGE_HOSTS,
  PLACEHOLDER_PHRASES,
  SOCIAL_HOSTS,
  SOCIAL_PLACEHOLDER_PATHS,
  UNSUBSCRIBE_TAG,
} from './campaign-content';
import { isValidEmail } from './email';

const MERGE_TAG_LIST: readonly string[] = Object.values(MERGE_TAGS);

/** A fix the compose screen can make, or take staff to. */
export type CampaignFix =
  | 'insert-unsubscribe'
  | 'remove-scripts'
  | 'remove-inline-images'
  | 'go-subject'
  | 'go-from'
  | 'go-body'
  | 'replace-old-unsubscribe';

/** One problem the pre-check found: the service's code, what is wrong here, and a fix where one can be made. */
export interface CampaignFinding {
  code: number;
  detail: string;
  fix?: CampaignFix;
}

/** What the pre-check reads. */
export interface CampaignDraftContent {
  subject: string;
  fromName: string;
  fromEmail: string;
  /** The body; for a campaign from a URL the check of the body is left to the service. */
  html?: string;
  /** The body will come from a web page (content checks are the service's). */
  url?: string;
}

/** Addresses already read in this check: a 200 KB body repeats its links and images many times. */
let urlCache = new Map<string, URL | null>();

function httpUrl(text: string): URL | null {
  if (!/^https?:/i.test(text)) return null;
  const known = urlCache.get(text);
  if (known !== undefined) return known;
  const url = URL.canParse(text) ? new URL(text) : null;
  const http = url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : null;
  urlCache.set(text, http);
  return http;
}

const bareHost = (url: URL) => url.hostname.toLowerCase().replace(/^www\./, '');
const attr = (element: { attributes: Record<string, string> }, name: string) => (element.attributes[name] ?? '').trim();

function linkKind(text: string): 'unsubscribe' | 'forward' | 'view' | null {
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

/** Sender and subject: 611, 603. */
function headerFindings(draft: CampaignDraftContent): CampaignFinding[] {
  const found: CampaignFinding[] = [];
  if (draft.subject.trim() === '') found.push({ code: 611, detail: 'The subject line is empty.', fix: 'go-subject' });
  const fromName = draft.fromName.trim();
  const fromEmail = draft.fromEmail.trim();
  if (fromName.length < 5)
    found.push({
      code: 603,
      detail: fromName ? `The sender name "${fromName}" is shorter than 5 characters.` : 'There is no sender name.',
      fix: 'go-from',
    });
  if (!isValidEmail(fromEmail))
    found.push({
      code: 603,
      detail: fromEmail ? `"${fromEmail}" is not a valid sender address.` : 'There is no sender email address.',
      fix: 'go-from',
    });
  return found;
}

function contentFinding(text: string, images: ScannedElement[]): CampaignFinding | null {
  if (text === '' && images.length === 0) return { code: 602, detail: 'The body is blank.', fix: 'go-body' };
  const phrase = PLACEHOLDER_PHRASES.find((p) => text.toLowerCase().includes(p));
  return phrase ? { code: 602, detail: `Sample text is still in the body ("${phrase}").`, fix: 'go-body' } : null;
}

function scriptFinding(elements: ScannedElement[]): CampaignFinding | null {
  const scripts = elements.filter((element) => element.tag === 'script').length;
  if (scripts > 0)
    return { code: 621, detail: `The body has ${scripts} script${scripts === 1 ? '' : 's'}.`, fix: 'remove-scripts' };
  for (const element of elements) {
    for (const [name, value] of Object.entries(element.attributes)) {
      if (name.startsWith('on'))
        return { code: 621, detail: `A <${element.tag}> has a ${name} handler.`, fix: 'remove-scripts' };
      if ((name === 'href' || name === 'src') && value.trim().toLowerCase().startsWith('javascript:'))
        return { code: 621, detail: 'A link runs JavaScript (javascript:).', fix: 'remove-scripts' };
    }
  }
  return null;
}

function structureFinding(elements: ScannedElement[]): CampaignFinding | null {
  if (elements.filter((element) => element.tag === 'body').length > 1)
    return { code: 620, detail: 'The HTML has more than one <body>.' };
  for (const tag of ['meta', 'base', 'title']) {
    if (elements.some((element) => element.tag === tag && !element.inHead))
      return { code: 620, detail: `A <${tag}> tag sits outside the document head.` };
  }
  return null;
}

function imageFindings(images: ScannedElement[]): CampaignFinding[] {
  const found: CampaignFinding[] = [];
  const inline = images.filter((image) =>
    INLINE_IMAGE_SCHEMES.some((scheme) => attr(image, 'src').toLowerCase().startsWith(scheme)),
  ).length;
  if (inline > 0)
    found.push({
      code: 618,
      detail: `${inline} image${inline === 1 ? ' is' : 's are'} pasted into the body.`,
      fix: 'remove-inline-images',
    });
  const placeholder = images.find((image) => {
    const url = httpUrl(attr(image, 'src'));
    return (
      (url &&
        (PLACEHOLDER_IMAGE_HOSTS.includes(bareHost(url)) || url.pathname.toLowerCase().includes('placeholder'))) ||
      attr(image, 'alt').toLowerCase() === 'placeholder'
    );
  });
  if (placeholder) found.push({ code: 627, detail: `Sample image: ${attr(placeholder, 'src').slice(0, 80)}` });
  if (inline === 0) {
    const broken = images.find((image) => !httpUrl(attr(image, 'src')));
    if (broken)
      found.push({
        code: 619,
        detail:
          attr(broken, 'src') === ''
            ? 'An image has no address.'
            : `"${attr(broken, 'src').slice(0, 80)}" is not a full https address.`,
      });
  }
  return found;
}

function socialFinding(links: ScannedElement[]): CampaignFinding | null {
  for (const link of links) {
    const url = httpUrl(attr(link, 'href'));
    if (!url || !SOCIAL_HOSTS.includes(bareHost(url))) continue;
    const first = url.pathname.split('/').filter(Boolean)[0]?.toLowerCase();
    if (!first || SOCIAL_PLACEHOLDER_PATHS.includes(first))
      return { code: 617, detail: `${url.href} does not name your profile.` };
  }
  return null;
}

function copiedLinkFindings(links: ScannedElement[], sentCampaignIds: ReadonlySet<string>): CampaignFinding[] {
  const found: CampaignFinding[] = [];
  const copied = links.find((link) => {
    const url = httpUrl(attr(link, 'href'));
    const [first, id] = url ? url.pathname.split('/').filter(Boolean) : [];
    return first === 'r' && id !== undefined && sentCampaignIds.has(id);
  });
  if (copied) found.push({ code: 625, detail: `${attr(copied, 'href')} is a tracked link of a sent campaign.` });
  const old = links.find((link) => {
    const url = httpUrl(attr(link, 'href'));
    if (!url) return false;
    const path = url.pathname.toLowerCase();
    return path.includes('unsubscribe') || path.includes('optout') || linkKind(link.text ?? '') === 'unsubscribe';
  });
  if (old)
    found.push({
      code: 626,
      detail: `The unsubscribe link goes to ${attr(old, 'href').slice(0, 80)}.`,
      fix: 'replace-old-unsubscribe',
    });
  return found;
}

function specialLinkFinding(links: ScannedElement[]): CampaignFinding | null {
  for (const link of links) {
    const href = attr(link, 'href');
    const kind = linkKind(link.text ?? '');
    const looksLikeTag = href.startsWith('#') && href.length > 1;
    const knownTag = MERGE_TAG_LIST.includes(href.toLowerCase());
    if (looksLikeTag && !knownTag && /^#(unsub|forward|web|view)/i.test(href))
      return { code: 616, detail: `"${href}" is not a merge tag the service knows (${MERGE_TAG_LIST.join(', ')}).` };
    if (kind && (href === '' || href === '#' || (looksLikeTag && !knownTag))) {
      return {
        code: 616,
        detail: `The ${kind === 'view' ? 'view-online' : kind === 'forward' ? 'forward-to-a-friend' : 'unsubscribe'} link has no address.`,
        fix: kind === 'unsubscribe' ? 'insert-unsubscribe' : undefined,
      };
    }
  }
  return null;
}

/**
 * Everything in a draft campaign_verify would refuse, in the order the service checks it (each check
 * reports once). Empty when the draft looks sendable. `sentCampaignIds` are the service ids of this
 * desk's sent campaigns (their tracked links must not be copied, 625).
 */
export function precheckCampaign(
  draft: CampaignDraftContent,
  sentCampaignIds: ReadonlySet<string> = new Set(),
): CampaignFinding[] {
  const found = headerFindings(draft);
  if (draft.url !== undefined && draft.html === undefined) return found;
  const html = draft.html ?? '';
  urlCache = new Map();
  const { elements, visibleText } = scanHtml(html);
  const images = elements.filter((element) => element.tag === 'img');
  const links = elements.filter((element) => element.tag === 'a');
  const single = [contentFinding(visibleText, images), scriptFinding(elements), structureFinding(elements)];
  found.push(...single.filter((finding): finding is CampaignFinding => finding !== null));
  found.push(...imageFindings(images));
  const social = socialFinding(links);
  if (social) found.push(social);
  found.push(...copiedLinkFindings(links, sentCampaignIds));
  const special = specialLinkFinding(links);
  if (special) found.push(special);
  if (!html.toLowerCase().includes(UNSUBSCRIBE_TAG))
    found.push({ code: 622, detail: 'Guests have no way to opt out of this email.', fix: 'insert-unsubscribe' });
  return found;
}

/** The HTML of an unsubscribe line, as the "insert unsubscribe link" fix adds it. */
export const UNSUBSCRIBE_LINK_HTML = `<p style="font-size:12px;color:#666">Don't want these emails? <a href="${UNSUBSCRIBE_TAG}">Unsubscribe</a></p>`;

/** Adds the unsubscribe line at the end of the body (inside </body> when there is one). */
export function insertUnsubscribeLink(html: string): string {
  const close = html.toLowerCase().lastIndexOf('</body>');
  return close < 0
    ? `${html}\n${UNSUBSCRIBE_LINK_HTML}`
    : `${html.slice(0, close)}${UNSUBSCRIBE_LINK_HTML}\n${html.slice(close)}`;
}

/** Campaign HTML parsed as the checks and fixes read it (comments kept, the text of script, style, pre and noscript as it is). */
export function parseCampaignHtml(html: string): HTMLElement {
  return parse(html, {
    comment: true,
    blockTextElements: { script: true, style: true, pre: true, noscript: true },
  });
}

/** Removes script elements, on* handlers and javascript: links from parsed campaign HTML, in place. */
export function stripScripts(root: HTMLElement): void {
  for (const script of root.querySelectorAll('script')) script.remove();
  for (const element of root.querySelectorAll('*')) {
    for (const [name, value] of Object.entries(element.attributes)) {
      if (name.toLowerCase().startsWith('on')) element.removeAttribute(name);
      else if (/^(xlink:)?href$|^src$|^action$|^formaction$/i.test(name) && /^\s*javascript:/i.test(value))
        element.setAttribute(name, '#');
    }
  }
}

/** The body with script elements, on* handlers and javascript: links removed (the 621 fix). */
export function removeScripts(html: string): string {
  const root = parseCampaignHtml(html);
  stripScripts(root);
  return root.toString();
}

/** The body with pasted (data:, cid:, blob:, file:) images removed (the 618 fix). */
export function removeInlineImages(html: string): string {
  const root = parseCampaignHtml(html);
  for (const image of root.querySelectorAll('img')) {
    if (INLINE_IMAGE_SCHEMES.some((scheme) => attr(image, 'src').toLowerCase().startsWith(scheme))) image.remove();
  }
  return root.toString();
}

/** The body with fixed unsubscribe addresses pointed at the merge tag (the 626 fix). */
export function replaceOldUnsubscribeLinks(html: string): string {
  const root = parseCampaignHtml(html);
  for (const link of root.querySelectorAll('a')) {
    const url = httpUrl(attr(link, 'href'));
    if (!url) continue;
    const path = url.pathname.toLowerCase();
    if (path.includes('unsubscribe') || path.includes('optout') || linkKind(link.textContent) === 'unsubscribe')
      link.setAttribute('href', UNSUBSCRIBE_TAG);
  }
  return root.toString();
}
