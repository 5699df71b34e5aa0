import { UserFacingError } from '../../../shared/bridge/result';
import type { DeliveryOutcome } from './outcomes';
import {
  isRowOfKind,
  OUTBOX_KIND_SPECS,
  type HoldFacts,
  type OutboxKind,
  type OutboxPayloads,
  type OutboxRow,
  type Problem,
} from './types';

/** What applying an outcome needs besides the row: the time and the retry policy. */
export interface TransitionContext {
  now: number;
  maxAttempts: number;
  reconcileAfterMs: number;
  /** The backoff before the next attempt, given the attempts made so far and a Retry-After. */
  delay(attempts: number, retryAfterMs?: number): number;
}

const CLEARED = { problem: null, hold: null, waitingReason: null, nextAttemptAt: null } as const;

/** The entry after a delivery attempt ended as `outcome`. */
export function applyOutcome<K extends OutboxKind>(
  row: OutboxRow<K>,
  outcome: DeliveryOutcome<K>,
  ctx: TransitionContext,
): OutboxRow<K> {
  if (outcome.type === 'unknown' && isRowOfKind(row, 'add_purchase')) {
    // The API cannot read purchases back, so an unknown outcome cannot be reconciled: a person decides.
    const facts = {
      txId: row.payload.tx_id ?? '',
      whatHappened: `${outcome.reason} The service may or may not have recorded this purchase.`,
      at: ctx.now,
    };
    return applyOutcome(row, { type: 'hold', facts }, ctx);
  }
  const base = { ...row, updatedAt: ctx.now };
  switch (outcome.type) {
    case 'sent':
      return {
        ...base,
        ...CLEARED,
        state: 'sent',
        attempts: row.attempts + 1,
        sentAt: ctx.now,
        outcomeUnknownAt: null,
        result: outcome.result ?? null,
      };
    case 'offline':
    case 'paused':
      // Not the entry's fault and nothing reached the service: no attempt is spent.
      return { ...base, state: 'queued', waitingReason: null, nextAttemptAt: null };
    case 'failed':
      return { ...base, ...CLEARED, state: 'needs_attention', attempts: row.attempts + 1, problem: outcome.problem };
    case 'hold':
      return {
        ...base,
        ...CLEARED,
        state: 'needs_attention',
        attempts: row.attempts + 1,
        outcomeUnknownAt: row.outcomeUnknownAt ?? outcome.facts.at,
        hold: outcome.facts,
        problem: holdProblem(outcome.facts),
      };
    case 'retry':
    case 'unknown': {
      const attempts = row.attempts + 1;
      const unknown = outcome.type === 'unknown';
      const outcomeUnknownAt = unknown ? (row.outcomeUnknownAt ?? ctx.now) : row.outcomeUnknownAt;
      if (attempts >= ctx.maxAttempts) {
        return {
          ...base,
          ...CLEARED,
          state: 'needs_attention',
          attempts,
          outcomeUnknownAt,
          problem: {
            message: `Tried ${attempts} times without success. The last answer: ${outcome.reason}`,
            whatToDo: 'Press Resend to try again, or discard it.',
          },
        };
      }
      const retryAfterMs = outcome.type === 'retry' ? outcome.retryAfterMs : undefined;
      const wait = Math.max(ctx.delay(attempts, retryAfterMs), unknown ? ctx.reconcileAfterMs : 0);
      return {
        ...base,
        ...CLEARED,
        state: 'waiting',
        attempts,
        outcomeUnknownAt,
        waitingReason: outcome.reason,
        nextAttemptAt: ctx.now + wait,
      };
    }
  }
}

/**
 * An entry found `sending` at start: the desk stopped mid-call, so the outcome is unknown. Messages
 * and guests are looked up before they are sent again, and not at once: the interrupted request may
 * still land, so the look-up waits the reconcile delay. A purchase cannot be looked up: a person decides.
 */
export function recoverInterrupted(row: OutboxRow, now: number, reconcileAfterMs: number): OutboxRow {
  if (row.kind === 'add_purchase') {
    const facts: HoldFacts = {
      txId: String(row.payload.tx_id ?? ''),
      whatHappened: 'The desk stopped while this purchase was being sent; the service may or may not have recorded it.',
      at: row.updatedAt,
    };
    return {
      ...row,
      ...CLEARED,
      state: 'needs_attention',
      updatedAt: now,
      outcomeUnknownAt: row.updatedAt,
      hold: facts,
      problem: holdProblem(facts),
    };
  }
  return {
    ...row,
    ...CLEARED,
    state: 'waiting',
    updatedAt: now,
    outcomeUnknownAt: row.outcomeUnknownAt ?? row.updatedAt,
    waitingReason:
      'The desk stopped while this was being sent. It is checked with the service before it is sent again.',
    nextAttemptAt: now + reconcileAfterMs,
  };
}

