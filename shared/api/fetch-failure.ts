import { NoConnectionError, OutcomeUnknownError, type ServiceCallError } from './errors';

/**
 * Low-level codes that mean nothing reached the service: the connection was never made (refused, name not
 * resolved, network unreachable, TLS handshake refused), so the request body was never sent.
 */
const NOT_CONNECTED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EAI_FAIL',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Error codes found on a fetch failure's cause chain (undici puts them on `cause`, or on each error of an AggregateError). */
function causeCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, errors, cause } = current as { code?: unknown; errors?: unknown; cause?: unknown };
    if (typeof code === 'string') codes.push(code);
    if (Array.isArray(errors)) for (const inner of errors) codes.push(...causeCodes(inner));
    current = cause;
  }
  return codes;
}

/** Whether undici refused the URL before connecting (a port fetch blocks, a malformed address). */
function isRefusedBeforeConnecting(error: unknown): boolean {
  const cause = (error as { cause?: unknown })?.cause;
  return cause instanceof Error && /^(bad port|invalid url)/i.test(cause.message);
}

/**
 * Turns what `fetch` threw into a typed error. The rule: only when we know the connection was never made
 * (a code of NOT_CONNECTED_CODES, or every address refused) is it NoConnectionError, safe to resend. Our own
 * timeout, a reset or socket error after connecting (ECONNRESET, UND_ERR_SOCKET, EPIPE), and anything we
 * cannot tell apart (a browser's bare "Failed to fetch") are OutcomeUnknownError, because the service may
 * have received and acted on the request. `timedOut` says our timer aborted the call.
 */
export function classifyFetchFailure(
  error: unknown,
  method: string,
  timedOut: boolean,
  timeoutMs: number,
): ServiceCallError {
  if (timedOut) {
    return new OutcomeUnknownError(
      method,
      `${method}: no answer within ${Math.round(timeoutMs / 1000)} s; the service may have acted on the request`,
      'timeout',
      'TIMEOUT',
    );
  }
  const codes = causeCodes(error);
  const notConnected = codes.length > 0 && codes.every((code) => NOT_CONNECTED_CODES.has(code));
  if (notConnected || isRefusedBeforeConnecting(error)) {
    const code = codes[0];
    return new NoConnectionError(
      method,
      `${method}: could not reach the service${code ? ` (${code})` : ''}; nothing was sent`,
      code,
    );
  }
  const code = codes[0];
  return new OutcomeUnknownError(
    method,
    `${method}: the connection failed after the request was sent${code ? ` (${code})` : ''}; the service may have acted on it`,
    'connection-lost',
    code,
  );
}
