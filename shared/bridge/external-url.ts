/**
 * Whether a link may be handed to the system browser: https to a real host with no credentials,
 * or http to this computer (the demo service's own pages, which never leave the machine).
 */
export function isSafeExternalUrl(candidate: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (!url.hostname || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
}
