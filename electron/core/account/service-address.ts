import { UserFacingError } from '../../../shared/bridge/result';

/**
 * Checks a service address typed by staff: https, or http on this computer (the demo service).
 * Returns it without a trailing slash or version segment.
 */
export function normaliseServiceAddress(input: string): string {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(input.trim()) ? input.trim() : `https://${input.trim()}`);
  } catch {
    throw new UserFacingError(`"${input}" is not a web address. It looks like https://api.example.com.`);
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new UserFacingError('The service address must start with https:// so the API key travels encrypted.');
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new UserFacingError('Enter only the service address, without a user name, query or #part.');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '')}`;
}
