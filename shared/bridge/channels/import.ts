import { z } from 'zod';
import { channel } from '../define';

// One home for what an import's data may hold where it enters the desk core: the check in the
// import worker applies the same numbers, so a row that passed the check is never refused here.

/**
 * Rows one hand-over carries at most. Several hand-overs are on their way at once (in order), so small
 * ones cost no round trips, and sending one stays well within a frame of the page's time.
 */
export const IMPORT_BATCH_LIMIT = 500;
/** Bytes (UTF-8 JSON) one hand-over carries at most: well under the bridge's 8 MB frame, and at least one row's limit. */
export const IMPORT_BATCH_MAX_BYTES = 1024 * 1024;
/** The line of a batch's last row, ready or held, or `afterLine` (the last one before it) when it has none. */
export function lastLineOf(
  afterLine: number,
  batch: { rows: ReadonlyArray<{ line: number }>; held: ReadonlyArray<{ line: number }> },
): number {
  return Math.max(afterLine, ...batch.rows.map((row) => row.line), ...batch.held.map((row) => row.line));
}
/** Bytes (UTF-8 JSON) one row may take; a larger row is held back by the check with a sentence. */
export const IMPORT_ROW_MAX_BYTES = 512 * 1024;
/** Characters of one value pushed for one field, after normalising (line breaks joined, dates rewritten). */
export const IMPORT_VALUE_MAX_LENGTH = 10_000;
/** Characters of one cell kept for a held row's download; longer cells are cut, saying so. */
export const IMPORT_KEPT_CELL_MAX_LENGTH = 20_000;
/** Guests of the outbox one answer of importKnownGuests carries at most. */
export const IMPORT_KNOWN_GUESTS_PAGE = 5000;

const importId = z.string().regex(/^imp_[a-z0-9-]{8,64}$/, 'An import id looks like imp_<uuid>');
const fieldName = z.string().min(1).max(100);
const encoding = z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']);
const delimiter = z.enum([',', ';', '\t']);

/** What a column of the file became (stored with the import, shown in its history). */
export const importColumnTarget = z.union([
  z.object({ kind: z.literal('field'), field: fieldName }).strict(),
  z.object({ kind: z.enum(['name', 'categories', 'ignore']) }).strict(),
]);

/** One ready row: its row number in the spreadsheet, new guest or update, the push_contact item, and its mapped cells. */
type ImportRow = {
  line: number;
  action: 'new' | 'update';
  contact: Record<string, string>;
  original: string[];
};

/** A row held back (a problem, a conflict left out): its mapped cells and why, for the "rows with problems" file. */
type ImportHeldRow = {
  line: number;
  reason: string;
  original: string[];
};

// A hand-over carries up to IMPORT_BATCH_LIMIT (500) rows of each kind, and a whole import 100,000: each row is checked by
// hand, with the same rules a zod object would apply (strict keys, the same bounds), at a fraction of the
// cost per row. A row that fails is refused with its index and what is wrong, and the batch with it.

/** A plain object (as JSON or a structured clone makes one), not an array, a Map or a Date. */
function isObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Exactly these own keys (no more, none missing), as `.strict()` requires. */
function hasExactKeys(value: Record<string, unknown>, keys: readonly string[]): boolean {
  let count = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key) || !keys.includes(key)) return false;
    count++;
  }
  return count === keys.length;
}

const isLine = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;

function isKeptCells(value: unknown): value is string[] {
  if (!Array.isArray(value) || value.length > 500) return false;
  for (const cell of value)
    if (typeof cell !== 'string' || cell.length > IMPORT_KEPT_CELL_MAX_LENGTH + 200) return false;
  return true;
}

function isContact(value: unknown): value is Record<string, string> {
  if (!isObject(value)) return false;
  for (const field in value) {
    if (!Object.hasOwn(value, field) || field.length < 1 || field.length > 100) return false;
    const text = value[field];
    if (typeof text !== 'string' || text.length > IMPORT_VALUE_MAX_LENGTH) return false;
  }
  return true;
}

const READY_KEYS = ['line', 'action', 'contact', 'original'] as const;
const HELD_KEYS = ['line', 'reason', 'original'] as const;

const isImportRow = (value: unknown): value is ImportRow =>
  isObject(value) &&
  hasExactKeys(value, READY_KEYS) &&
  isLine(value.line) &&
  (value.action === 'new' || value.action === 'update') &&
  isContact(value.contact) &&
  isKeptCells(value.original);

const isImportHeldRow = (value: unknown): value is ImportHeldRow =>
  isObject(value) &&
  hasExactKeys(value, HELD_KEYS) &&
  isLine(value.line) &&
  typeof value.reason === 'string' &&
  value.reason.length >= 1 &&
  value.reason.length <= 2000 &&
  isKeptCells(value.original);

const importRow = z.custom<ImportRow>(isImportRow, {
  message:
    'A ready row has exactly a line (1 or more), an action (new or update), a contact (fields of 1-100 characters to text of at most 10,000) and its original cells (at most 500)',
});

const importHeldRow = z.custom<ImportHeldRow>(isImportHeldRow, {
  message:
    'A held row has exactly a line (1 or more), a reason (1-2,000 characters) and its original cells (at most 500)',
});

/** Where an import stands: handed to the desk and queued, then delivered, then done; or interrupted, or cancelled. */
const importPhase = z.enum(['queueing', 'interrupted', 'delivering', 'done', 'cancelled']);

