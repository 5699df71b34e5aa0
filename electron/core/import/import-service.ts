import type { Database } from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { importChannels, importView } from '../../../shared/bridge/channels/import';
import type { DeskHandlers, ParsedRequestOf } from '../../../shared/bridge/contract';
import { UserFacingError } from '../../../shared/bridge/result';
import type { Outbox } from '../outbox/outbox';
import { createImportStore, type ImportRecord, type RowStateCount } from './import-store';

type ImportHandlers = Pick<DeskHandlers, keyof typeof importChannels>;
type ImportView = z.output<typeof importView>;

/** What the import handlers are built from: the desk database (migrated), the outbox on it, the connected account's client id. */
export interface ImportServiceOptions {
  db: Database;
  outbox: Outbox;
  clientId: () => string | null;
  now?: () => number;
}

/**
 * Imports as records of the desk database: each batch of rows goes into the outbox as push_contact
 * entries and into import_rows in the same commit, so a row is never queued without its place in
 * the file, and a restart finds both.
 */
export function createImportHandlers(options: ImportServiceOptions): ImportHandlers {
  const store = createImportStore(options.db);
  const now = options.now ?? (() => Date.now());
  /** Imports this run of the desk is queueing; one left unfinished by an earlier run was interrupted. */
  const queueing = new Set<string>();

  const requireImport = (id: string): ImportRecord => {
    const record = store.get(id);
    if (!record) throw new UserFacingError('This import is not on the desk.');
    return record;
  };
  const view = (record: ImportRecord): ImportView =>
    toView(record, store.rowStates(record.id), store.queuedCount(record.id), queueing.has(record.id));

  return {
    startImport: (request) => {
      const clientId = options.clientId();
      if (!clientId) throw new UserFacingError('Connect an account in Settings (or start the demo) before importing.');
      const record: ImportRecord = {
        id: `imp_${randomUUID()}`,
        account: clientId,
        fileName: request.fileName,
        createdAt: now(),
        queuedAt: null,
        cancelledAt: null,
        delimiter: request.delimiter,
        encoding: request.encoding,
        bom: request.bom,
        header: request.header,
        mapping: request.mapping,
        categories: request.categories,
        matchPolicy: request.matchPolicy,
        totalRows: request.totalRows,
        readyRows: request.readyRows,
        leftOutRows: request.leftOutRows,
      };
      store.transaction(() => store.insertImport(record));
      queueing.add(record.id);
      return view(record);
    },

    queueImportRows: ({ importId, rows }) => queueRows(importId, rows),

    finishImportQueue: ({ importId }) => {
      store.transaction(() => store.markQueued(importId, now()));
      queueing.delete(importId);
      return view(requireImport(importId));
    },

    getImport: ({ importId }) => view(requireImport(importId)),

    listImports: ({ limit }) => ({ imports: store.latest(limit ?? 50).map(view) }),

    cancelImport: ({ importId }) => {
      const record = requireImport(importId);
      queueing.delete(importId);
      store.transaction(() => {
        options.outbox.discardEntries(store.unsentEntries(importId));
        store.markCancelled(importId, now());
      });
      return view(requireImport(record.id));
    },

    importFailedRows: ({ importId }) => {
      const record = requireImport(importId);
      const rows = store
        .failedRows(importId)
        .map((row) => ({ line: row.line, original: row.original, reason: row.refused ?? problemMessage(row.problem) }));
      return {
        fileName: record.fileName,
        delimiter: record.delimiter as ',' | ';' | '\t',
        encoding: record.encoding as 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252',
        bom: record.bom,
        header: record.header,
        rows,
      };
    },
  };

  /** Queues a batch: the outbox entries and the rows that map them to the file, in one commit. */
  function queueRows(importId: string, rows: ParsedRequestOf<'queueImportRows'>['rows']) {
    const record = requireImport(importId);
    if (record.cancelledAt !== null) throw new UserFacingError('This import was cancelled.');
    if (record.account !== options.clientId())
      throw new UserFacingError('This import belongs to another account; connect that account to go on with it.');
    return store.transaction(() => {
      const results = options.outbox.enqueueMany(
        'push_contact',
        rows.map((row) => row.contact),
      );
      const refused: Array<{ line: number; reason: string }> = [];
      rows.forEach((row, index) => {
        const result = results[index]!;
        const outboxId = 'id' in result ? result.id : null;
        if (!('id' in result)) refused.push({ line: row.line, reason: result.refused });
        store.insertRow(importId, {
          line: row.line,
          action: row.action,
          outboxId,
          refused: 'id' in result ? null : result.refused,
          original: row.original,
        });
      });
      return { queued: rows.length - refused.length, refused };
    });
  }
}

/** The service's words from an entry's stored problem. */
function problemMessage(problem: string | null): string {
  if (!problem) return 'Refused';
  try {
    const parsed = JSON.parse(problem) as { message?: unknown; whatToDo?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : 'Refused';
  } catch {
    return 'Refused';
  }
}

/** An import's view from its record and its rows' states. */
function toView(record: ImportRecord, states: RowStateCount[], queuedRows: number, queueingNow: boolean): ImportView {
  let newGuests = 0;
  let updated = 0;
  let pending = 0;
  let failed = 0;
  let dropped = 0;
  for (const { action, state, count } of states) {
    // An entry forgotten after it finished (a month on) was sent or discarded; the desk no longer knows which, and counts it sent.
    if ((state === 'sent' || state === 'gone') && action === 'new') newGuests += count;
    else if (state === 'sent' || state === 'gone') updated += count;
    else if (state === 'needs_attention' || state === 'refused') failed += count;
    else if (state === 'discarded') dropped += count;
    else pending += count;
  }
  const phase =
    record.cancelledAt !== null
      ? 'cancelled'
      : record.queuedAt === null
        ? queueingNow
          ? 'queueing'
          : 'interrupted'
        : pending > 0
          ? 'delivering'
          : 'done';
  return {
    id: record.id,
    fileName: record.fileName,
    createdAt: new Date(record.createdAt).toISOString(),
    phase,
    totalRows: record.totalRows,
    readyRows: record.readyRows,
    queuedRows,
    newGuests,
    updated,
    pending,
    failed,
    skipped: record.leftOutRows + dropped,
    mapping: record.mapping,
    categories: record.categories,
  };
}

/** Refuses import work while the desk database cannot be opened, saying why. */
export function unavailableImports(reason: string): ImportHandlers {
  const refuse = () => {
    throw new UserFacingError(reason);
  };
  return {
    startImport: refuse,
    queueImportRows: refuse,
    finishImportQueue: refuse,
    getImport: refuse,
    listImports: refuse,
    cancelImport: refuse,
    importFailedRows: refuse,
  };
}
