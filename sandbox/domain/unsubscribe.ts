// The #unsubscribe# merge token: replaced with a link, or a footer link added when the body has none (section 4.7).
import { parse } from 'node-html-parser';

const UNSUBSCRIBE_TOKEN = '#unsubscribe#';

/** The unsubscribe address of one recipient of one sent item. */
export function unsubscribeUrl(origin: string, clientId: string, referenceId: string, email: string): string {
  return `${origin}/unsubscribe/${encodeURIComponent(clientId)}/${encodeURIComponent(referenceId)}/${Buffer.from(email).toString('base64url')}`;
}

/** The body with #unsubscribe# replaced, or with an unsubscribe footer appended inside <body> when the token is absent. */
export function withUnsubscribeLink(html: string, url: string): string {
  if (html.includes(UNSUBSCRIBE_TOKEN)) return html.split(UNSUBSCRIBE_TOKEN).join(url);
  const root = parse(html, { comment: true });
  const footer = parse(`<p class="unsubscribe-footer"><a href="${url.replace(/"/g, '&quot;')}">Unsubscribe</a></p>`);
  const body = root.querySelector('body');
  (body ?? root).appendChild(footer);
  return root.toString();
}
