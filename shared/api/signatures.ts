// Signatures of the partner API (reference §5), with Web Crypto only so they run in Node 20 and browsers alike.
import { formatServiceDateTime } from '../rules/datetime';

/** How the sign-in link's HMAC is keyed: the reference's text says sha1(secret), its sample code the secret itself. */
export type SigninKeying = 'secret' | 'sha1-of-secret';

const encoder = new TextEncoder();

/** Lowercase hex of bytes. */
function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Hex SHA-1 of UTF-8 text. */
export async function sha1Hex(text: string): Promise<string> {
  return toHex(await globalThis.crypto.subtle.digest('SHA-1', encoder.encode(text)));
}

/** Hex HMAC-SHA256 of UTF-8 text keyed with the UTF-8 bytes of `key`. */
export async function hmacSha256Hex(key: string, text: string): Promise<string> {
  const cryptoKey = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toHex(await globalThis.crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(text)));
}

/** The request_token `signature` header: HMAC-SHA256 of `<username>.<sha1(password)>.<nonce>` keyed with sha1(password) (hex). */
export async function requestTokenSignature(input: {
  username: string;
  password: string;
  nonce: string;
}): Promise<string> {
  const passwordHash = await sha1Hex(input.password);
  return hmacSha256Hex(passwordHash, `${input.username}.${passwordHash}.${input.nonce}`);
}

/** The sign-in link's `signature`: HMAC-SHA256 of `<token>.<secret>.<nonce>`, keyed as `keying` says. */
export async function signinSignature(input: {
  token: string;
  secret: string;
  nonce: string;
  keying: SigninKeying;
}): Promise<string> {
  const key = input.keying === 'secret' ? input.secret : await sha1Hex(input.secret);
  return hmacSha256Hex(key, `${input.token}.${input.secret}.${input.nonce}`);
}

/** The nonce of request_token and sign-in links: the time in UTC as `YYYY-MM-DD HH:MM:SS`. */
export function formatNonce(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('formatNonce needs a valid date');
  return formatServiceDateTime(date, 'UTC');
}
