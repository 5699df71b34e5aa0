import type { IncomingMessage } from 'node:http';

/** A request's target as the host reads it: path and query, or null when it cannot be parsed. */
export interface RequestTarget {
  pathname: string;
  searchParams: URLSearchParams;
}

/**
 * Parses the request target (origin form `/path?query`, or an absolute `http://…` form). Anything `new URL`
 * cannot read (`http://x:99999/`) is null, so the caller answers 400 instead of throwing in a listener.
 */
export function parseRequestTarget(request: IncomingMessage): RequestTarget | null {
  const raw = request.url ?? '';
  if (!raw.startsWith('/') && !/^https?:\/\//i.test(raw)) return null;
  try {
    const url = new URL(raw, 'http://127.0.0.1');
    return { pathname: url.pathname, searchParams: url.searchParams };
  } catch {
    return null;
  }
}
