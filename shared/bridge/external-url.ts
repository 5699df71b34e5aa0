/**
 * Whether a link may be handed to the system browser: https to a real host with no credentials, or http
 * only to one of `httpOrigins` (the running demo service's own origin, which never leaves the machine).
 */
export function isSafeExternalUrl(candidate: string, httpOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (!url.hostname || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && httpOrigins.includes(url.origin);
}
