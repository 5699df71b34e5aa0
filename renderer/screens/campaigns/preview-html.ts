import { TextNode } from 'node-html-parser';
import { parseCampaignHtml, stripScripts } from '../../../shared/rules/campaign-checks';

/** What the preview frame is given, and what was left out of it. */
export interface PreviewDocument {
  /** The document for the frame's srcdoc: no scripts, and nothing from the web unless staff asked for images. */
  html: string;
  /** Images, backgrounds, style sheets, fonts and frames from the web left out (each one a request a sender could count). */
  remote: number;
}

/** Elements that would show another document or fetch a style sheet; the preview never has them. */
const EMBEDS = 'iframe, frame, frameset, object, embed, applet, portal, link';
/** Elements that change how the frame loads (a refresh to another address, a base for every link, a policy of the sender's). */
const DIRECTIVES = 'base, meta[http-equiv]';
/** Attributes that load a resource when the element is shown (images, videos, table backgrounds, SVG images). */
const RESOURCE_ATTRIBUTES = ['src', 'srcset', 'background', 'poster', 'data', 'href', 'xlink:href', 'lowsrc', 'dynsrc'];
/** Elements whose `href` loads something when shown (an SVG image or use); a link's href only navigates on a click. */
const HREF_LOADS = new Set(['image', 'use', 'feimage']);
/** url(…) in CSS, and @import rules (with or without url()). */
const CSS_URL = /url\(\s*(['"]?)(.*?)\1\s*\)/gi;
const CSS_IMPORT = /@import\s+[^;]+;?/gi;

/** Whether a URL would be fetched over the network (anything but data: and fragment links), and whether over https. */
function fetched(url: string): 'no' | 'https' | 'other' {
  const trimmed = url.trim().toLowerCase();
  if (trimmed === '' || trimmed.startsWith('data:') || trimmed.startsWith('#')) return 'no';
  return trimmed.startsWith('https://') ? 'https' : 'other';
}

/**
 * The campaign's HTML as the preview shows it. Scripts, event handlers and javascript: links are
 * removed (a sandboxed frame would refuse them anyway, with a console error on every render).
 * Nothing from the web loads until staff choose "Show images" for the campaign: remote images and
 * CSS backgrounds tell a sender's tracker that the email was opened, and when. Even then only https
 * images and backgrounds load (the desk's own Content-Security-Policy allows no other), never style
 * sheets, fonts or frames. A Content-Security-Policy of the frame's own says the same to Chromium,
 * so anything this misses is still not fetched.
 */
export function previewDocument(html: string, showImages: boolean): PreviewDocument {
  const root = parseCampaignHtml(html);
  stripScripts(root);
  let remote = 0;
  const allowed = (url: string) => {
    const kind = fetched(url);
    if (kind === 'no') return true;
    if (kind === 'https' && showImages) return true;
    remote += 1;
    return false;
  };

  for (const element of root.querySelectorAll(DIRECTIVES)) element.remove();
  for (const element of root.querySelectorAll(EMBEDS)) {
    remote += 1;
    element.remove();
  }
  for (const element of root.querySelectorAll('*')) {
    const tag = element.rawTagName.toLowerCase();
    for (const name of RESOURCE_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value === undefined) continue;
      if ((name === 'href' || name === 'xlink:href') && !HREF_LOADS.has(tag)) continue;
      const urls =
        name === 'srcset' ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '') : [value];
      if (!urls.every(allowed)) element.removeAttribute(name);
    }
    const style = element.getAttribute('style');
    if (style) element.setAttribute('style', safeCss(style, allowed));
    if (tag === 'style')
      for (const text of element.childNodes)
        if (text instanceof TextNode) text.rawText = safeCss(text.rawText, allowed, () => (remote += 1));
  }
  return { html: withPolicy(root.toString(), showImages), remote };
}

/** CSS with its url(…)s that may not load pointed at nothing, and its @imports (style sheets from the web) removed. */
function safeCss(css: string, allowed: (url: string) => boolean, onImport: () => void = () => undefined): string {
  return css
    .replace(CSS_IMPORT, () => {
      onImport();
      return '';
    })
    .replace(CSS_URL, (whole, _quote: string, url: string) => (allowed(url) ? whole : 'url("data:,")'));
}

/** The document with the frame's own Content-Security-Policy first (after a doctype, which must stay first). */
function withPolicy(html: string, showImages: boolean): string {
  const images = showImages ? 'data: https:' : 'data:';
  const meta = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${images}; style-src 'unsafe-inline'; font-src data:">`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? `${doctype[0]}${meta}${html.slice(doctype[0].length)}` : `${meta}${html}`;
}
