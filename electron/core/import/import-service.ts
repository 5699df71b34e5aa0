import type { Database } from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { importChannels } from '../../../shared/bridge/channels/import';
import type { DeskHandlers } from '../../../shared/bridge/contract';
import { UserFacingError } from '../../../shared/bridge/result';
import { DEFAULT_OUTBOX_CONFIG } from '../outbox/config';
import type { Outbox } from '../outbox/outbox';
import { createImportQueue } from './import-queue';
import { createImportStore, type ImportRecord } from './import-store';
import { createImportTally } from './import-tally';
import { importCountsOf, toImportView, type ImportView } from './import-view';
import { createKnownGuests, type PullTouchedSince } from './known-guests';

type ImportHandlers = Pick<DeskHandlers, keyof typeof importChannels>;

/** What the import handlers are built from: the desk database (migrated), the outbox on it, the connected account. */
export interface ImportServiceOptions {
  db: Database;
  outbox: Outbox;
  clientId: () => string | null;
  /** Tells the renderer an import changed (the importChanged event). */
  emit?: (view: ImportView) => void;
  /** Reads guests the service touched since a time (pull_db touched_from), to learn the ids of guests this desk created. */
  pullTouchedSince?: PullTouchedSince;
  now?: () => number;
  /** How long an import's rows' cells are kept after its last entry finished: the outbox's retention of finished entries. */
  keepFinishedForMs?: number;
}

/** The import handlers, and what the desk core does with imports on its own (queueing, following delivery, retention). */
export interface ImportService {
  handlers: ImportHandlers;
  /** Stops following the outbox and the retention timer. */
  close(): void;
}

const DAY_MS = 24 * 60 * 60_000;
/** A hand-over with no batch for this long has stopped (the page closed or crashed): the import shows as interrupted. */
const STAGING_IDLE_MS = 30_000;
/** How often an import being delivered tells the renderer its counts, at most. */
const CHANGE_EVERY_MS = 250;

/**
 * Imports as records of the desk database. The renderer hands every row over first (ready rows kept
 * with their push_contact item, held rows with their reason); the core then queues them into the
 * outbox itself, chunk by chunk, so a page that dies or reloads stops nothing, and one that stopped
 * (a restart) goes on from the first row not queued. Counts reach the renderer as importChanged events.
 */
