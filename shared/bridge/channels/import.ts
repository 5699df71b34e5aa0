import { z } from 'zod';
import { channel } from '../define';

/** Rows one queueing call carries at most (the renderer sends an import in batches of this size or fewer). */
export const IMPORT_BATCH_LIMIT = 1000;

const importId = z.string().regex(/^imp_[a-z0-9-]{8,64}$/, 'An import id looks like imp_<uuid>');
const cell = z.string().max(2_000_000);
/** A value pushed for one field: the import sends text (the bridge's limit on one field's value). */
const fieldValue = z.string().max(10_000);

/** What a column of the file became (stored with the import, shown in its history). */
export const importColumnTarget = z.union([
  z.object({ kind: z.literal('field'), field: z.string().min(1).max(100) }).strict(),
  z.object({ kind: z.enum(['name', 'categories', 'ignore']) }).strict(),
]);

/** One row to queue: its number in the file, whether it adds a guest or updates one, the push_contact item, and the file's cells. */
export const importRow = z
  .object({
    line: z.number().int().min(1),
    action: z.enum(['new', 'update']),
    contact: z.record(z.string().min(1).max(100), fieldValue),
    original: z.array(cell).max(5000),
  })
  .strict();

/** Where an import stands: queueing, then delivery, then done; or cancelled. */
export const importPhase = z.enum(['queueing', 'interrupted', 'delivering', 'done', 'cancelled']);

/** An import as staff see it: the file, when, and its counts (live while it is delivered). */
export const importView = z.object({
  id: importId,
  fileName: z.string(),
  createdAt: z.string(),
  phase: importPhase,
  totalRows: z.number().int(),
  /** Rows the desk was to queue, and those queued so far. */
  readyRows: z.number().int(),
  queuedRows: z.number().int(),
  /** Delivery: sent (new guests and updates), still to go, failed (the service refused, or the desk did), and left out or cancelled. */
  newGuests: z.number().int(),
  updated: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  mapping: z.record(z.string(), importColumnTarget),
  categories: z.array(z.string()),
});

export const importChannels = {
  /** Records a new import (before its rows are queued), with how the file was read and matched. */
  startImport: channel(
    z
      .object({
        fileName: z.string().trim().min(1).max(500),
        delimiter: z.enum([',', ';', '\t']),
        encoding: z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']),
        bom: z.boolean(),
        header: z.array(cell).max(5000),
        mapping: z.record(z.string().max(2000), importColumnTarget),
        categories: z.array(z.string().trim().min(1).max(100)).max(200),
        matchPolicy: z.enum(['update', 'skip']),
        totalRows: z.number().int().min(0),
        readyRows: z.number().int().min(0),
        leftOutRows: z.number().int().min(0),
      })
      .strict(),
    importView,
  ),
  /** Queues a batch of rows as push_contact entries; on disk when it answers. Rows the desk refuses come back with the reason. */
  queueImportRows: channel(
    z.object({ importId, rows: z.array(importRow).min(1).max(IMPORT_BATCH_LIMIT) }).strict(),
    z.object({ queued: z.number().int(), refused: z.array(z.object({ line: z.number().int(), reason: z.string() })) }),
  ),
  /** Every ready row is queued. */
  finishImportQueue: channel(z.object({ importId }).strict(), importView),
  /** An import's counts now. */
  getImport: channel(z.object({ importId }).strict(), importView),
  /** Past imports, newest first. */
  listImports: channel(
    z.object({ limit: z.number().int().min(1).max(500).optional() }).strict(),
    z.object({ imports: z.array(importView) }),
  ),
  /** Drops the import's entries that have not gone out; those already sent stay sent. */
  cancelImport: channel(z.object({ importId }).strict(), importView),
  /** The rows that failed, with their cells as in the file and the reason, and how the file was written (for the failed-rows file). */
  importFailedRows: channel(
    z.object({ importId }).strict(),
    z.object({
      fileName: z.string(),
      delimiter: z.enum([',', ';', '\t']),
      encoding: z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']),
      bom: z.boolean(),
      header: z.array(z.string()),
      rows: z.array(z.object({ line: z.number().int(), original: z.array(z.string()), reason: z.string() })),
    }),
  ),
};

export const importEvents = {};
