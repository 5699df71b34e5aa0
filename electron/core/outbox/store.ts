import type { Database } from 'better-sqlite3';
import type { LineEntry } from './line';
import {
  isRowOfKind,
  RECIPIENT_LANE_PREFIX,
  outboxRow,
  type GuestPush,
  type NewOutboxRow,
  type OutboxKind,
  type OutboxRow,
  type StoredState,
} from './types';

/** A row as SQLite returns it. */
interface RawRow {
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

/** An entry's columns that decide how it is shown (its state, kind, account, and whether it waits for a new guest). */
export interface EntryFacts {
  id: string;
  kind: OutboxKind;
  state: Exclude<StoredState, 'discarded'>;
  account: string;
  blocked: 0 | 1;
  createdAt: number;
}

/** What a change notice says of an entry as this process wrote it (as factsOf reads it), or null once it is discarded. */
export function rowFacts(row: OutboxRow): EntryFacts | null {
  if (row.state === 'discarded') return null;
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    account: row.account,
    blocked: row.needsLocalId === null ? 0 : 1,
    createdAt: row.createdAt,
  };
}

/** Counts of entries still to go, by what decides how they are shown. */
export interface CountRow {
  state: Exclude<StoredState, 'sent' | 'discarded'>;
  kind: OutboxKind;
  account: string;
  blocked: 0 | 1;
  count: number;
}

/** A kind paused by the service (no credits), and why. */
export interface PausedKind {
  kind: OutboxKind;
  reason: string;
  since: number;
}

/** Filters of a listing. */
export interface ListQuery {
  states?: readonly StoredState[];
  guestKey?: string;
  limit?: number;
  /** Only entries queued before this one (a seq): the next page of a newest-first listing. */
  beforeSeq?: number;
}

/** The columns of a new entry, in the order insertedValues gives them. */
const INSERTED_COLUMNS = `id, kind, account, guest_key, payload, reference_id, creates_local_id, needs_local_id, created_at,
  state, attempts, next_attempt_at, waiting_reason, outcome_unknown_at, problem, hold, result, updated_at, sent_at`;

/** Rows per statement of insertMany, largest first (the last is 1, so any number of rows fits). */
const INSERT_GROUPS = [16, 4, 1] as const;

/**
 * The inserts of several new rows a statement (insertMany), by rows per statement: each page the rows
 * share, with its statement journal and the count trigger's row, is written once per statement, not per row.
 */
function insertGroupStatements(db: Database) {
  return new Map(
    INSERT_GROUPS.map((size) => [
      size,
      db.prepare<Array<InsertedValues[number]>>(`
    INSERT INTO outbox_items (${INSERTED_COLUMNS}) VALUES ${Array.from(
      { length: size },
      () =>
        `(${INSERTED_COLUMNS.split(',')
          .map(() => '?')
          .join(', ')})`,
    ).join(', ')}`),
    ]),
  );
}

