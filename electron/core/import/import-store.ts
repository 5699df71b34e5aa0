import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { importColumnTarget, importCounts } from '../../../shared/bridge/channels/import';

/** How the JSON columns of a stored import read back (written from values the bridge already checked). */
const storedStrings = z.array(z.string());
const storedMapping = z.record(z.string(), importColumnTarget);
const storedContact = z.record(z.string(), z.string());

/** An import as stored. */
export interface ImportRecord {
  id: string;
  account: string;
  fileName: string;
  createdAt: number;
  stagedAt: number | null;
  queuedAt: number | null;
  cancelledAt: number | null;
  finishedAt: number | null;
  dataDroppedAt: number | null;
  delimiter: string;
  encoding: string;
  bom: boolean;
  /** The mapped columns' names as in the file's header line. */
  header: string[];
  mapping: z.infer<typeof storedMapping>;
  categories: string[];
  matchPolicy: string;
  totalRows: number;
  readyRows: number;
  leftRows: number;
  heldRows: number;
  finalCounts: z.infer<typeof importCounts> | null;
}

/** One ready row handed to the desk: its push_contact item until it is in the outbox. */
export interface StagedRow {
  line: number;
  action: 'new' | 'update';
  contact: Record<string, string>;
  original: string[];
}

/** How an import's rows stand, from their outbox entries: counts by action and delivery state. */
export interface RowStateCount {
  action: 'new' | 'update';
  /** The entry's state; 'staged' before it is in the outbox; 'refused' when the desk refused it; 'gone' when the entry was forgotten. */
  state: string;
  count: number;
}

interface RawImport {
  id: string;
  account: string;
  file_name: string;
  created_at: number;
  staged_at: number | null;
  queued_at: number | null;
  cancelled_at: number | null;
  finished_at: number | null;
  data_dropped_at: number | null;
  delimiter: string;
  encoding: string;
  bom: 0 | 1;
  header: string;
  mapping: string;
  categories: string;
  match_policy: string;
  total_rows: number;
  ready_rows: number;
  left_rows: number;
  held_rows: number;
  final_counts: string | null;
}

