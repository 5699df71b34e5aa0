import type { z } from 'zod';
import type {
  existingGuest,
  outboxEntryChange,
  outboxItemView,
  outboxProblem,
  outboxSummary,
} from '../../../shared/bridge/channels/outbox';
import type { OutboxKind, OutboxPayloads, OutboxResults } from '../../../shared/outbox/kinds';
import type { OutboxState } from '../../../shared/outbox/states';

export {
  OUTBOX_KIND_SPECS,
  type OutboxKind,
  type OutboxPayload,
  type OutboxPayloads,
  type OutboxResults,
} from '../../../shared/outbox/kinds';
export type { OutboxState } from '../../../shared/outbox/states';

/** A state as stored: the visible ones, plus discarded (kept for the record, never shown). */
export type StoredState = OutboxState | 'discarded';
/** One entry as the bridge carries it to the Outbox screen. */
export type OutboxItemView = z.output<typeof outboxItemView>;
/** An entry that changed, as a change notice names it (id, kind, state as shown). */
export type OutboxEntryChange = z.output<typeof outboxEntryChange>;
/** Counts per state, paused kinds, and whether the service answers. */
export type OutboxSummary = z.output<typeof outboxSummary>;

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

/** The columns of an entry other than its kind, payload and result. */
export interface OutboxRowFacts {
  seq: number;
  id: string;
  state: StoredState;
  account: string;
  guestKey: string;
  referenceId: string | null;
  createsLocalId: string | null;
  needsLocalId: string | null;
  attempts: number;
  nextAttemptAt: number | null;
  waitingReason: string | null;
  outcomeUnknownAt: number | null;
  problem: Problem | null;
  hold: HoldFacts | null;
  createdAt: number;
  updatedAt: number;
  sentAt: number | null;
}

/** What is kind-specific in a row: its kind, its payload and, once sent, what the service gave back. */
type KindColumns<K extends OutboxKind> = { kind: K; payload: OutboxPayloads[K]; result: OutboxResults[K] | null };

/** One row of outbox_items, decoded: a union keyed by kind, each with its own payload and result types. */
export type OutboxRow<K extends OutboxKind = OutboxKind> = {
  [P in K]: OutboxRowFacts & KindColumns<P>;
}[K];

/** A new row, before SQLite gives it its sequence number. */
export type NewOutboxRow<K extends OutboxKind = OutboxKind> = {
  [P in K]: Omit<OutboxRowFacts, 'seq'> & KindColumns<P>;
}[K];

/** A row of kind K from its columns and its sequence number (the store decodes rows with it). */
export function outboxRow<K extends OutboxKind>(
  kind: K,
  payload: OutboxPayloads[K],
  result: OutboxResults[K] | null,
  facts: Omit<OutboxRowFacts, 'seq'>,
  seq: number,
): OutboxRow<K> {
  // Spelled out, not spread: every entry the outbox stores or reads is built here, an import's 100,000 several times
  // (spread, building them took about a sixth of claiming and queueing them, measured).
  return {
    seq,
    id: facts.id,
    kind,
    state: facts.state,
    account: facts.account,
    guestKey: facts.guestKey,
    payload,
    result,
    referenceId: facts.referenceId,
    createsLocalId: facts.createsLocalId,
    needsLocalId: facts.needsLocalId,
    attempts: facts.attempts,
    nextAttemptAt: facts.nextAttemptAt,
    waitingReason: facts.waitingReason,
    outcomeUnknownAt: facts.outcomeUnknownAt,
    problem: facts.problem,
    hold: facts.hold,
    createdAt: facts.createdAt,
    updatedAt: facts.updatedAt,
    sentAt: facts.sentAt,
  };
}

/** A guest push as the import's duplicate check reads it: with the id learned for its new guest, if any. */
export type GuestPush = OutboxRow<'push_contact'> & { learnedContactId: string | null };

/** Whether a row is of kind K (the dispatcher groups rows of one kind into a call). */
export function isRowOfKind<K extends OutboxKind>(row: { kind: OutboxKind }, kind: K): row is OutboxRow<K> {
  return row.kind === kind;
}

/** Prefix of guest keys the outbox made itself (a message's recipient, a new guest with no id yet), which are not guest ids. */
export const RECIPIENT_LANE_PREFIX = 'to:';

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
