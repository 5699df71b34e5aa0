// How an outbox entry is written to and read from its SQLite row: the columns each statement binds, in order,
// and the row decoded (store.ts holds the statements).
import { outboxRow, type NewOutboxRow, type OutboxKind, type OutboxRow, type StoredState } from './types';

/** A row as SQLite returns it. */
export interface RawRow {
  seq: number;
  id: string;
  kind: OutboxKind;
  state: StoredState;
  account: string;
  guest_key: string;
  payload: string;
  reference_id: string | null;
  creates_local_id: string | null;
  needs_local_id: string | null;
  attempts: number;
  next_attempt_at: number | null;
  waiting_reason: string | null;
  outcome_unknown_at: number | null;
  problem: string | null;
  hold: string | null;
  result: string | null;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
  learned_contact_id: string | null;
}

/** Every column of a row, in RawRow's order: what a statement read as arrays (RawTuple) returns. */
export const RAW_COLUMNS = `seq, id, kind, state, account, guest_key, payload, reference_id, creates_local_id, needs_local_id,
  attempts, next_attempt_at, waiting_reason, outcome_unknown_at, problem, hold, result, created_at, updated_at, sent_at,
  learned_contact_id`;

/**
 * A row read as an array of RAW_COLUMNS: SQLite hands over arrays faster than objects of 21 named fields (a
 * claim of an import's 100,000 entries took about 3.5 µs less per entry).
 */
export type RawTuple = [
  seq: number,
  id: string,
  kind: OutboxKind,
  state: StoredState,
  account: string,
  guestKey: string,
  payload: string,
  referenceId: string | null,
  createsLocalId: string | null,
  needsLocalId: string | null,
  attempts: number,
  nextAttemptAt: number | null,
  waitingReason: string | null,
  outcomeUnknownAt: number | null,
  problem: string | null,
  hold: string | null,
  result: string | null,
  createdAt: number,
  updatedAt: number,
  sentAt: number | null,
  learnedContactId: string | null,
];

/** A row read as an array, as the object SQLite would have made. */
export function rawRowOf(tuple: RawTuple): RawRow {
  return {
    seq: tuple[0],
    id: tuple[1],
    kind: tuple[2],
    state: tuple[3],
    account: tuple[4],
    guest_key: tuple[5],
    payload: tuple[6],
    reference_id: tuple[7],
    creates_local_id: tuple[8],
    needs_local_id: tuple[9],
    attempts: tuple[10],
    next_attempt_at: tuple[11],
    waiting_reason: tuple[12],
    outcome_unknown_at: tuple[13],
    problem: tuple[14],
    hold: tuple[15],
    result: tuple[16],
    created_at: tuple[17],
    updated_at: tuple[18],
    sent_at: tuple[19],
    learned_contact_id: tuple[20],
  };
}

/** The columns of a new entry, in the order insertedValues gives them. */
export const INSERTED_COLUMNS = `id, kind, account, guest_key, payload, reference_id, creates_local_id, needs_local_id, created_at,
  state, attempts, next_attempt_at, waiting_reason, outcome_unknown_at, problem, hold, result, updated_at, sent_at`;

/** The columns delivery changes, in the order the insert, save and saveStates bind them. */
type DeliveryValues = [
  state: StoredState,
  attempts: number,
  nextAttemptAt: number | null,
  waitingReason: string | null,
  outcomeUnknownAt: number | null,
  problem: string | null,
  hold: string | null,
  result: string | null,
  updatedAt: number,
  sentAt: number | null,
];

/** A row's delivery columns for SQLite, in DeliveryValues' order. */
function deliveryValues<K extends OutboxKind>(row: NewOutboxRow<K>): DeliveryValues {
  return [
    row.state,
    row.attempts,
    row.nextAttemptAt,
    row.waitingReason,
    row.outcomeUnknownAt,
    row.problem && JSON.stringify(row.problem),
    row.hold && JSON.stringify(row.hold),
    row.result && JSON.stringify(row.result),
    row.updatedAt,
    row.sentAt,
  ];
}

/** A new row's values, in INSERTED_COLUMNS' order. */
export type InsertedValues = [
  id: string,
  kind: OutboxKind,
  account: string,
  guestKey: string,
  payload: string,
  referenceId: string | null,
  createsLocalId: string | null,
  needsLocalId: string | null,
  createdAt: number,
  ...delivery: DeliveryValues,
];

/** A new row's columns for the insert, in its statement's order. */
export function insertedValues<K extends OutboxKind>(row: NewOutboxRow<K>): InsertedValues {
  return [
    row.id,
    row.kind,
    row.account,
    row.guestKey,
    JSON.stringify(row.payload),
    row.referenceId,
    row.createsLocalId,
    row.needsLocalId,
    row.createdAt,
    ...deliveryValues(row),
  ];
}

/** The columns saveStates writes, in its statement's order (the entry's seq last, for WHERE). */
export function stateValues(row: OutboxRow): [...DeliveryValues, seq: number] {
  return [...deliveryValues(row), row.seq];
}

/** The columns save writes, in SAVED_COLUMNS' order (the entry's id last, for WHERE). */
export type SavedValues = [...DeliveryValues, payload: string, needsLocalId: string | null, id: string];

/** What save sets, in SavedValues' order: the delivery columns, then the payload and the local id it waits on. */
export const SAVED_COLUMNS = `state = ?, attempts = ?, next_attempt_at = ?, waiting_reason = ?, outcome_unknown_at = ?, problem = ?,
  hold = ?, result = ?, updated_at = ?, sent_at = ?, payload = ?, needs_local_id = ?`;

/** An entry's mutable columns for save, in SavedValues' order. */
export function savedValues(row: OutboxRow): SavedValues {
  return [...deliveryValues(row), JSON.stringify(row.payload), row.needsLocalId, row.id];
}

/**
 * A row from SQLite, decoded. Its payload was checked against its kind's schema when it was
 * queued or edited (prepareEntry), and its result built by its kind's sender (DeliveryOutcome<K>),
 * the only ways in; JSON.parse gives them back as they were written.
 */
export function decode(raw: RawRow): OutboxRow {
  const payload = JSON.parse(raw.payload);
  const result = raw.result === null ? null : JSON.parse(raw.result);
  return outboxRow(
    raw.kind,
    payload,
    result,
    {
      id: raw.id,
      state: raw.state,
      account: raw.account,
      guestKey: raw.guest_key,
      referenceId: raw.reference_id,
      createsLocalId: raw.creates_local_id,
      needsLocalId: raw.needs_local_id,
      attempts: raw.attempts,
      nextAttemptAt: raw.next_attempt_at,
      waitingReason: raw.waiting_reason,
      outcomeUnknownAt: raw.outcome_unknown_at,
      problem: raw.problem === null ? null : JSON.parse(raw.problem),
      hold: raw.hold === null ? null : JSON.parse(raw.hold),
      createdAt: raw.created_at,
      updatedAt: raw.updated_at,
      sentAt: raw.sent_at,
    },
    raw.seq,
  );
}
