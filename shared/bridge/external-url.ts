/** Whether a link may be handed to the system browser: https only, a real host, no credentials. */
export function isSafeExternalUrl(candidate: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  if (!url.hostname || url.username || url.password) return false;
  return true;
}
