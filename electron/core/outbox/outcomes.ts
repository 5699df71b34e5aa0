import type { HoldFacts, OutboxKind, OutboxResults, Problem } from './types';

/** What one delivery attempt came to, for one entry of kind K. Senders return these; they never throw. */
export type DeliveryOutcome<K extends OutboxKind = OutboxKind> =
  /** Delivered (or found already delivered), with what the service gave back. `contactId` is the service's id of a guest pushed under a local id. */
  | { type: 'sent'; result?: OutboxResults[K]; contactId?: string }
  /** A transient failure: counted, then tried again after a backoff (at least `retryAfterMs`). */
  | { type: 'retry'; reason: string; retryAfterMs?: number }
  /** The call may or may not have taken effect: counted, and reconciled before anything is sent again. */
  | { type: 'unknown'; reason: string }
  /** No connection: not counted; the breaker opens. */
  | { type: 'offline' }
  /** The service cannot take this kind now (no credits): not counted; the kind is paused. */
  | { type: 'paused'; reason: string }
  /** The service refused it for good: staff must fix, resend or discard. */
  | { type: 'failed'; problem: Problem }
  /** The outcome is unknown and cannot be looked up: a person decides. */
  | { type: 'hold'; facts: HoldFacts };

/** Any outcome but sent: what a failed call or a refusal comes to, for an entry of any kind. */
export type UnsentOutcome = Exclude<DeliveryOutcome, { type: 'sent' }>;
