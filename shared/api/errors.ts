// Typed failures of a service call. Messages never carry the API key: callers pass text through redactApiKey first.

/** The kinds of failure, used as a discriminant (`switch (error.kind)`). */
export type ServiceCallErrorKind =
  | 'no-connection'
  | 'outcome-unknown'
  | 'http-status'
  | 'service-failure'
  | 'invalid-response'
  | 'invalid-request'
  | 'response-too-large';

/** Base of every failure of a service call; `method` is the API method name (e.g. `push_contact`). */
export abstract class ServiceCallError extends Error {
  abstract readonly kind: ServiceCallErrorKind;
  readonly method: string;

  constructor(method: string, message: string) {
    super(message);
    this.method = method;
  }
}

/** Nothing reached the service (refused, DNS failure, unreachable network): safe to retry as is. */
export class NoConnectionError extends ServiceCallError {
  readonly kind = 'no-connection';
  override readonly name: string = 'NoConnectionError';
  /** The low-level code when known (e.g. ECONNREFUSED, ENOTFOUND). */
  readonly code: string | undefined;

  constructor(method: string, message: string, code?: string) {
    super(method, message);
    this.code = code;
  }
}

/** Why the outcome of a call is unknown. */
export type OutcomeUnknownReason = 'timeout' | 'connection-lost' | 'invalid-response';

/**
 * The request may have reached the service but no usable answer came back: our timeout, a reset after
 * sending, or (for writes) an answer that could not be understood. A write may or may not have happened.
 */
export class OutcomeUnknownError extends ServiceCallError {
  readonly kind = 'outcome-unknown';
  override readonly name: string = 'OutcomeUnknownError';
  readonly reason: OutcomeUnknownReason;
  /** The low-level code when known (e.g. ECONNRESET, UND_ERR_SOCKET). */
  readonly code: string | undefined;

  constructor(method: string, message: string, reason: OutcomeUnknownReason, code?: string) {
    super(method, message);
    this.reason = reason;
    this.code = code;
  }
}

/**
 * The service answered with an HTTP status that is about the call rather than its content: 401 (the key),
 * 408/429/5xx (not now), or any other non-2xx without a `result:false` body.
 */
export class HttpStatusError extends ServiceCallError {
  readonly kind = 'http-status';
  override readonly name: string = 'HttpStatusError';
  readonly status: number;
  /** How long the service asked us to wait (from Retry-After, seconds or HTTP-date), when it said. */
  readonly retryAfterMs: number | undefined;
  /** The service's words when the body was a failure envelope (e.g. "Invalid API key"), redacted. */
  readonly serviceMessage: string | undefined;

  constructor(method: string, message: string, status: number, retryAfterMs?: number, serviceMessage?: string) {
    super(method, message);
    this.status = status;
    this.retryAfterMs = retryAfterMs;
    this.serviceMessage = serviceMessage;
  }
}

/**
 * The service answered with a redirect (3xx). The client never follows one: the API key is in the path and
 * would go to the new address. `locationOrigin` says where it pointed (scheme, host, port; never a path).
 */
export class RedirectRefusedError extends HttpStatusError {
  override readonly name: string = 'RedirectRefusedError';
  readonly locationOrigin: string | undefined;

  constructor(method: string, status: number, locationOrigin: string | undefined) {
    const where = locationOrigin ? ` to ${locationOrigin}` : '';
    super(
      method,
      `${method}: the service answered with a redirect (HTTP ${status})${where}; the desk does not follow redirects, so check the service address`,
      status,
    );
    this.locationOrigin = locationOrigin;
  }
}

/**
 * The answer was larger than the client reads for this method, so it was not read. For a write the service
 * may have acted (treat as an unknown outcome); a read will not get smaller by being repeated.
 */
export class ResponseTooLargeError extends ServiceCallError {
  readonly kind = 'response-too-large';
  override readonly name: string = 'ResponseTooLargeError';
  readonly limitBytes: number;

  constructor(method: string, limitBytes: number) {
    super(
      method,
      `${method}: the answer was larger than ${formatBytes(limitBytes)}, more than this method can return; it was not read and the service may have acted on the request`,
    );
    this.limitBytes = limitBytes;
  }
}

/** A byte count as people read it (16 MB). */
function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The service refused the call in its own words (`result:false`); the message is the service's, to show staff. */
export class ServiceFailureError extends ServiceCallError {
  readonly kind = 'service-failure';
  override readonly name: string = 'ServiceFailureError';
  /** The service's message (`message`, or `error` for categories), redacted of the API key. */
  readonly serviceMessage: string;
  /** The numeric code of the body, when the service gave one (e.g. 400, 6XX of campaign_verify). */
  readonly code: number | undefined;
  /** The HTTP status the refusal came with (200 unless the service used another). */
  readonly httpStatus: number;

  constructor(method: string, serviceMessage: string, code: number | undefined, httpStatus: number) {
    super(
      method,
      `${method}: the service refused: ${serviceMessage || '(no message)'}${code === undefined ? '' : ` (code ${code})`}`,
    );
    this.serviceMessage = serviceMessage;
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

/** request_token was refused; carries the service's clock (Date header) so the desk can tell whether ours is off. */
export class TokenRefusedError extends ServiceFailureError {
  override readonly name: string = 'TokenRefusedError';
  /** The service's time from the response's Date header, when present. */
  readonly serverDate: Date | undefined;
  /** Our clock minus the service's, in ms (positive: this computer is ahead), when the Date header was present. */
  readonly clockSkewMs: number | undefined;

  constructor(
    serviceMessage: string,
    code: number | undefined,
    httpStatus: number,
    serverDate: Date | undefined,
    sentAt: Date,
  ) {
    super('request_token', serviceMessage, code, httpStatus);
    this.serverDate = serverDate;
    this.clockSkewMs = serverDate ? sentAt.getTime() - serverDate.getTime() : undefined;
  }

  /** Whether the clocks differ by more than the service's one-minute nonce tolerance (reference §5.3). */
  get clockLikelyOff(): boolean {
    return this.clockSkewMs !== undefined && Math.abs(this.clockSkewMs) > 60_000;
  }
}

/** A read got an answer that does not match its documented shape (writes report OutcomeUnknownError instead). */
export class InvalidResponseError extends ServiceCallError {
  readonly kind = 'invalid-response';
  override readonly name: string = 'InvalidResponseError';
}

/** The request did not match the method's declaration; nothing was sent. A bug of the caller, not of the line. */
export class InvalidRequestError extends ServiceCallError {
  readonly kind = 'invalid-request';
  override readonly name: string = 'InvalidRequestError';
}

/** Whether retrying the same call later could succeed without changing it. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ServiceCallError)) return false;
  if (error.kind === 'no-connection' || error.kind === 'outcome-unknown') return true;
  return error instanceof HttpStatusError && (error.status === 408 || error.status === 429 || error.status >= 500);
}
