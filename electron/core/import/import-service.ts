import type { Database } from 'better-sqlite3';
import { UserFacingError } from '../../../shared/bridge/result';
import { DEFAULT_OUTBOX_CONFIG } from '../outbox/config';
import type { Outbox } from '../outbox/outbox';
import { createImportHandlers, type ImportHandlers } from './import-handlers';
import { createImportQueue } from './import-queue';
import { startImportRetention } from './import-retention';
import { createImportStore } from './import-store';
import type { ImportView } from './import-view';
import { createKnownGuests, type PullTouchedSince } from './known-guests';
import { createLiveImports } from './live-imports';

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

/**
 * Imports as records of the desk database. The renderer hands every row over (ready rows kept with
 * their push_contact item, held rows with their reason); the core queues them into the outbox itself
 * as they arrive, so a page that dies or reloads stops nothing, and one that stopped (a restart) goes
 * on from the first row not queued. Counts reach the renderer as importChanged events. Its jobs:
 * the tables (import-store.ts), the queue loop (import-queue.ts), following imports live
 * (live-imports.ts), retention (import-retention.ts) and the channels (import-handlers.ts).
 */
export function createImportService(options: ImportServiceOptions): ImportService {
  const store = createImportStore(options.db);
  const now = options.now ?? (() => Date.now());
  const { emit } = options;
  const ofConnectedAccount = (importId: string) => {
    const clientId = options.clientId();
    return clientId !== null && store.get(importId, clientId) !== undefined;
  };
  const live = createLiveImports({
    store,
    outbox: options.outbox,
    now,
    // Another venue's desk is not told of this one's imports (the events are scoped as the channels are).
    emit:
      emit &&
      ((view) => {
        if (ofConnectedAccount(view.id)) emit(view);
      }),
    queueing: (id) => queue.running(id),
  });
  const queue = createImportQueue({
    store,
    outbox: options.outbox,
    now,
    ofConnectedAccount,
    onProgress: (id) => live.changed(id),
    onDone: (id) => live.changed(id, 'now'),
    onSettled: (id, action, outcome) => live.tally.settled(id, action, outcome),
    aheadOfDelivery: (id) => (live.receiving(id) && live.isFollowed(id) ? live.tally.waiting(id) : null),
  });
  const stopRetention = startImportRetention({
    store,
    now,
    keepForMs: options.keepFinishedForMs ?? DEFAULT_OUTBOX_CONFIG.keepFinishedForMs,
  });
  // Rows that all reached the desk before it stopped are queued on their own: nothing waits on a page.
  for (const id of live.following()) {
    const record = store.getOfAnyAccount(id);
    if (record && record.stagedAt !== null && record.queuedAt === null && record.cancelledAt === null) queue.run(id);
  }
  const account = (): string => {
    const clientId = options.clientId();
    if (!clientId) throw new UserFacingError('Connect an account in Settings (or start the demo) before importing.');
    return clientId;
  };
  const known = createKnownGuests({ outbox: options.outbox, pullTouchedSince: options.pullTouchedSince });
  return {
    handlers: createImportHandlers({ store, live, queue, outbox: options.outbox, known, now, account }),
    close() {
      live.close();
      stopRetention();
      queue.stopAll();
    },
  };
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