/** An import's counts: what the check found, how far queueing got, and delivery. */
export const importCounts = z.object({
  totalRows: z.number().int(),
  /** Rows to send (new guests and updates), those handed to the desk, and those in the outbox. */
  readyRows: z.number().int(),
  stagedRows: z.number().int(),
  queuedRows: z.number().int(),
  /** Delivery: sent as new guests or updates, still to go, and failed (refused by the service or the desk). */
  newGuests: z.number().int(),
  updated: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  /** Guests the file matched and the desk left as they are. */
  leftRows: z.number().int(),
  /** Rows with problems (and conflicts left out): not imported, downloadable. */
  heldRows: z.number().int(),
});

/** An import as staff see it: the file, when, where it stands and its counts (live through importChanged). */
export const importView = importCounts.extend({
  id: importId,
  fileName: z.string(),
  createdAt: z.string(),
  phase: importPhase,
  /** Whether every ready row reached the desk: an interrupted import then goes on without its file. */
  staged: z.boolean(),
  /** The last row handed over so far (a hand-over that stopped goes on after it). */
  lastStagedLine: z.number().int(),
  mapping: z.record(z.string(), importColumnTarget),
  categories: z.array(z.string()),
});

/** A guest the desk's own outbox queued or sent, as the import's duplicate check needs them. */
export const importKnownGuest = z.object({
  /** The outbox entry. */
  entry: z.string(),
  /** The service's id when the desk knows it (an update, or a new guest whose answer named it). */
  contactId: z.string().optional(),
  /** pending: not sent yet; sent; attention: refused, waiting for a person. */
  state: z.enum(['pending', 'sent', 'attention']),
  /** When it went out (ms), for sent ones. */
  sentAt: z.number().optional(),
  /** The values it carried (names, email, mobile and the other fields). */
  fields: z.record(z.string(), z.string()),
});

export const importChannels = {
  /** Records a new import (before its rows are handed over), with how the file was read and matched, and its counts. */
  startImport: channel(
    z
      .object({
        fileName: z.string().trim().min(1).max(500),
        delimiter,
        encoding,
        bom: z.boolean(),
        /** The names of the mapped columns, as in the file. */
        header: z.array(z.string().max(2000)).max(500),
        mapping: z.record(z.string().max(2000), importColumnTarget),
        categories: z.array(z.string().trim().min(1).max(100)).max(200),
        matchPolicy: z.enum(['update', 'skip']),
        totalRows: z.number().int().min(0),
        readyRows: z.number().int().min(0),
        leftRows: z.number().int().min(0),
        heldRows: z.number().int().min(0),
      })
      .strict(),
    importView,
  ),
  /**
   * Hands rows to the desk: ready rows (the core queues them as they arrive) and held rows; on disk when
   * it answers. `afterLine` is the line of the last row handed over before these (0 for none): a batch that
   * does not follow what reached the desk (one before it was refused) is refused too, so no row is skipped.
   */
  stageImportRows: channel(
    z
      .object({
        importId,
        afterLine: z.number().int().min(0),
        rows: z.array(importRow).max(IMPORT_BATCH_LIMIT),
        held: z.array(importHeldRow).max(IMPORT_BATCH_LIMIT),
      })
      .strict(),
    importView,
  ),
  /** Every row was handed over: the desk core queues them into the outbox on its own from here. */
  finishImportStaging: channel(z.object({ importId }).strict(), importView),
  /** Goes on with an interrupted import from where it stopped (rows already handed over are queued). */
  resumeImport: channel(z.object({ importId }).strict(), importView),
  /** An import's counts now. */
  getImport: channel(z.object({ importId }).strict(), importView),
  /** Past imports of the connected account, newest first. */
  listImports: channel(
    z.object({ limit: z.number().int().min(1).max(500).optional() }).strict(),
    z.object({ imports: z.array(importView) }),
  ),
  /** Drops the import's entries that have not gone out; those already sent stay sent. */
  cancelImport: channel(z.object({ importId }).strict(), importView),
  /** The rows that failed or were held back, with their mapped cells and the reason, and how the file was written. */
  importFailedRows: channel(
    z.object({ importId }).strict(),
    z.object({
      fileName: z.string(),
      delimiter,
      encoding,
      bom: z.boolean(),
      header: z.array(z.string()),
      rows: z.array(
        z.object({
          line: z.number().int(),
          /** failed: refused by the service or the desk; held: left out by the check (a problem, a conflict). */
          kind: z.enum(['failed', 'held']),
          original: z.array(z.string()),
          reason: z.string(),
        }),
      ),
      /** Whether the rows' cells were dropped with the outbox's retention (only their numbers and reasons are left). */
      dropped: z.boolean(),
    }),
  ),
  /**
   * Guests the outbox queued or sent for the connected account (a page at a time), for the duplicate check:
   * every push not yet sent, and those sent at `sentFrom` (ms) or later (none given: all of them).
   */
  importKnownGuests: channel(
    z.object({ after: z.number().int().min(0).optional(), sentFrom: z.number().int().min(0).optional() }).strict(),
    z.object({ guests: z.array(importKnownGuest), next: z.number().int().nullable() }),
  ),
};

export const importEvents = {
  /** An import's counts changed (rows handed over, queued, sent, failed, cancelled). */
  importChanged: importView,
};
