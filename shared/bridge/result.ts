/** Why a bridge call failed: the caller's fault (bad-request, unknown-channel) or the handler's (failed). */
export type BridgeErrorCode = 'bad-request' | 'unknown-channel' | 'failed';

/** What travels back over either transport: never a thrown error, so messages arrive intact. */
export type BridgeResult =
  { ok: true; value: unknown } | { ok: false; error: { code: BridgeErrorCode; message: string } };

/** The error a renderer call rejects with; `message` is written for the person at the desk. */
export class BridgeError extends Error {
  override readonly name = 'BridgeError';
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** An error a handler throws on purpose, whose message is safe and meant for staff. */
export class UserFacingError extends Error {
  override readonly name = 'UserFacingError';
}