/**
 * Staff asked to send it again now (from needs attention, waiting or queued). An entry whose earlier
 * try may have gone out is still looked up first, and no sooner than the reconcile delay after that try.
 */
export function resend(row: OutboxRow, now: number, reconcileAfterMs: number): OutboxRow {
  if (row.hold)
    throw new UserFacingError('This purchase is held for a decision: choose "It was recorded" or "Send again".');
  if (row.state !== 'needs_attention' && row.state !== 'waiting' && row.state !== 'queued')
    throw notNow(row, 'sent again');
  const lookUpAt = row.outcomeUnknownAt === null ? null : row.updatedAt + reconcileAfterMs;
  if (lookUpAt !== null && lookUpAt > now) {
    return {
      ...row,
      ...CLEARED,
      state: 'waiting',
      attempts: 0,
      updatedAt: now,
      nextAttemptAt: lookUpAt,
      waitingReason: 'Checking first whether the earlier try went out.',
    };
  }
  return { ...row, ...CLEARED, state: 'queued', attempts: 0, updatedAt: now };
}

/** Staff changed a message or guest before it went out; the payload was validated by the caller. */
export function edit<K extends OutboxKind>(row: OutboxRow<K>, payload: OutboxPayloads[K], now: number): OutboxRow<K> {
  if (!OUTBOX_KIND_SPECS[row.kind].editable)
    throw new UserFacingError('Only messages and guests can be edited; discard this entry and enter it again.');
  if (row.state === 'sending' || row.state === 'sent' || row.state === 'discarded') throw notNow(row, 'edited');
  return { ...row, ...CLEARED, state: 'queued', attempts: 0, payload, updatedAt: now };
}

/** Staff decided not to send it. */
export function discard(row: OutboxRow, now: number): OutboxRow {
  if (row.state === 'sending' || row.state === 'sent' || row.state === 'discarded') throw notNow(row, 'discarded');
  return { ...row, ...CLEARED, state: 'discarded', updatedAt: now };
}

/** A person's decision on a held purchase, having checked the service. */
export function decide(row: OutboxRow, decision: 'it-was-recorded' | 'send-again', now: number): OutboxRow {
  if (!row.hold || row.state !== 'needs_attention' || row.kind !== 'add_purchase')
    throw new UserFacingError('This entry is not waiting for a decision.');
  if (decision === 'it-was-recorded') {
    return {
      ...row,
      ...CLEARED,
      state: 'sent',
      sentAt: now,
      updatedAt: now,
      outcomeUnknownAt: null,
      result: { tx_id: row.hold.txId, confirmedBy: 'staff' },
    };
  }
  return { ...row, ...CLEARED, state: 'queued', attempts: 0, outcomeUnknownAt: null, updatedAt: now };
}

/** A dependant whose new guest was discarded before it reached the service. */
export function orphan(row: OutboxRow, now: number): OutboxRow {
  return {
    ...row,
    ...CLEARED,
    state: 'needs_attention',
    updatedAt: now,
    problem: {
      message: 'The new guest this belongs to was discarded before it reached the service.',
      whatToDo: 'Discard this too, or record the guest again and enter it for them.',
    },
  };
}

/** The facts of a held purchase, worded for the Outbox screen. */
export function holdProblem(facts: HoldFacts): Problem {
  return {
    message: `${facts.whatHappened} (transaction ${facts.txId}, at ${new Date(facts.at).toISOString()})`,
    whatToDo: `Check the guest's purchases in the service for transaction ${facts.txId}, then choose "It was recorded" or "Send again".`,
  };
}

/** The refusal when an action does not fit the entry's state. */
function notNow(row: Pick<OutboxRow, 'state'>, action: string): UserFacingError {
  const why =
    row.state === 'sending'
      ? 'it is being sent right now'
      : row.state === 'sent'
        ? 'it was already sent'
        : row.state === 'discarded'
          ? 'it was discarded'
          : `it is ${row.state}`;
  return new UserFacingError(`This entry cannot be ${action}: ${why}.`);
}
