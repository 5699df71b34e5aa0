import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The cookie that carries the launch token after the first visit, so assets and the socket need no query. */
export const TOKEN_COOKIE = 'venue_desk_token';

/** A fresh random per-launch token. */
export function newAccessToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Compares two tokens in constant time. */
export function tokensMatch(expected: string, candidate: string | undefined | null): boolean {
  if (!candidate) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(candidate);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token a request presents: `?token=` first, then the cookie. */
export function presentedToken(request: IncomingMessage): string | undefined {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const fromQuery = url.searchParams.get('token');
  if (fromQuery) return fromQuery;
  const cookies = request.headers.cookie ?? '';
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return value.join('=');
  }
  return undefined;
}

/** Whether the Host header names our own loopback address (refuses DNS-rebinding pages). */
export function isOwnHost(request: IncomingMessage, port: number): boolean {
  const host = request.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}
