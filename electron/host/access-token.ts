import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestTarget } from './request-target';

/**
 * The cookie that carries the launch token after the first visit, so assets and the socket need no query.
 * Cookies are shared by every port of a host, so the name carries the port: two desks on 127.0.0.1 keep
 * their own tokens instead of overwriting each other's.
 */
export function tokenCookieName(port: number): string {
  return `venue_desk_token_${port}`;
}

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

/** The tokens a request presents: `?token=` and this port's cookie (Vite's hot-reload socket has a `?token=` of its own). */
export function presentedTokens(request: IncomingMessage, target: RequestTarget, port: number): string[] {
  const tokens = target.searchParams.getAll('token');
  const name = tokenCookieName(port);
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) tokens.push(value.join('='));
  }
  return tokens;
}

/** Whether the Host header names our own loopback address (refuses DNS-rebinding pages). */
export function isOwnHost(request: IncomingMessage, port: number): boolean {
  const host = request.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** Whether the Origin header is our own page's (a WebSocket from another site carries its own). */
export function isOwnOrigin(request: IncomingMessage, port: number): boolean {
  const origin = request.headers.origin;
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}
