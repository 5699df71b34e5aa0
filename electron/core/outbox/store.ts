import type { Database } from 'better-sqlite3';
import { runTransaction, type Durability } from '../db/transactions';
import type { LineEntry } from './line';
import {
  decode,
  INSERTED_COLUMNS,
  insertedValues,
  RAW_COLUMNS,
  rawRowOf,
  SAVED_COLUMNS,
  savedValues,
  stateValues,
  type InsertedValues,
  type RawRow,
  type RawTuple,
  type SavedValues,
} from './store-columns';
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
  const updateStatement = db.prepare<SavedValues>(`UPDATE outbox_items SET ${SAVED_COLUMNS} WHERE id = ?`);
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
  const claimSql = `
    UPDATE outbox_items SET state = 'sending', updated_at = @now
    WHERE id IN (SELECT value FROM json_each(@ids)) AND state IN ('queued', 'waiting')
    RETURNING ${RAW_COLUMNS}`;
  // Read as arrays (RawTuple): a call's 100 claimed rows come back faster than as objects.
  const claimStatement = db.prepare<[{ now: number; ids: string }], RawTuple>(claimSql).raw(true);
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
      statements.updateStatement.run(...savedValues(row));
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
      return new Map(claimed.map((tuple) => [tuple[1], decode(rawRowOf(tuple))]));
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

/** Rows a query selected by kind = 'push_contact', decoded as such, with the contact id learned for each. */
function guestPushesOf(raws: readonly RawRow[]): GuestPush[] {
  return raws.flatMap((raw) => {
    const row = decode(raw);
    return isRowOfKind(row, 'push_contact') ? [{ ...row, learnedContactId: raw.learned_contact_id }] : [];
  });
}
