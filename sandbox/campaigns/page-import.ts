// campaign_create with a url: the service fetches a page from the internet on the caller's behalf. A
// real service must not be a way into its own network, so the sandbox behaves as one should: it connects
// only to public addresses (checked on the address it actually connects to, so a name that resolves to
// 127.0.0.1 or is re-pointed after a first look is refused too), follows no redirect, and reads a
// bounded body within a time limit.
import { lookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** How a page import is bounded. */
export interface PageImportOptions {
  /** Time for the whole fetch, connection to last byte (default 10 s). */
  timeoutMs?: number;
  /** Largest page read, in bytes (default 2 MB). */
  maxBytes?: number;
  /** Lets the page come from this computer or a private network: only for tests that serve the page themselves. */
  allowPrivateAddresses?: boolean;
}

const DEFAULTS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 };

/** Ranges no page import connects to: this host, private networks, link-local, carrier NAT, multicast and reserved ones. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is on the public internet (an IPv4-mapped IPv6 address is judged as its IPv4 address). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** A refusal worded as the service answers it. */
class PageRefused extends Error {}

/** A DNS lookup that answers only public addresses, so the connection is made to an address that was checked. */
function publicLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = allowPrivate ? undefined : addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused || addresses.length === 0)
        return callback(
          new PageRefused(`${hostname} is not on the public internet (${refused?.address ?? 'no address'})`),
          '',
          0,
        );
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Reads the page given as url: its HTML, or why it was not imported (in the words the service answers). */
export async function importPage(
  url: string,
  options: PageImportOptions = {},
): Promise<{ html: string } | { problem: string }> {
  const { timeoutMs, maxBytes } = { ...DEFAULTS, ...options };
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { problem: 'The url option must be a full http(s) address' };
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:')
    return { problem: 'The url option must be a full http(s) address' };
  if (target.username || target.password) return { problem: 'The url option must not hold a user name or password' };
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) !== 0 && !options.allowPrivateAddresses && !isPublicAddress(literal))
    return { problem: `Unable to import the page at url: ${literal} is not on the public internet` };
  try {
    return { html: await fetchBounded(target, timeoutMs, maxBytes, options.allowPrivateAddresses === true) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'network error';
    return { problem: `Unable to import the page at url: ${reason}` };
  }
}

/** One GET, no redirect followed, at most maxBytes read, given up after timeoutMs. */
function fetchBounded(target: URL, timeoutMs: number, maxBytes: number, allowPrivate: boolean): Promise<string> {
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      target,
      {
        method: 'GET',
        lookup: publicLookup(allowPrivate),
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'text/html', 'user-agent': 'venue-desk-sandbox page import' },
      },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.destroy();
          return reject(new PageRefused(`it redirects (HTTP ${status}); give the address of the page itself`));
        }
        if (status < 200 || status >= 300) {
          response.destroy();
          return reject(new PageRefused(`it answered HTTP ${status}`));
        }
        if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
          response.destroy();
          return reject(new PageRefused(`the page is larger than ${maxBytes} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new PageRefused(`the page is larger than ${maxBytes} bytes`));
          } else chunks.push(chunk);
        });
        response.on('end', () => resolve(new TextDecoder().decode(Buffer.concat(chunks))));
        response.on('error', reject);
      },
    );
    outgoing.on('error', (error: Error) =>
      reject(error.name === 'AbortError' ? new PageRefused(`no answer within ${timeoutMs / 1000} s`) : error),
    );
    outgoing.end();
  });
}
