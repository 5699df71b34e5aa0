import type { Database } from 'better-sqlite3';
import { z } from 'zod';

/** How the JSON columns of a stored row read back (written from values the bridge already checked). */
const storedStrings = z.array(z.string());
const storedContact = z.record(z.string(), z.string());

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
  /**
   * The entry's state; 'staged' before it is in the outbox (for good, once its import was cancelled); 'refused' when
   * the desk refused it; 'gone' when the entry was forgotten.
   */
  state: string;
  count: number;
}

/** A row refused (by the desk or the service) or held back, with its cells and why. */
export interface FailedRow {
  line: number;
  kind: 'failed' | 'held';
  original: string[];
  reason: string | null;
  /** Its outbox entry, when the service refused it (the entry's problem says why). */
  outboxId: string | null;
}

/** A row's delivery state: staged, refused by the desk, or its outbox entry's state ('gone' once forgotten). */
const ROW_STATE = `CASE WHEN r.outbox_id IS NULL THEN (CASE WHEN r.refused IS NULL THEN 'staged' ELSE 'refused' END) ELSE COALESCE(o.state, 'gone') END`;

/** The statements that write an import's rows. */
function rowWrites(db: Database) {
  return {
    insertRow: db.prepare(
      'INSERT OR IGNORE INTO import_rows (import_id, line, action, outbox_id, refused, original, contact) VALUES (?, ?, ?, NULL, NULL, ?, ?)',
    ),
    insertHeld: db.prepare(
      'INSERT OR REPLACE INTO import_held_rows (import_id, line, reason, original) VALUES (?, ?, ?, ?)',
    ),
    setQueued: db.prepare('UPDATE import_rows SET outbox_id = ?, contact = NULL WHERE import_id = ? AND line = ?'),
    setRefused: db.prepare('UPDATE import_rows SET refused = ?, contact = NULL WHERE import_id = ? AND line = ?'),
    dropStaged: db.prepare(
      'UPDATE import_rows SET contact = NULL WHERE import_id = ? AND outbox_id IS NULL AND refused IS NULL',
    ),
    dropRows: db.prepare(`UPDATE import_rows SET original = '[]', contact = NULL WHERE import_id = ?`),
    dropHeld: db.prepare('UPDATE import_held_rows SET original = NULL WHERE import_id = ?'),
  };
}

/** The statements that read an import's rows (delivery states from the outbox's own table, joined by entry id). */
function rowReads(db: Database) {
  return {
    readyCount: db.prepare<[string], { count: number }>(
      'SELECT COUNT(*) AS count FROM import_rows WHERE import_id = ?',
    ),
    // Each half is one step down its table's primary key (import_id, line).
    lastLine: db.prepare<{ id: string }, { line: number | null }>(`
      SELECT MAX(line) AS line FROM (
        SELECT MAX(line) AS line FROM import_rows WHERE import_id = @id
        UNION ALL SELECT MAX(line) FROM import_held_rows WHERE import_id = @id)`),
    stagedPage: db.prepare<[string, number], { line: number; action: 'new' | 'update'; contact: string }>(`
      SELECT line, action, contact FROM import_rows INDEXED BY import_rows_staged
      WHERE import_id = ? AND outbox_id IS NULL AND refused IS NULL AND contact IS NOT NULL ORDER BY line LIMIT ?`),
    states: db.prepare<[string], RowStateCount>(`
      SELECT r.action AS action, ${ROW_STATE} AS state, COUNT(*) AS count
      FROM import_rows r LEFT JOIN outbox_items o ON o.id = r.outbox_id WHERE r.import_id = ? GROUP BY 1, 2`),
    entries: db.prepare<[string], { outbox_id: string | null; action: 'new' | 'update'; state: string }>(`
      SELECT r.outbox_id, r.action, ${ROW_STATE} AS state
      FROM import_rows r LEFT JOIN outbox_items o ON o.id = r.outbox_id WHERE r.import_id = ?`),
    unsent: db.prepare<[string], { outbox_id: string }>(`
      SELECT r.outbox_id FROM import_rows r JOIN outbox_items o ON o.id = r.outbox_id
      WHERE r.import_id = ? AND o.state IN ('queued', 'waiting', 'needs_attention')`),
    failed: db.prepare<[string, string], Omit<FailedRow, 'original'> & { original: string | null }>(`
      SELECT line, kind, original, reason, outboxId FROM (
        SELECT r.line, 'failed' AS kind, r.original, r.refused AS reason, r.outbox_id AS outboxId
        FROM import_rows r LEFT JOIN outbox_items o ON o.id = r.outbox_id
        WHERE r.import_id = ? AND ((r.outbox_id IS NULL AND r.refused IS NOT NULL) OR o.state = 'needs_attention')
        UNION ALL
        SELECT line, 'held', original, reason, NULL FROM import_held_rows WHERE import_id = ?
      ) ORDER BY line`),
  };
}