/** The import tables as typed queries. Delivery states are read from the outbox's own table, joined by entry id. */
export function createImportStore(db: Database) {
  const insertImport = db.prepare(`
    INSERT INTO imports (id, account, file_name, created_at, delimiter, encoding, bom, header, mapping, categories, match_policy,
      total_rows, ready_rows, left_out_rows, left_rows, held_rows)
    VALUES (@id, @account, @file_name, @created_at, @delimiter, @encoding, @bom, @header, @mapping, @categories, @match_policy,
      @total_rows, @ready_rows, @left_out_rows, @left_rows, @held_rows)`);
  const insertRow = db.prepare(
    'INSERT OR IGNORE INTO import_rows (import_id, line, action, outbox_id, refused, original, contact) VALUES (?, ?, ?, NULL, NULL, ?, ?)',
  );
  const insertHeld = db.prepare(
    'INSERT OR REPLACE INTO import_held_rows (import_id, line, reason, original) VALUES (?, ?, ?, ?)',
  );
  const byId = db.prepare<[string, string], RawImport>('SELECT * FROM imports WHERE id = ? AND account = ?');
  const byIdOfAnyAccount = db.prepare<[string], RawImport>('SELECT * FROM imports WHERE id = ?');
  const latest = db.prepare<[string, number], RawImport>(
    'SELECT * FROM imports WHERE account = ? ORDER BY created_at DESC LIMIT ?',
  );
  const markStaged = db.prepare('UPDATE imports SET staged_at = ? WHERE id = ? AND staged_at IS NULL');
  const markQueued = db.prepare('UPDATE imports SET queued_at = ? WHERE id = ? AND queued_at IS NULL');
  const markCancelled = db.prepare('UPDATE imports SET cancelled_at = ? WHERE id = ? AND cancelled_at IS NULL');
  const markFinished = db.prepare('UPDATE imports SET finished_at = ? WHERE id = ? AND finished_at IS NULL');
  const lastStagedLine = db.prepare<[string], { line: number | null; count: number }>(
    'SELECT MAX(line) AS line, COUNT(*) AS count FROM import_rows WHERE import_id = ?',
  );
  const stagedPage = db.prepare<[string, number], { line: number; action: 'new' | 'update'; contact: string }>(`
    SELECT line, action, contact FROM import_rows INDEXED BY import_rows_staged
    WHERE import_id = ? AND outbox_id IS NULL AND refused IS NULL AND contact IS NOT NULL ORDER BY line LIMIT ?`);
  const setQueued = db.prepare('UPDATE import_rows SET outbox_id = ?, contact = NULL WHERE import_id = ? AND line = ?');
  const setRefused = db.prepare('UPDATE import_rows SET refused = ?, contact = NULL WHERE import_id = ? AND line = ?');
  const dropStaged = db.prepare(
    `UPDATE import_rows SET refused = 'Cancelled before it was queued.', contact = NULL WHERE import_id = ? AND outbox_id IS NULL AND refused IS NULL`,
  );
  const states = db.prepare<[string], RowStateCount>(`
    SELECT r.action AS action,
      CASE WHEN r.outbox_id IS NULL THEN (CASE WHEN r.refused IS NULL THEN 'staged' ELSE 'refused' END) ELSE COALESCE(o.state, 'gone') END AS state,
      COUNT(*) AS count
    FROM import_rows r LEFT JOIN outbox_items o ON o.id = r.outbox_id
    WHERE r.import_id = ? GROUP BY 1, 2`);
  const entries = db.prepare<[string], { outbox_id: string | null; action: 'new' | 'update'; state: string }>(`
    SELECT r.outbox_id, r.action,
      CASE WHEN r.outbox_id IS NULL THEN (CASE WHEN r.refused IS NULL THEN 'staged' ELSE 'refused' END) ELSE COALESCE(o.state, 'gone') END AS state
    FROM import_rows r LEFT JOIN outbox_items o ON o.id = r.outbox_id WHERE r.import_id = ?`);
  const unsent = db.prepare<[string], { outbox_id: string }>(`
    SELECT r.outbox_id FROM import_rows r JOIN outbox_items o ON o.id = r.outbox_id
    WHERE r.import_id = ? AND o.state IN ('queued', 'waiting', 'needs_attention')`);
  const failed = db.prepare<
    [string, string],
    { line: number; kind: 'failed' | 'held'; original: string | null; reason: string | null; problem: string | null }
  >(`
    SELECT line, kind, original, reason, problem FROM (
      SELECT r.line, 'failed' AS kind, r.original, r.refused AS reason, o.problem FROM import_rows r LEFT JOIN outbox_items o ON o.id = r.outbox_id
      WHERE r.import_id = ? AND ((r.outbox_id IS NULL AND r.refused IS NOT NULL) OR o.state = 'needs_attention')
      UNION ALL
      SELECT line, 'held', original, reason, NULL FROM import_held_rows WHERE import_id = ?
    ) ORDER BY line`);
  const finishedBefore = db.prepare<[number], { id: string }>(
    'SELECT id FROM imports WHERE data_dropped_at IS NULL AND finished_at IS NOT NULL AND finished_at < ?',
  );
  const unfinished = db.prepare<[], { id: string; account: string }>(
    'SELECT id, account FROM imports WHERE finished_at IS NULL ORDER BY created_at',
  );
  const dropRows = db.prepare(`UPDATE import_rows SET original = '[]', contact = NULL WHERE import_id = ?`);
  const dropHeld = db.prepare('UPDATE import_held_rows SET original = NULL WHERE import_id = ?');
  const markDropped = db.prepare('UPDATE imports SET data_dropped_at = ?, final_counts = ? WHERE id = ?');
  const outboxGuests = db.prepare<
    [string, number, number],
    { seq: number; id: string; state: string; payload: string; result: string | null; sent_at: number | null }
  >(`
    SELECT seq, id, state, payload, result, sent_at FROM outbox_items
    WHERE kind = 'push_contact' AND account = ? AND state != 'discarded' AND seq > ? ORDER BY seq LIMIT ?`);

  const unattributed = db.prepare<[string], { id: string; payload: string; sent_at: number }>(`
    SELECT id, payload, sent_at FROM outbox_items
    WHERE kind = 'push_contact' AND account = ? AND state = 'sent' AND sent_at IS NOT NULL
      AND json_extract(payload, '$.contact_id') IS NULL AND json_extract(result, '$.contact_id') IS NULL`);

  return {
    /** Runs `work` in one write transaction, flushed to disk before it returns. */
    transaction<T>(work: () => T): T {
      return db.transaction(work).immediate();
    },
    insertImport(record: ImportRecord): void {
      insertImport.run({
        id: record.id,
        account: record.account,
        file_name: record.fileName,
        created_at: record.createdAt,
        delimiter: record.delimiter,
        encoding: record.encoding,
        bom: record.bom ? 1 : 0,
        header: JSON.stringify(record.header),
        mapping: JSON.stringify(record.mapping),
        categories: JSON.stringify(record.categories),
        match_policy: record.matchPolicy,
        total_rows: record.totalRows,
        ready_rows: record.readyRows,
        left_out_rows: record.leftRows + record.heldRows,
        left_rows: record.leftRows,
        held_rows: record.heldRows,
      });
    },
    /** Keeps ready rows until the desk core queues them; a row sent twice (a batch resent after a lost answer) is kept once. */
    stageRows(importId: string, rows: readonly StagedRow[]): number {
      let added = 0;
      for (const row of rows)
        added += insertRow.run(
          importId,
          row.line,
          row.action,
          JSON.stringify(row.original),
          JSON.stringify(row.contact),
        ).changes;
      return added;
    },
    /** Keeps rows held back (problems, conflicts) with the reason, for their download. */
    holdRows(importId: string, rows: ReadonlyArray<{ line: number; reason: string; original: string[] }>): void {
      for (const row of rows) insertHeld.run(importId, row.line, row.reason, JSON.stringify(row.original));
    },
    /** The import of this account, or undefined (another account's imports are not there for it). */
    get(id: string, account: string): ImportRecord | undefined {
      const raw = byId.get(id, account);
      return raw && decode(raw);
    },
    /** An import whatever its account (the core's own work: queueing, following delivery, retention). */
    getOfAnyAccount(id: string): ImportRecord | undefined {
      const raw = byIdOfAnyAccount.get(id);
      return raw && decode(raw);
    },
    latest(account: string, limit: number): ImportRecord[] {
      return latest.all(account, limit).map(decode);
    },
    markStaged(id: string, at: number): void {
      markStaged.run(at, id);
    },
    markQueued(id: string, at: number): void {
      markQueued.run(at, id);
    },
    markCancelled(id: string, at: number): void {
      markCancelled.run(at, id);
      dropStaged.run(id);
    },
    markFinished(id: string, at: number): void {
      markFinished.run(at, id);
    },
    /** How many rows reached the desk, and the last one's number (a resumed hand-over starts after it). */
    stagedSoFar(id: string): { count: number; lastLine: number } {
      const row = lastStagedLine.get(id);
      return { count: row?.count ?? 0, lastLine: row?.line ?? 0 };
    },
    /** The next rows waiting to be queued, in file order. */
    nextStaged(id: string, limit: number): StagedRow[] {
      return stagedPage.all(id, limit).map((row) => ({
        line: row.line,
        action: row.action,
        contact: storedContact.parse(JSON.parse(row.contact)),
        original: [],
      }));
    },
    /** A staged row is in the outbox now (its item is no longer kept here), or was refused with the reason. */
    settleStaged(id: string, line: number, outcome: { outboxId: string } | { refused: string }): void {
      if ('outboxId' in outcome) setQueued.run(outcome.outboxId, id, line);
      else setRefused.run(outcome.refused, id, line);
    },
    rowStates(id: string): RowStateCount[] {
      return states.all(id);
    },
    /** Each row of the import with its outbox entry (if queued) and state, to count from as the outbox changes. */
    rowEntries(id: string): Array<{ outboxId: string | null; action: 'new' | 'update'; state: string }> {
      return entries.all(id).map((row) => ({ outboxId: row.outbox_id, action: row.action, state: row.state }));
    },
    /** Entries of the import that have not gone out (and may be discarded). */
    unsentEntries(id: string): string[] {
      return unsent.all(id).map((row) => row.outbox_id);
    },
    /** Rows refused by the desk or the service, and rows held back, with their cells (mapped columns) and the reason or the entry's problem (JSON). */
    failedRows(id: string): Array<{
      line: number;
      kind: 'failed' | 'held';
      original: string[];
      reason: string | null;
      problem: string | null;
    }> {
      return failed.all(id, id).map((row) => ({
        ...row,
        original: row.original === null ? [] : storedStrings.parse(JSON.parse(row.original)),
      }));
    },
    /** Imports whose last entry finished before `before` and still hold their rows' cells. */
    finishedBefore(before: number): string[] {
      return finishedBefore.all(before).map((row) => row.id);
    },
    unfinished(): Array<{ id: string; account: string }> {
      return unfinished.all();
    },
    /** Drops an import's rows' cells (its counts are kept as they were). */
    dropData(id: string, at: number, counts: z.infer<typeof importCounts>): void {
      dropRows.run(id);
      dropHeld.run(id);
      markDropped.run(at, JSON.stringify(counts), id);
    },
    /** New guests the outbox sent whose id the service's answer did not attribute. */
    unattributedSent(account: string): Array<{ id: string; payload: Record<string, unknown>; sentAt: number }> {
      return unattributed.all(account).map((row) => ({
        id: row.id,
        payload: JSON.parse(row.payload) as Record<string, unknown>,
        sentAt: row.sent_at,
      }));
    },
    /** A page of the account's guest pushes in the outbox (queued, sending, sent, needing attention), in queue order. */
    outboxGuests(account: string, afterSeq: number, limit: number) {
      return outboxGuests.all(account, afterSeq, limit).map((row) => ({
        seq: row.seq,
        id: row.id,
        state: row.state,
        payload: JSON.parse(row.payload) as Record<string, unknown>,
        result: row.result === null ? null : (JSON.parse(row.result) as Record<string, unknown>),
        sentAt: row.sent_at,
      }));
    },
  };
}

export type ImportStore = ReturnType<typeof createImportStore>;

/** A stored import, decoded. */
function decode(raw: RawImport): ImportRecord {
  return {
    id: raw.id,
    account: raw.account,
    fileName: raw.file_name,
    createdAt: raw.created_at,
    stagedAt: raw.staged_at,
    queuedAt: raw.queued_at,
    cancelledAt: raw.cancelled_at,
    finishedAt: raw.finished_at,
    dataDroppedAt: raw.data_dropped_at,
    delimiter: raw.delimiter,
    encoding: raw.encoding,
    bom: raw.bom === 1,
    header: storedStrings.parse(JSON.parse(raw.header)),
    mapping: storedMapping.parse(JSON.parse(raw.mapping)),
    categories: storedStrings.parse(JSON.parse(raw.categories)),
    matchPolicy: raw.match_policy,
    totalRows: raw.total_rows,
    readyRows: raw.ready_rows,
    leftRows: raw.left_rows,
    heldRows: raw.held_rows,
    finalCounts: raw.final_counts === null ? null : importCounts.parse(JSON.parse(raw.final_counts)),
  };
}