/** The statements about single entries: insert, save, claim, and the look-ups by id, reference and local id. */
function entryStatements(db: Database) {
  // Bound by position (an import inserts 100,000 of these): the values as insertedValues gives them.
  const insertStatement = db.prepare<InsertedValues>(`
    INSERT INTO outbox_items (${INSERTED_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const updateStatement = db.prepare(`
    UPDATE outbox_items SET state = @state, payload = @payload, needs_local_id = @needs_local_id, attempts = @attempts,
      next_attempt_at = @next_attempt_at, waiting_reason = @waiting_reason, outcome_unknown_at = @outcome_unknown_at,
      problem = @problem, hold = @hold, result = @result, updated_at = @updated_at, sent_at = @sent_at
    WHERE id = @id`);
  // Delivery changes an entry's state many times and its payload never: this leaves the payload be. One statement
  // writes a round's entries (a JSON array of their values, as stateValues gives them): a statement per entry
  // cost about a fifth more, measured on an import's 100,000.
  const updateStatesStatement = db.prepare<[string]>(`
    UPDATE outbox_items SET state = v.value ->> 0, attempts = v.value ->> 1, next_attempt_at = v.value ->> 2,
      waiting_reason = v.value ->> 3, outcome_unknown_at = v.value ->> 4, problem = v.value ->> 5, hold = v.value ->> 6,
      result = v.value ->> 7, updated_at = v.value ->> 8, sent_at = v.value ->> 9
    FROM json_each(?) AS v WHERE outbox_items.seq = v.value ->> 10`);
  // Conditional: a row another writer (a second desk process on this file) claimed, or a person
  // discarded, meanwhile is no longer in the line and is not returned, so it is not sent from here.
  const claimStatement = db.prepare<[{ now: number; ids: string }], RawRow>(`
    UPDATE outbox_items SET state = 'sending', updated_at = @now
    WHERE id IN (SELECT value FROM json_each(@ids)) AND state IN ('queued', 'waiting')
    RETURNING *`);
  const byId = db.prepare<[string], RawRow>('SELECT * FROM outbox_items WHERE id = ?');
  // What a change notice says of each entry: no payload or result is read or parsed.
  const factsByIds = db.prepare<[string], EntryFacts>(`
    SELECT id, kind, state, account, needs_local_id IS NOT NULL AS blocked, created_at AS createdAt FROM outbox_items
    WHERE id IN (SELECT value FROM json_each(?)) AND state != 'discarded'`);
  const byState = db.prepare<[string], RawRow>('SELECT * FROM outbox_items WHERE state = ? ORDER BY seq');
  const byReference = db.prepare<[string], { id: string }>('SELECT id FROM outbox_items WHERE reference_id = ?');
  const byCreatedLocalId = db.prepare<[string], RawRow>('SELECT * FROM outbox_items WHERE creates_local_id = ?');
  const dependants = db.prepare<[string], RawRow>(
    `SELECT * FROM outbox_items WHERE needs_local_id = ? AND state NOT IN ('sent', 'discarded') ORDER BY seq`,
  );
  // Guest pushes not yet sent, and those sent from a time on (the guest cache holds the earlier ones): each
  // half a range of its partial index (migration 007), so the read costs what it returns, not every push.
  const guestPushes = db.prepare<[{ account: string; after: number; sentFrom: number; limit: number }], RawRow>(`
    SELECT * FROM outbox_items WHERE seq IN (
      SELECT seq FROM outbox_items WHERE kind = 'push_contact' AND state NOT IN ('sent', 'discarded')
        AND account = @account AND seq > @after
      UNION ALL
      SELECT seq FROM outbox_items WHERE kind = 'push_contact' AND state = 'sent'
        AND account = @account AND sent_at >= @sentFrom AND seq > @after
    ) ORDER BY seq LIMIT @limit`);
  const unattributedGuestPushes = db.prepare<[{ account: string; sentFrom: number }], RawRow>(`
    SELECT * FROM outbox_items WHERE kind = 'push_contact' AND state = 'sent'
      AND account = @account AND sent_at >= @sentFrom AND learned_contact_id IS NULL
      AND json_extract(payload, '$.contact_id') IS NULL AND json_extract(result, '$.contact_id') IS NULL`);
  const learnContactId = db.prepare<[{ id: string; contactId: string }]>(
    `UPDATE outbox_items SET learned_contact_id = @contactId WHERE id = @id AND kind = 'push_contact'`,
  );
  return {
    insertStatement,
    insertGroupStatements: insertGroupStatements(db),
    updateStatement,
    updateStatesStatement,
    claimStatement,
    byId,
    factsByIds,
    byState,
    byReference,
    byCreatedLocalId,
    dependants,
    guestPushes,
    unattributedGuestPushes,
    learnContactId,
  };
}

/** The statements about the line, counts, local ids, paused kinds, and unsent or finished entries. */
function queueStatements(db: Database) {
  // The partial index keeps the line in enqueue order, so a page is a range scan without sorting.
  const line = db.prepare<
    [{ after: number; limit: number }],
    {
      seq: number;
      id: string;
      kind: OutboxKind;
      guest_key: string;
      account: string;
      next_attempt_at: number | null;
      needs_local_id: string | null;
      unknown: 0 | 1;
    }
  >(`
    SELECT seq, id, kind, guest_key, account, next_attempt_at, needs_local_id, outcome_unknown_at IS NOT NULL AS unknown
    FROM outbox_items INDEXED BY outbox_items_in_line
    WHERE state IN ('queued', 'waiting') AND seq > @after ORDER BY seq LIMIT @limit`);
  const nextWake = db.prepare<[string], { at: number | null }>(
    `SELECT MIN(next_attempt_at) AS at FROM outbox_items WHERE state = 'waiting' AND account = ?`,
  );
  // Kept by triggers as entries change (migration 006): no count over every pending entry per notice.
  const pendingCounts = db.prepare<[], CountRow>(`
    SELECT state, kind, account, blocked, count FROM outbox_counts
    WHERE state IN ('queued', 'waiting', 'sending', 'needs_attention') AND count > 0`);
  const sentCount = db.prepare<[], { count: number }>(
    `SELECT COALESCE(SUM(count), 0) AS count FROM outbox_counts WHERE state = 'sent'`,
  );
  const localIdLookup = db.prepare<[string], { contact_id: string }>(
    'SELECT contact_id FROM outbox_local_ids WHERE local_id = ?',
  );
  const insertLocalId = db.prepare(
    'INSERT OR REPLACE INTO outbox_local_ids (local_id, contact_id, resolved_at) VALUES (?, ?, ?)',
  );
  const paused = db.prepare<[], PausedKind>('SELECT kind, reason, since FROM outbox_paused_kinds ORDER BY since');
  const pause = db.prepare('INSERT OR REPLACE INTO outbox_paused_kinds (kind, reason, since) VALUES (?, ?, ?)');
  const resume = db.prepare('DELETE FROM outbox_paused_kinds WHERE kind = ?');
  // Unsent: anything not yet sent and not discarded. `except` keeps one account's entries (null keeps none).
  // From the counts kept by migration 006's triggers, as the badge's are.
  const unsentCount = db.prepare<[{ except: string | null }], { count: number }>(`
    SELECT COALESCE(SUM(count), 0) AS count FROM outbox_counts
    WHERE state IN ('queued', 'waiting', 'sending', 'needs_attention') AND (@except IS NULL OR account != @except)`);
  // What staff typed (guest details, message texts) is blanked: a discarded entry is kept only as a record that it existed.
  const discardUnsent = db.prepare<[{ except: string | null; now: number }], { id: string }>(`
    UPDATE outbox_items SET state = 'discarded', payload = '{}', next_attempt_at = NULL, waiting_reason = NULL, problem = NULL,
      hold = NULL, result = NULL, updated_at = @now
    WHERE state IN ('queued', 'waiting', 'sending', 'needs_attention') AND (@except IS NULL OR account != @except)
    RETURNING id`);
  const pruneSent = db.prepare(`DELETE FROM outbox_items WHERE state IN ('sent', 'discarded') AND updated_at < ?`);
  const forgetFinished = db.prepare<[], { id: string }>(
    `DELETE FROM outbox_items WHERE state IN ('sent', 'discarded') RETURNING id`,
  );

  return {
    line,
    nextWake,
    pendingCounts,
    sentCount,
    localIdLookup,
    insertLocalId,
    paused,
    pause,
    resume,
    unsentCount,
    discardUnsent,
    pruneSent,
    forgetFinished,
  };
}

/** The outbox tables as typed queries; the only code that writes SQL for the outbox. */
export function createOutboxStore(db: Database) {
  return { ...entryQueries(db, entryStatements(db)), ...queueQueries(db, queueStatements(db)) };
}

/** How a commit reaches the disk: flushed before it returns, or crash-safe (see runTransaction). */
export type Durability = 'flushed' | 'crashSafe';

/**
 * Runs `work` in one immediate write transaction on the desk database. By default it is flushed to
 * disk before it returns (synchronous=FULL). `crashSafe` commits without the flush: WAL keeps it
 * across a crash of the process but a power cut may drop it; callers use it only for writes whose
 * loss a restart reconciles. A later flushed commit makes earlier ones durable too (the WAL is in order).
 */
export function runTransaction<T>(
  db: Database,
  work: () => T,
  durability: Durability = 'flushed',
  inner: InnerTransactions = 'savepoint',
): T {
  if (db.inTransaction) return joining.has(db) ? work() : db.transaction(work).immediate();
  const settled: Array<(committed: boolean) => void> = [];
  pendingCommits.set(db, settled);
  if (inner === 'join') joining.add(db);
  let committed = false;
  try {
    const result = commitTransaction(db, work, durability);
    committed = true;
    return result;
  } finally {
    joining.delete(db);
    pendingCommits.delete(db);
    for (const then of settled) then(committed);
  }
}

/**
 * What a runTransaction inside this one does: `savepoint` (its own, undone alone if it throws), or `join`
 * (its writes are this transaction's: for callers that let every error end the whole transaction). Inside
 * a savepoint, an outbox insert (a table with triggers: the counts) took about 3.5 times the CPU, measured.
 */
export type InnerTransactions = 'savepoint' | 'join';

/** Databases whose outermost runTransaction was opened with inner transactions joining it. */
const joining = new WeakSet<Database>();

/** Work to run once the outermost runTransaction of a database has committed (true) or rolled back (false). */
const pendingCommits = new WeakMap<Database, Array<(committed: boolean) => void>>();

/**
 * Calls `then(true)` once what was just written inside runTransaction has committed, or `then(false)` if it
 * rolled back; outside one (the write is committed already) at once with true. Inside a transaction that
 * runTransaction did not open, it cannot know: `then(false)`, at once.
 */
export function whenCommitted(db: Database, then: (committed: boolean) => void): void {
  const settled = pendingCommits.get(db);
  if (settled) settled.push(then);
  else then(!db.inTransaction);
}

/** One outermost immediate transaction, flushed or crash-safe (runTransaction). */
function commitTransaction<T>(db: Database, work: () => T, durability: Durability): T {
  if (durability === 'flushed') return db.transaction(work).immediate();
  db.pragma('synchronous = NORMAL');
  try {
    return db.transaction(work).immediate();
  } finally {
    db.pragma('synchronous = FULL');
  }
}

/** Queries of single entries. */
function entryQueries(db: Database, statements: ReturnType<typeof entryStatements>) {
  return {
    /** Runs `work` in one immediate write transaction, flushed or crash-safe (runTransaction). */
    transaction<T>(work: () => T, durability: Durability = 'flushed'): T {
      return runTransaction(db, work, durability);
    },
    /** Adds a new entry; returns it with its sequence number. */
    insert<K extends OutboxKind>(row: NewOutboxRow<K>): OutboxRow<K> {
      const info = statements.insertStatement.run(...insertedValues(row));
      return outboxRow(row.kind, row.payload, row.result, row, Number(info.lastInsertRowid));
    },
    /**
     * Adds new entries, several a statement, in the order given (inside the caller's transaction); returns
     * them with their sequence numbers. A statement's rows are numbered one after another (AUTOINCREMENT).
     */
    insertMany: <K extends OutboxKind>(rows: readonly NewOutboxRow<K>[]) => insertRows(statements, rows),
    /** Writes the mutable columns of an entry. */
    save(row: OutboxRow): void {
      statements.updateStatement.run(encode(row));
    },
    /** Writes entries' states and delivery facts, not their payloads (which delivery never changes), in one statement. */
    saveStates(rows: readonly OutboxRow[]): void {
      if (rows.length > 0) statements.updateStatesStatement.run(JSON.stringify(rows.map(stateValues)));
    },
    /**
     * Marks these entries as sending, each only if it is still queued or waiting, in one statement;
     * returns the rows this call claimed (by id). An entry missing from the answer was taken by another
     * writer and must not be sent by this one.
     */
    claim(ids: readonly string[], now: number): Map<string, OutboxRow> {
      if (ids.length === 0) return new Map();
      const claimed = statements.claimStatement.all({ now, ids: JSON.stringify(ids) });
      return new Map(claimed.map((raw) => [raw.id, decode(raw)]));
    },
    get(id: string): OutboxRow | undefined {
      const raw = statements.byId.get(id);
      return raw && decode(raw);
    },
    /** What decides how these entries are shown (those discarded or gone are left out), in one read. */
    factsOf(ids: readonly string[]): EntryFacts[] {
      return ids.length === 0 ? [] : statements.factsByIds.all(JSON.stringify(ids));
    },
    withState(state: StoredState): OutboxRow[] {
      return statements.byState.all(state).map(decode);
    },
    referenceTaken(referenceId: string): boolean {
      return statements.byReference.get(referenceId) !== undefined;
    },
    /** The entry that creates the guest known by this local id, if any. */
    creatorOf(localId: string): OutboxRow | undefined {
      const raw = statements.byCreatedLocalId.get(localId);
      return raw && decode(raw);
    },
    /** Unsent entries waiting for this local guest id to be resolved. */
    dependantsOf(localId: string): OutboxRow[] {
      return statements.dependants.all(localId).map(decode);
    },
    /**
     * A page of an account's guest pushes after the entry numbered `afterSeq`, in queue order: every one
     * not yet sent (discarded ones aside), and those sent at `sentFrom` (ms) or later.
     */
    guestPushes(account: string, afterSeq: number, sentFrom: number, limit: number): GuestPush[] {
      return guestPushesOf(statements.guestPushes.all({ account, after: afterSeq, sentFrom, limit }));
    },
    /** An account's new guests sent at `sentFrom` (ms) or later whose id neither the answer gave nor a look-up found. */
    unattributedGuestPushes(account: string, sentFrom: number): GuestPush[] {
      return guestPushesOf(statements.unattributedGuestPushes.all({ account, sentFrom }));
    },
    /** Keeps the ids the service gave new guests, learned after their push (entry id → contact id). */
    learnContactIds(learned: ReadonlyMap<string, string>): void {
      for (const [id, contactId] of learned) statements.learnContactId.run({ id, contactId });
    },
  };
}

/** New rows inserted several a statement, in the order given; each returned with its sequence number. */
function insertRows<K extends OutboxKind>(
  statements: ReturnType<typeof entryStatements>,
  rows: readonly NewOutboxRow<K>[],
): OutboxRow<K>[] {
  const stored: OutboxRow<K>[] = [];
  let at = 0;
  for (const size of INSERT_GROUPS) {
    const statement = statements.insertGroupStatements.get(size)!;
    for (; rows.length - at >= size; at += size) {
      const group = rows.slice(at, at + size);
      const last = Number(statement.run(...group.flatMap((row) => insertedValues(row))).lastInsertRowid);
      group.forEach((row, index) =>
        stored.push(outboxRow(row.kind, row.payload, row.result, row, last - size + 1 + index)),
      );
    }
  }
  return stored;
}

/** Queries of the line, the counts and the account's entries as a whole. */
function queueQueries(db: Database, statements: ReturnType<typeof queueStatements>) {
  return {
    /** A page of the line (queued and waiting entries) in enqueue order, after `after` (a seq). */
    line(after: number, limit: number): LineEntry[] {
      return statements.line.all({ after, limit }).map((row) => ({
        seq: row.seq,
        id: row.id,
        kind: row.kind,
        guestKey: row.guest_key,
        account: row.account,
        nextAttemptAt: row.next_attempt_at,
        needsLocalId: row.needs_local_id,
        outcomeUnknown: row.unknown === 1,
      }));
    },
    /** When the earliest backing-off entry of this account is due, or null. */
    nextWakeAt(account: string): number | null {
      return statements.nextWake.get(account)?.at ?? null;
    },
    /** Entries still to go (by state, kind, account and whether they wait for a new guest), and how many were sent. */
    counts(): { pending: CountRow[]; sent: number } {
      return { pending: statements.pendingCounts.all(), sent: statements.sentCount.get()?.count ?? 0 };
    },
    /** Newest first. */
    list: (query: ListQuery = {}): OutboxRow[] => listRows(db, query),
    /** The service's contact_id for a guest recorded here under a local id, once its push succeeded. */
    contactIdFor(localId: string): string | undefined {
      return statements.localIdLookup.get(localId)?.contact_id;
    },
    recordContactId(localId: string, contactId: string, now: number): void {
      statements.insertLocalId.run(localId, contactId, now);
    },
    pausedKinds(): PausedKind[] {
      return statements.paused.all();
    },
    pauseKind(kind: OutboxKind, reason: string, now: number): void {
      statements.pause.run(kind, reason, now);
    },
    resumeKind(kind: OutboxKind): boolean {
      return statements.resume.run(kind).changes > 0;
    },
    /** How many entries have not been sent, of every account but `exceptAccount` (all when null). */
    unsentCount(exceptAccount: string | null): number {
      return statements.unsentCount.get({ except: exceptAccount })?.count ?? 0;
    },
    /**
     * Discards every unsent entry (of every account but `exceptAccount`) and blanks its payload;
     * returns their ids. The caller makes sure none is in a call (an entry marked sending is discarded too).
     */
    discardUnsent(exceptAccount: string | null, now: number): string[] {
      return statements.discardUnsent.all({ except: exceptAccount, now }).map((row) => row.id);
    },
    /** Forgets every sent and discarded entry (the local data of a disconnected account). */
    forgetFinished(): string[] {
      return statements.forgetFinished.all().map((row) => row.id);
    },
    /** Forgets sent and discarded entries last touched before `before`. */
    pruneFinished(before: number): number {
      return statements.pruneSent.run(before).changes;
    },
  };
}

/** Entries newest first, filtered by stored state and guest, a page before `beforeSeq`. */
function listRows(db: Database, query: ListQuery): OutboxRow[] {
  const where: string[] = [`state != 'discarded'`];
  const params: unknown[] = [];
  if (query.states?.length) {
    where.push(`state IN (${query.states.map(() => '?').join(', ')})`);
    params.push(...query.states);
  }
  if (query.guestKey !== undefined) {
    where.push('guest_key = ?');
    params.push(query.guestKey);
    // The index by guest holds every key but recipient lanes (migration 009): this term, as the index has it, lets it serve.
    if (!query.guestKey.startsWith(RECIPIENT_LANE_PREFIX)) where.push(`substr(guest_key, 1, 3) <> 'to:'`);
  }
  if (query.beforeSeq !== undefined) {
    where.push('seq < ?');
    params.push(query.beforeSeq);
  }
  params.push(query.limit ?? 500);
  const sql = `SELECT * FROM outbox_items WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT ?`;
  return (db.prepare(sql).all(...params) as RawRow[]).map(decode);
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;

/** A row's columns for SQLite. */
function encode<K extends OutboxKind>(row: NewOutboxRow<K>) {
  return {
    ...encodeState(row),
    kind: row.kind,
    account: row.account,
    guest_key: row.guestKey,
    payload: JSON.stringify(row.payload),
    reference_id: row.referenceId,
    creates_local_id: row.createsLocalId,
    needs_local_id: row.needsLocalId,
    created_at: row.createdAt,
  };
}

/** The columns that change as an entry is delivered (what saveStates writes). */
function encodeState<K extends OutboxKind>(row: NewOutboxRow<K>) {
  return {
    id: row.id,
    state: row.state,
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt,
    waiting_reason: row.waitingReason,
    outcome_unknown_at: row.outcomeUnknownAt,
    problem: row.problem && JSON.stringify(row.problem),
    hold: row.hold && JSON.stringify(row.hold),
    result: row.result && JSON.stringify(row.result),
    updated_at: row.updatedAt,
    sent_at: row.sentAt,
  };
}

/** The columns delivery changes, in the order both the insert and saveStates bind them. */
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

type InsertedValues = [
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
function insertedValues<K extends OutboxKind>(row: NewOutboxRow<K>): InsertedValues {
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
function stateValues(row: OutboxRow): [...DeliveryValues, seq: number] {
  return [...deliveryValues(row), row.seq];
}

/** Rows a query selected by kind = 'push_contact', decoded as such, with the contact id learned for each. */
function guestPushesOf(raws: readonly RawRow[]): GuestPush[] {
  return raws.flatMap((raw) => {
    const row = decode(raw);
    return isRowOfKind(row, 'push_contact') ? [{ ...row, learnedContactId: raw.learned_contact_id }] : [];
  });
}

/**
 * A row from SQLite, decoded. Its payload was checked against its kind's schema when it was
 * queued or edited (prepareEntry), and its result built by its kind's sender (DeliveryOutcome<K>),
 * the only ways in; JSON.parse gives them back as they were written.
 */
function decode(raw: RawRow): OutboxRow {
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
