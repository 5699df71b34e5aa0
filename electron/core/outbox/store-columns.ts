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

/** Every column of a row: its seq, the columns an insert writes, and the contact id learned later (RawTuple's order). */
export const RAW_COLUMNS = `seq, ${INSERTED_COLUMNS}, learned_contact_id`;

/**
 * A row read as an array of RAW_COLUMNS: SQLite hands over arrays faster than objects of 21 named fields (a
 * claim of an import's 100,000 entries took about 3.5 µs less per entry).
 */
export type RawTuple = [seq: number, ...inserted: InsertedValues, learnedContactId: string | null];

/** A row read as an array, as the object SQLite would have made. */
export function rawRowOf(tuple: RawTuple): RawRow {
  const [
    seq,
    id,
    kind,
    account,
    guestKey,
    payload,
    referenceId,
    createsLocalId,
    needsLocalId,
    createdAt,
    state,
    attempts,
    nextAttemptAt,
    waitingReason,
    outcomeUnknownAt,
    problem,
    hold,
    result,
    updatedAt,
    sentAt,
    learnedContactId,
  ] = tuple;
  return {
    seq,
    id,
    kind,
    state,
    account,
    guest_key: guestKey,
    payload,
    reference_id: referenceId,
    creates_local_id: createsLocalId,
    needs_local_id: needsLocalId,
    attempts,
    next_attempt_at: nextAttemptAt,
    waiting_reason: waitingReason,
    outcome_unknown_at: outcomeUnknownAt,
    problem,
    hold,
    result,
    created_at: createdAt,
    updated_at: updatedAt,
    sent_at: sentAt,
    learned_contact_id: learnedContactId,
  };
}

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
