import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { importColumnTarget, importCounts } from '../../../shared/bridge/channels/import';

/** How the JSON columns of a stored import read back (written from values the bridge already checked). */
const storedStrings = z.array(z.string());
const storedMapping = z.record(z.string(), importColumnTarget);

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

/** The statements of the imports table. */
function recordStatements(db: Database) {
  return {
    insert: db.prepare(`
      INSERT INTO imports (id, account, file_name, created_at, delimiter, encoding, bom, header, mapping, categories, match_policy,
        total_rows, ready_rows, left_out_rows, left_rows, held_rows)
      VALUES (@id, @account, @file_name, @created_at, @delimiter, @encoding, @bom, @header, @mapping, @categories, @match_policy,
        @total_rows, @ready_rows, @left_out_rows, @left_rows, @held_rows)`),
    byId: db.prepare<[string, string], RawImport>('SELECT * FROM imports WHERE id = ? AND account = ?'),
    byIdOfAnyAccount: db.prepare<[string], RawImport>('SELECT * FROM imports WHERE id = ?'),
    latest: db.prepare<[string, number], RawImport>(
      'SELECT * FROM imports WHERE account = ? ORDER BY created_at DESC LIMIT ?',
    ),
    markStaged: db.prepare('UPDATE imports SET staged_at = ? WHERE id = ? AND staged_at IS NULL'),
    markQueued: db.prepare('UPDATE imports SET queued_at = ? WHERE id = ? AND queued_at IS NULL'),
    markCancelled: db.prepare('UPDATE imports SET cancelled_at = ? WHERE id = ? AND cancelled_at IS NULL'),
    markFinished: db.prepare('UPDATE imports SET finished_at = ? WHERE id = ? AND finished_at IS NULL'),
    markDropped: db.prepare('UPDATE imports SET data_dropped_at = ?, final_counts = ? WHERE id = ?'),
    finishedBefore: db.prepare<[number], { id: string }>(
      'SELECT id FROM imports WHERE data_dropped_at IS NULL AND finished_at IS NOT NULL AND finished_at < ?',
    ),
    unfinished: db.prepare<[], { id: string; account: string }>(
      'SELECT id, account FROM imports WHERE finished_at IS NULL ORDER BY created_at',
    ),
  };
}

/** The imports table as typed queries: each import's file, choices, counts and where it stands. */
export function createImportRecords(db: Database) {
  const statements = recordStatements(db);
  return {
    insertImport(record: ImportRecord): void {
      statements.insert.run({
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
    /** The import of this account, or undefined (another account's imports are not there for it). */
    get(id: string, account: string): ImportRecord | undefined {
      const raw = statements.byId.get(id, account);
      return raw && decode(raw);
    },
    /** An import whatever its account (the core's own work: queueing, following delivery, retention). */
    getOfAnyAccount(id: string): ImportRecord | undefined {
      const raw = statements.byIdOfAnyAccount.get(id);
      return raw && decode(raw);
    },
    latest(account: string, limit: number): ImportRecord[] {
      return statements.latest.all(account, limit).map(decode);
    },
    markStaged(id: string, at: number): void {
      statements.markStaged.run(at, id);
    },
    markQueued(id: string, at: number): void {
      statements.markQueued.run(at, id);
    },
    markCancelled(id: string, at: number): void {
      statements.markCancelled.run(at, id);
    },
    markFinished(id: string, at: number): void {
      statements.markFinished.run(at, id);
    },
    /** Marks an import's rows' cells dropped, freezing its counts as they were. */
    markDropped(id: string, at: number, counts: z.infer<typeof importCounts>): void {
      statements.markDropped.run(at, JSON.stringify(counts), id);
    },
    /** Imports whose last entry finished before `before` and still hold their rows' cells. */
    finishedBefore(before: number): string[] {
      return statements.finishedBefore.all(before).map((row) => row.id);
    },
    unfinished(): Array<{ id: string; account: string }> {
      return statements.unfinished.all();
    },
  };
}

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
