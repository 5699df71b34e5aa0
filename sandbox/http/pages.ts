// Minimal HTML pages for the browser-facing parts: sign-in, account, signup, unsubscribe.
import { escapeHtml, htmlResponse } from './envelope';

/** A complete page with a title and body HTML (callers escape what they interpolate). */
export function page(title: string, bodyHtml: string, status = 200, headers: Record<string, string> = {}): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#222}
label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.4rem;font-size:1rem}button{margin-top:1rem;padding:.5rem 1.2rem;font-size:1rem}
.error{color:#a00;background:#fee;padding:.5rem;border-radius:4px}table{border-collapse:collapse}td,th{padding:.2rem .8rem .2rem 0;text-align:left}</style>
</head><body><h1>${escapeHtml(title)}</h1>
${bodyHtml}
</body></html>`;
  return htmlResponse(html, status, headers);
}

/** A page that only says something went wrong, and what to do. */
export function problemPage(title: string, explanation: string, status: number): Response {
  return page(title, `<p>${escapeHtml(explanation)}</p>`, status);
}