export function createImportService(options: ImportServiceOptions): ImportService {
  const store = createImportStore(options.db);
  const now = options.now ?? (() => Date.now());
  const keepFor = options.keepFinishedForMs ?? DEFAULT_OUTBOX_CONFIG.keepFinishedForMs;
  /** Imports whose rows this run of the desk is receiving, and when the last hand-over came. */
  const staging = new Map<string, number>();
  const receiving = (id: string) => now() - (staging.get(id) ?? -Infinity) < STAGING_IDLE_MS;
  /** Imports delivering or queueing whose counts may change with the outbox's. */
  const following = new Set<string>(store.unfinished().map((row) => row.id));
  const pendingEmits = new Map<string, ReturnType<typeof setTimeout>>();

  const account = (): string => {
    const clientId = options.clientId();
    if (!clientId) throw new UserFacingError('Connect an account in Settings (or start the demo) before importing.');
    return clientId;
  };
  const requireImport = (id: string): ImportRecord => {
    const record = store.get(id, account());
    if (!record) throw new UserFacingError('This import is not on the desk for the connected account.');
    return record;
  };
  const tally = createImportTally(store);
  /** An import's view: counted live while it is followed, read from the database otherwise (the history). */
  const view = (record: ImportRecord): ImportView => {
    const live = following.has(record.id);
    const counts = importCountsOf(record, live ? tally.states(record.id) : store.rowStates(record.id));
    return toImportView(record, counts, {
      busy: receiving(record.id) || queue.running(record.id),
      lastStagedLine: (live ? tally.stagedSoFar(record.id) : store.stagedSoFar(record.id)).lastLine,
    });
  };
  /** The import's view now; marks it finished when nothing of it is left to go. */
  const currentView = (id: string): ImportView | undefined => {
    const record = store.getOfAnyAccount(id);
    if (!record) return undefined;
    const fresh = view(record);
    if ((fresh.phase === 'done' || fresh.phase === 'cancelled') && record.finishedAt === null) {
      store.transaction(() => store.markFinished(id, now()));
      following.delete(id);
      tally.forget(id);
    }
    return fresh;
  };
  let closed = false;
  const changed = (id: string, at: 'now' | 'soon' = 'soon') => {
    if (!options.emit || closed) return;
    if (at === 'soon' && pendingEmits.has(id)) return;
    clearTimeout(pendingEmits.get(id));
    const send = () => {
      pendingEmits.delete(id);
      const fresh = currentView(id);
      if (fresh) options.emit?.(fresh);
    };
    if (at === 'now') send();
    else pendingEmits.set(id, setTimeout(send, CHANGE_EVERY_MS));
  };

  const queue = createImportQueue({
    store,
    outbox: options.outbox,
    now,
    onProgress: (id) => changed(id),
    onDone: (id) => changed(id, 'now'),
    onSettled: (id, action, outcome) => tally.settled(id, action, outcome),
  });
  const known = createKnownGuests({ store, pullTouchedSince: options.pullTouchedSince });

  // Delivery changes an import's counts: follow the outbox while any import has entries to go.
  const unsubscribe = options.outbox.subscribe((change) => {
    for (const id of tally.apply(change)) changed(id);
  });

  const dropExpired = () => {
    const cutoff = now() - keepFor;
    for (const id of store.finishedBefore(cutoff)) {
      const record = store.getOfAnyAccount(id);
      if (!record) continue;
      const counts = importCountsOf(record, store.rowStates(id));
      store.transaction(() => store.dropData(id, now(), counts));
    }
  };
  dropExpired();
  // Rows that all reached the desk before it stopped are queued on their own: nothing waits on a page.
  for (const id of following) {
    const record = store.getOfAnyAccount(id);
    if (record && record.stagedAt !== null && record.queuedAt === null && record.cancelledAt === null) queue.run(id);
  }
  const retention = setInterval(dropExpired, DAY_MS);
  retention.unref?.();

  const handlers: ImportHandlers = {
    startImport: (request) => {
      const record: ImportRecord = {
        id: `imp_${randomUUID()}`,
        account: account(),
        fileName: request.fileName,
        createdAt: now(),
        stagedAt: null,
        queuedAt: null,
        cancelledAt: null,
        finishedAt: null,
        dataDroppedAt: null,
        delimiter: request.delimiter,
        encoding: request.encoding,
        bom: request.bom,
        header: request.header,
        mapping: request.mapping,
        categories: request.categories,
        matchPolicy: request.matchPolicy,
        totalRows: request.totalRows,
        readyRows: request.readyRows,
        leftRows: request.leftRows,
        heldRows: request.heldRows,
        finalCounts: null,
      };
      store.transaction(() => store.insertImport(record));
      staging.set(record.id, now());
      following.add(record.id);
      return view(record);
    },

    stageImportRows: ({ importId, rows, held }) => {
      const record = requireImport(importId);
      if (record.cancelledAt !== null) throw new UserFacingError('This import was cancelled.');
      if (record.stagedAt !== null) throw new UserFacingError('Every row of this import already reached the desk.');
      staging.set(importId, now());
      const added = store.transaction(() => {
        store.holdRows(importId, held);
        return store.stageRows(importId, rows);
      });
      if (following.has(importId)) tally.staged(importId, rows, added);
      changed(importId);
      return view(record);
    },

    finishImportStaging: ({ importId }) => {
      const record = requireImport(importId);
      if (record.cancelledAt !== null) throw new UserFacingError('This import was cancelled.');
      store.transaction(() => store.markStaged(importId, now()));
      staging.delete(importId);
      queue.run(importId);
      return view(requireImport(importId));
    },

    resumeImport: ({ importId }) => {
      const record = requireImport(importId);
      if (record.cancelledAt !== null) throw new UserFacingError('This import was cancelled.');
      following.add(importId);
      // Rows still to hand over come from the page that has the file; what reached the desk is queued now.
      if (record.stagedAt === null) staging.set(importId, now());
      else queue.run(importId);
      return view(record);
    },

    getImport: ({ importId }) => view(requireImport(importId)),

    listImports: ({ limit }) => ({ imports: store.latest(account(), limit ?? 50).map(view) }),

    cancelImport: ({ importId }) => {
      requireImport(importId);
      staging.delete(importId);
      queue.stop(importId);
      store.transaction(() => {
        options.outbox.discardEntries(store.unsentEntries(importId));
        store.markCancelled(importId, now());
      });
      changed(importId, 'now');
      return view(requireImport(importId));
    },

    importFailedRows: ({ importId }) => {
      const record = requireImport(importId);
      const rows = store.failedRows(importId).map((row) => ({
        line: row.line,
        kind: row.kind,
        original: row.original,
        reason: row.reason ?? problemMessage(row.problem),
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

    importKnownGuests: ({ after }) => known.page(account(), after ?? 0),
  };

  return {
    handlers,
    close() {
      closed = true;
      unsubscribe();
      clearInterval(retention);
      for (const timer of pendingEmits.values()) clearTimeout(timer);
      queue.stopAll();
    },
  };
}

/** The service's words from an entry's stored problem. */
function problemMessage(problem: string | null): string {
  if (!problem) return 'Refused';
  try {
    const parsed = JSON.parse(problem) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : 'Refused';
  } catch {
    // An entry's problem is written by the outbox as JSON; anything else is shown as a plain refusal.
    return 'Refused';
  }
}

/** A stored encoding name as one the renderer writes. */
function knownEncoding(encoding: string): 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' {
  return encoding === 'utf-16le' || encoding === 'utf-16be' || encoding === 'windows-1252' ? encoding : 'utf-8';
}

/** Refuses import work while the desk database cannot be opened, saying why. */
export function unavailableImports(reason: string): ImportHandlers {
  const refuse = () => {
    throw new UserFacingError(reason);
  };
  return {
    startImport: refuse,
    stageImportRows: refuse,
    finishImportStaging: refuse,
    resumeImport: refuse,
    getImport: refuse,
    listImports: refuse,
    cancelImport: refuse,
    importFailedRows: refuse,
    importKnownGuests: refuse,
  };
}
