import type { DeskApi } from '../../shared/bridge/contract';
import type { GuestDatabase } from '../db/guest-db';
import type { PhoneKey } from '../search/terms';
import { syncMessages } from './messages';
import { pullIntoCache } from './pull';
import { syncSchema } from './schema';
import { startSyncTriggers, SYNC_OVERLAP_MS, touchedFromAfter } from './sync-triggers';
import { reportBackgroundFailure } from '../stores/background-failures';

/** What the sync shows staff: what it is doing, how far, and when the cache was last brought up to date. */
export interface SyncStatus {
  phase: 'idle' | 'syncing' | 'failed';
  kind?: 'full' | 'incremental';
  done: number;
  total: number;
  lastSyncedAt?: string;
  error?: string;
}

/** What the sync works with. */
export interface GuestSyncOptions {
  desk: DeskApi;
  db: GuestDatabase;
  phoneKey: PhoneKey;
  /** The venue's default phone country; the terms are rebuilt when it changes. */
  country: string;
  onStatus: (status: SyncStatus) => void;
  now?: () => Date;
  intervalMs?: number;
}

/** The cache's sync: a full pull the first time and on demand, incremental pulls on a timer, on focus and on demand. */
export interface GuestSync {
  /** Pulls now (incremental once the cache has been filled, else full); concurrent calls share one run. */
  run(kind?: 'incremental' | 'full'): Promise<void>;
  /** Starts the timer and the focus and online listeners, and pulls once; returns the stop function. */
  start(): () => void;
}

/** Creates the sync of one account's cache. */
export function createGuestSync(options: GuestSyncOptions): GuestSync {
  const { desk, db, phoneKey } = options;
  const now = options.now ?? (() => new Date());
  let status: SyncStatus = { phase: 'idle', done: 0, total: 0 };
  let running: Promise<void> | null = null;
  let fullRequested = false;
  let lastRunAt = 0;

  const report = (patch: Partial<SyncStatus>) => {
    status = { ...status, ...patch };
    options.onStatus(status);
  };

  const runOnce = async (requested: 'incremental' | 'full' | undefined) => {
    const meta = await db.syncMeta();
    const kind = requested === 'full' || !meta.lastPullStartedAt ? 'full' : 'incremental';
    lastRunAt = now().getTime();
    report({ phase: 'syncing', kind, done: 0, total: 0, error: undefined, lastSyncedAt: meta.lastSyncedAt });
    try {
      if (meta.phoneCountry !== options.country) {
        await db.reindexGuests(phoneKey);
        await db.updateSyncMeta({ phoneCountry: options.country });
      }
      const touchedFrom = kind === 'incremental' ? touchedFromAfter(meta.lastPullStartedAt!) : undefined;
      // Fields, categories, sent items and replies come while the guests are pulled; their failure does not undo the guests.
      const [guests, ...others] = await Promise.allSettled([
        pullIntoCache({ desk, db, phoneKey, touchedFrom, onProgress: ({ done, total }) => report({ done, total }) }),
        syncSchema(desk, db),
        syncMessages(desk, db, phoneKey, now(), SYNC_OVERLAP_MS),
      ]);
      if (guests.status === 'rejected') throw guests.reason;
      const syncedAt = now().toISOString();
      await db.updateSyncMeta({
        lastPullStartedAt: guests.value.startedAt,
        lastSyncedAt: syncedAt,
        ...(kind === 'full' ? { lastFullSyncAt: syncedAt } : {}),
      });
      const failed = others.find((result) => result.status === 'rejected');
      report(
        failed
          ? { phase: 'failed', lastSyncedAt: syncedAt, error: messageOf(failed.reason) }
          : { phase: 'idle', lastSyncedAt: syncedAt },
      );
    } catch (error) {
      report({ phase: 'failed', error: messageOf(error) });
    }
  };

  const sync: GuestSync = {
    run(kind) {
      if (kind === 'full') fullRequested = true;
      if (running) {
        // A full refresh asked for during an incremental run follows it.
        return running.then(() => (fullRequested && kind === 'full' ? sync.run('full') : undefined));
      }
      const requested = fullRequested ? 'full' : kind;
      fullRequested = false;
      running = runOnce(requested).finally(() => (running = null));
      return running;
    },

    start() {
      const stop = startSyncTriggers(() => void sync.run(), {
        intervalMs: options.intervalMs,
        now,
        lastRunAt: () => lastRunAt,
      });
      db.syncMeta().then(
        (meta) => report({ lastSyncedAt: meta.lastSyncedAt }),
        (error: unknown) => reportBackgroundFailure('Reading when guests were last synced', error),
      );
      void sync.run();
      return stop;
    },
  };
  return sync;
}

/** An error's message for staff. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
