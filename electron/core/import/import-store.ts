import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { importColumnTarget } from '../../../shared/bridge/channels/import';

/** How the JSON columns of a stored import read back (written from values the bridge already checked). */
const storedStrings = z.array(z.string());
const storedMapping = z.record(z.string(), importColumnTarget);

/** An import as stored. */
export interface ImportRecord {
  id: string;
  account: string;
  fileName: string;
  createdAt: number;
  queuedAt: number | null;
  cancelledAt: number | null;
  delimiter: string;
  encoding: string;
  bom: boolean;
  header: string[];
  mapping: z.infer<typeof storedMapping>;
  categories: string[];
  matchPolicy: string;
  totalRows: number;
  readyRows: number;
  leftOutRows: number;
}

/** One queued (or refused) row. */
export interface ImportRowRecord {
  line: number;
  action: 'new' | 'update';
  outboxId: string | null;
  refused: string | null;
  original: string[];
}

/** How an import's rows stand, from their outbox entries: counts by action and delivery state. */
export interface RowStateCount {
  action: 'new' | 'update';
  /** The entry's stored state; 'refused' when the desk refused the row; 'gone' when the entry was forgotten after it finished. */
  state: string;
  count: number;
}

interface RawImport {
  id: string;
  account: string;
  file_name: string;
  created_at: number;
  queued_at: number | null;
  cancelled_at: number | null;
  delimiter: string;
  encoding: string;
  bom: 0 | 1;
  header: string;
  mapping: string;
  categories: string;
  match_policy: string;
  total_rows: number;
  ready_rows: number;
  left_out_rows: number;
}

/** The import tables as typed queries. Delivery states are read from the outbox's own table, joined by entry id. */
export function createImportStore(db: Database) {
  const insertImport = db.prepare(`
    INSERT INTO imports (id, account, file_name, created_at, delimiter, encoding, bom, header, mapping, categories, match_policy, total_rows, ready_rows, left_out_rows)
    VALUES (@id, @account, @file_name, @created_at, @delimiter, @encoding, @bom, @header, @mapping, @categories, @match_policy, @total_rows, @ready_rows, @left_out_rows)`);
  const insertRow = db.prepare(
    'INSERT OR REPLACE INTO import_rows (import_id, line, action, outbox_id, refused, original) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const byId = db.prepare<[string], RawImport>('SELECT * FROM imports WHERE id = ?');
  const latest = db.prepare<[number], RawImport>('SELECT * FROM imports ORDER BY created_at DESC LIMIT ?');
  const markQueued = db.prepare('UPDATE imports SET queued_at = ? WHERE id = ? AND queued_at IS NULL');
  const markCancelled = db.prepare('UPDATE imports SET cancelled_at = ? WHERE id = ? AND cancelled_at IS NULL');
  const queuedCount = db.prepare<[string], { count: number }>(
    'SELECT COUNT(*) AS count FROM import_rows WHERE import_id = ?',
  );
  const states = db.prepare<[string], RowStateCount>(`
    SELECT r.action AS action, CASE WHEN r.outbox_id IS NULL THEN 'refused' ELSE COALESCE(o.state, 'gone') END AS state, COUNT(*) AS count
    FROM import_rows r LEFT JOIN outbox_items o ON o.id = r.outbox_id
    WHERE r.import_id = ? GROUP BY 1, 2`);
  const unsent = db.prepare<[string], { outbox_id: string }>(`
    SELECT r.outbox_id FROM import_rows r JOIN outbox_items o ON o.id = r.outbox_id
    WHERE r.import_id = ? AND o.state IN ('queued', 'waiting', 'needs_attention')`);
  const failed = db.prepare<
    [string],
    { line: number; original: string; refused: string | null; problem: string | null }
  >(`
    SELECT r.line, r.original, r.refused, o.problem FROM import_rows r LEFT JOIN outbox_items o ON o.id = r.outbox_id
    WHERE r.import_id = ? AND (r.outbox_id IS NULL OR o.state = 'needs_attention') ORDER BY r.line`);

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
        left_out_rows: record.leftOutRows,
      });
    },
    insertRow(importId: string, row: ImportRowRecord): void {
      insertRow.run(importId, row.line, row.action, row.outboxId, row.refused, JSON.stringify(row.original));
    },
    get(id: string): ImportRecord | undefined {
      const raw = byId.get(id);
      return raw && decode(raw);
    },
    latest(limit: number): ImportRecord[] {
      return latest.all(limit).map(decode);
    },
    markQueued(id: string, at: number): void {
      markQueued.run(at, id);
    },
    markCancelled(id: string, at: number): void {
      markCancelled.run(at, id);
    },
    queuedCount(id: string): number {
      return queuedCount.get(id)?.count ?? 0;
    },
    rowStates(id: string): RowStateCount[] {
      return states.all(id);
    },
    /** Entries of the import that have not gone out (and may be discarded). */
    unsentEntries(id: string): string[] {
      return unsent.all(id).map((row) => row.outbox_id);
    },
    /** Rows refused by the desk or by the service, with their cells and the entry's problem (JSON). */
    failedRows(
      id: string,
    ): Array<{ line: number; original: string[]; refused: string | null; problem: string | null }> {
      return failed.all(id).map((row) => ({ ...row, original: storedStrings.parse(JSON.parse(row.original)) }));
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
    queuedAt: raw.queued_at,
    cancelledAt: raw.cancelled_at,
    delimiter: raw.delimiter,
    encoding: raw.encoding,
    bom: raw.bom === 1,
    header: storedStrings.parse(JSON.parse(raw.header)),
    mapping: storedMapping.parse(JSON.parse(raw.mapping)),
    categories: storedStrings.parse(JSON.parse(raw.categories)),
    matchPolicy: raw.match_policy,
    totalRows: raw.total_rows,
    readyRows: raw.ready_rows,
    leftOutRows: raw.left_out_rows,
  };
}
