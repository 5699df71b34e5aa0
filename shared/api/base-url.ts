/** The service address without a trailing slash, refusing anything that is not http(s). */
export function normaliseBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`Not a web address: ${baseUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`The service address must start with http:// or https:// (got ${url.protocol})`);
  return url.href.replace(/\/+$/, '');
}