/** An import's rows as typed queries: kept as handed over, put in the outbox, followed, dropped with retention. */
export function createImportRows(db: Database) {
  const writes = rowWrites(db);
  const reads = rowReads(db);
  const lastLineHandedOver = (id: string): number => reads.lastLine.get({ id })?.line ?? 0;
  return {
    /** Keeps ready rows until the desk core queues them; a row sent twice (a batch resent after a lost answer) is kept once. */
    stageRows(importId: string, rows: readonly StagedRow[]): number {
      let added = 0;
      for (const row of rows)
        added += writes.insertRow.run(
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
      for (const row of rows) writes.insertHeld.run(importId, row.line, row.reason, JSON.stringify(row.original));
    },
    /** How many ready rows reached the desk, and the number of the last row that did, ready or held (a resumed hand-over starts after it). */
    stagedSoFar(id: string): { count: number; lastLine: number } {
      return { count: reads.readyCount.get(id)?.count ?? 0, lastLine: lastLineHandedOver(id) };
    },
    /** The number of the last row, ready or held, that reached the desk (0 for none). */
    lastLineHandedOver,
    /** The next rows waiting to be queued, in file order. */
    nextStaged(id: string, limit: number): StagedRow[] {
      return reads.stagedPage.all(id, limit).map((row) => ({
        line: row.line,
        action: row.action,
        contact: storedContact.parse(JSON.parse(row.contact)),
        original: [],
      }));
    },
    /** A staged row is in the outbox now (its item is no longer kept here), or was refused with the reason. */
    settleStaged(id: string, line: number, outcome: { outboxId: string } | { refused: string }): void {
      if ('outboxId' in outcome) writes.setQueued.run(outcome.outboxId, id, line);
      else writes.setRefused.run(outcome.refused, id, line);
    },
    /**
     * Rows not yet in the outbox (the import was cancelled) lose their push_contact item and stay as they reached
     * the desk: never queued, neither failed nor still to go.
     */
    dropStaged(id: string): void {
      writes.dropStaged.run(id);
    },
    rowStates(id: string): RowStateCount[] {
      return reads.states.all(id);
    },
    /** Each row of the import with its outbox entry (if queued) and state, to count from as the outbox changes. */
    rowEntries(id: string): Array<{ outboxId: string | null; action: 'new' | 'update'; state: string }> {
      return reads.entries.all(id).map((row) => ({ outboxId: row.outbox_id, action: row.action, state: row.state }));
    },
    /** Entries of the import that have not gone out (and may be discarded). */
    unsentEntries(id: string): string[] {
      return reads.unsent.all(id).map((row) => row.outbox_id);
    },
    /** Rows refused by the desk or the service, and rows held back, with their cells (mapped columns) and the reason or the refused entry. */
    failedRows(id: string): FailedRow[] {
      return reads.failed.all(id, id).map((row) => ({
        ...row,
        original: row.original === null ? [] : storedStrings.parse(JSON.parse(row.original)),
      }));
    },
    /** Drops the cells of an import's rows (their numbers and reasons stay). */
    dropCells(id: string): void {
      writes.dropRows.run(id);
      writes.dropHeld.run(id);
    },
  };
}
