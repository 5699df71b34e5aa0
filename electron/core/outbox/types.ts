import type { z } from 'zod';
import type { existingGuest, outboxItemView, outboxKind, outboxProblem, outboxState, outboxSummary } from '../../../shared/bridge/channels/outbox';

/** The kinds of write the outbox carries (ARCHITECTURE §5). */
export type OutboxKind = z.output<typeof outboxKind>;
/** The states staff see. */
export type OutboxState = z.output<typeof outboxState>;
/** A state as stored: the visible ones, plus discarded (kept for the record, never shown). */
export type StoredState = OutboxState | 'discarded';
/** One entry as the bridge carries it to the Outbox screen. */
export type OutboxItemView = z.output<typeof outboxItemView>;
/** Counts per state, paused kinds, and whether the service answers. */
export type OutboxSummary = z.output<typeof outboxSummary>;

export const OUTBOX_KINDS: readonly OutboxKind[] = ['sms', 'email', 'push_contact', 'add_purchase', 'push_reservations', 'campaign_send'];
export const OUTBOX_STATES: readonly OutboxState[] = ['queued', 'sending', 'waiting', 'needs_attention', 'sent'];
/** Kinds the service takes as arrays: several entries go in one call. */
export const BULK_KINDS: ReadonlySet<OutboxKind> = new Set(['push_contact', 'add_purchase', 'push_reservations']);
/**
 * Kinds a blind resend would duplicate (a second message, a second purchase): their claim must be on
 * disk before the call. Guest and booking pushes reconcile by pull_db or upsert by id instead.
 */
export const CLAIM_MUST_BE_FLUSHED: ReadonlySet<OutboxKind> = new Set(['sms', 'email', 'add_purchase', 'campaign_send']);
/** Kinds staff may edit before they go out. */
export const EDITABLE_KINDS: ReadonlySet<OutboxKind> = new Set(['sms', 'email', 'push_contact']);

/** A JSON object as the service takes it. */
export type Payload = Record<string, unknown>;

/** Why an entry needs attention: the service's own words where it gave them, what to do, and the guests it names. */
export type Problem = z.output<typeof outboxProblem>;
/** A guest the service already has, named by a refused new guest. */
export type ExistingGuest = z.output<typeof existingGuest>;

/** The facts kept with an entry held for a person's decision (a purchase whose outcome is unknown). */
export interface HoldFacts {
  txId: string;
  /** What happened, in staff's words. */
  whatHappened: string;
  /** When the call was made (ms since the epoch). */
  at: number;
}

/** One row of outbox_items, decoded. */
export interface OutboxRow {
  seq: number;
  id: string;
  kind: OutboxKind;
  state: StoredState;
  account: string;
  guestKey: string;
  payload: Payload;
  referenceId: string | null;
  createsLocalId: string | null;
  needsLocalId: string | null;
  attempts: number;
  nextAttemptAt: number | null;
  waitingReason: string | null;
  outcomeUnknownAt: number | null;
  problem: Problem | null;
  hold: HoldFacts | null;
  result: Payload | null;
  createdAt: number;
  updatedAt: number;
  sentAt: number | null;
}

/** Time as the outbox uses it: injected so tests drive it by hand. */
export interface OutboxClock {
  now(): number;
  /** Calls back after `ms`; returns a function that cancels. Must not keep a process alive. */
  setTimeout(callback: () => void, ms: number): () => void;
}

/** The real clock. */
export const systemClock: OutboxClock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const timer = setTimeout(callback, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};
