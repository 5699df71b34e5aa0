import { randomUUID } from 'node:crypto';
import { lastLineOf, type importChannels } from '../../../shared/bridge/channels/import';
import type { DeskHandlers, RequestOf } from '../../../shared/bridge/contract';
import { UserFacingError } from '../../../shared/bridge/result';
import type { Outbox } from '../outbox/outbox';
import type { createImportQueue } from './import-queue';
import type { ImportRecord } from './import-records';
import type { ImportStore } from './import-store';
import type { createKnownGuests } from './known-guests';
import type { LiveImports } from './live-imports';

export type ImportHandlers = Pick<DeskHandlers, keyof typeof importChannels>;

/** What the import handlers work with. */
export interface ImportHandlerParts {
  store: ImportStore;
  live: LiveImports;
  queue: ReturnType<typeof createImportQueue>;
  outbox: Outbox;
  known: ReturnType<typeof createKnownGuests>;
  now: () => number;
  /** The connected account's client id, or a refusal in staff's words. */
  account: () => string;
}

/** The import channels: the hand-over of rows (with cancelling) and reading imports back. */
export function createImportHandlers(parts: ImportHandlerParts): ImportHandlers {
  return { ...handOverHandlers(parts), ...readingHandlers(parts) };
}

/** The import of the connected account, or a refusal (another account's imports are not there for it). */
function requireImport(parts: ImportHandlerParts, id: string): ImportRecord {
  const record = parts.store.get(id, parts.account());
  if (!record) throw new UserFacingError('This import is not on the desk for the connected account.');
  return record;
}

/** The import, unless it was cancelled. */
function requireOpenImport(parts: ImportHandlerParts, id: string): ImportRecord {
  const record = requireImport(parts, id);
  if (record.cancelledAt !== null) throw new UserFacingError('This import was cancelled.');
  return record;
}

/**
 * Recording an import, taking its rows (ready ones kept with their push_contact item, held ones with
 * their reason) and queueing them into the outbox as they arrive; going on after a stop; cancelling.
 */
function handOverHandlers(parts: ImportHandlerParts) {
  const { store, live, queue, now } = parts;
  return {
    startImport: (request) => {
      const record: ImportRecord = {
        ...request,
        id: `imp_${randomUUID()}`,
        account: parts.account(),
        createdAt: now(),
        stagedAt: null,
        queuedAt: null,
        cancelledAt: null,
        finishedAt: null,
        dataDroppedAt: null,
        finalCounts: null,
      };
      store.transaction(() => store.insertImport(record));
      live.receivingNow(record.id);
      live.follow(record.id);
      return live.view(record);
    },
    stageImportRows: (request) => stageBatch(parts, request),
    finishImportStaging: ({ importId }) => {
      requireOpenImport(parts, importId);
      store.transaction(() => store.markStaged(importId, now()));
      live.receivingEnded(importId);
      queue.run(importId);
      return live.view(requireImport(parts, importId));
    },
    resumeImport: ({ importId }) => {
      const record = requireOpenImport(parts, importId);
      live.follow(importId);
      // Rows still to hand over come from the page that has the file; what reached the desk is queued now.
      if (record.stagedAt === null) live.receivingNow(importId);
      else queue.run(importId);
      return live.view(record);
    },
    cancelImport: ({ importId }) => {
      requireImport(parts, importId);
      live.receivingEnded(importId);
      queue.stop(importId);
      store.transaction(() => {
        parts.outbox.discardEntries(store.unsentEntries(importId));
        store.markCancelled(importId, now());
        store.dropStaged(importId);
      });
      // Counted again from the database: the outbox tells of the entries it discarded only after this turn.
      live.tally.forget(importId);
      live.changed(importId, 'now');
      return live.view(requireImport(parts, importId));
    },
  } satisfies Partial<ImportHandlers>;
}

/**
 * Takes one batch of a hand-over in one transaction, unless it does not follow the rows already on the desk;
 * its ready rows go into the outbox while the rest are still being handed over.
 */
function stageBatch(parts: ImportHandlerParts, { importId, afterLine, rows, held }: RequestOf<'stageImportRows'>) {
  const { store, live, queue } = parts;
  const record = requireOpenImport(parts, importId);
  if (record.stagedAt !== null) throw new UserFacingError('Every row of this import already reached the desk.');
  const lastLine = lastLineOf(afterLine, { rows, held });
  // Crash-safe, not flushed: a power cut may undo the last batches, and the import then goes on from
  // the last row the database kept (lastStagedLine), as after any stop. finishImportStaging is flushed,
  // which makes every batch before it durable (the WAL is in order) before the page hears all are there.
  const taking = () => {
    const reached = store.lastLineHandedOver(importId);
    // The page sends several batches at once: one that does not follow what reached the desk (a batch before it
    // was refused) would leave a gap that going on, from the last row here, skips. A batch sent again is kept once.
    if (afterLine !== reached && lastLine > reached)
      throw new UserFacingError(
        `Rows after row ${afterLine} came before those up to it reached the desk. Go on sends again every row after row ${reached}.`,
      );
    store.holdRows(importId, held);
    return store.stageRows(importId, rows);
  };
  let added: number;
  try {
    added = store.transaction(taking, 'crashSafe');
  } catch (error) {
    // The page stops its hand-over at a refusal: the import shows as interrupted once the core has queued what it has.
    live.receivingEnded(importId);
    throw error;
  }
  live.receivingNow(importId);
  if (live.isFollowed(importId)) live.tally.staged(importId, rows, added, lastLine);
  if (rows.length > 0) queue.run(importId);
  live.changed(importId);
  return live.view(record);
}

/** Imports as staff read them back: one, the latest, the rows that failed or were held, the guests the outbox knows. */
function readingHandlers(parts: ImportHandlerParts) {
  return {
    getImport: ({ importId }) => parts.live.view(requireImport(parts, importId)),
    listImports: ({ limit }) => ({ imports: parts.store.latest(parts.account(), limit ?? 50).map(parts.live.view) }),
    importFailedRows: ({ importId }) => {
      const record = requireImport(parts, importId);
      const rows = parts.store.failedRows(importId).map((row) => ({
        line: row.line,
        kind: row.kind,
        original: row.original,
        reason: row.reason ?? serviceWords(parts.outbox, row.outboxId),
      }));
      return {
        fileName: record.fileName,
        delimiter: record.delimiter === ';' || record.delimiter === '\t' ? record.delimiter : ',',
        encoding: knownEncoding(record.encoding),
        bom: record.bom,
        header: record.header,
        rows,
        dropped: record.dataDroppedAt !== null,
      };
    },
    importKnownGuests: ({ after, sentFrom }) => parts.known.page(parts.account(), after ?? 0, sentFrom ?? 0),
  } satisfies Partial<ImportHandlers>;
}

/** The service's words on a refused row's outbox entry. */
function serviceWords(outbox: Outbox, outboxId: string | null): string {
  return (outboxId && outbox.get(outboxId)?.problem?.message) || 'Refused';
}

/** A stored encoding name as one the renderer writes. */
function knownEncoding(encoding: string): 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' {
  return encoding === 'utf-16le' || encoding === 'utf-16be' || encoding === 'windows-1252' ? encoding : 'utf-8';
}
