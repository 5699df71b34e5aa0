import type { DeskApi } from '../../shared/bridge/contract';
import type { BookingTables } from '../db/tables/reservations';
import { pullBookingsIntoCache } from './booking-pull';
import { reportBackgroundFailure } from '../stores/background-failures';
import { startSyncTriggers, touchedFromAfter } from './sync-triggers';

/** What the booking sync shows staff. `notSetUp` holds the sentence when the account has no reservations. */
export interface BookingSyncStatus {
  phase: 'idle' | 'syncing' | 'failed';
  kind?: 'full' | 'incremental';
  done: number;
  total: number;
  lastSyncedAt?: string;
  error?: string;
  notSetUp?: string;
}

/** What the booking sync works with. */
export interface BookingSyncOptions {
  desk: Pick<DeskApi, 'pullReservations' | 'pullReservationsPage' | 'listReservationFields'>;
  tables: BookingTables;
  onStatus: (status: BookingSyncStatus) => void;
  now?: () => Date;
  intervalMs?: number;
}

/** The booking cache's sync: a full pull the first time and on demand, incremental pulls (with an overlap) on a timer, on focus and on demand. */
export interface BookingSync {
  run(kind?: 'incremental' | 'full'): Promise<void>;
  /** Starts the timer and the focus and online listeners, and pulls once; returns the stop function. */
  start(): () => void;
}

/** Creates the booking sync of one account's cache. */
export function createBookingSync(options: BookingSyncOptions): BookingSync {
  const { desk, tables } = options;
  const now = options.now ?? (() => new Date());
  let status: BookingSyncStatus = { phase: 'idle', done: 0, total: 0 };
  let running: Promise<void> | null = null;
  let queued: 'incremental' | 'full' | null = null;
  let lastRunAt = 0;

  const report = (patch: Partial<BookingSyncStatus>) => {
    status = { ...status, ...patch };
    options.onStatus(status);
  };

  const runOnce = async (requested: 'incremental' | 'full' | undefined) => {
    const meta = await tables.syncMeta();
    const kind = requested === 'full' || !meta.lastPullStartedAt ? 'full' : 'incremental';
    lastRunAt = now().getTime();
    report({ phase: 'syncing', kind, done: 0, total: 0, error: undefined, lastSyncedAt: meta.lastSyncedAt });
    try {
      const fields = await desk.listReservationFields({});
      if (!fields.enabled) {
        await tables.updateSyncMeta({ notSetUp: true });
        report({ phase: 'idle', notSetUp: fields.message });
        return;
      }
      await tables.replaceFields(fields.fields.map((field, position) => ({ ...field, position })));
      const touchedFrom = kind === 'incremental' ? touchedFromAfter(meta.lastPullStartedAt!) : undefined;
      const pulled = await pullBookingsIntoCache({
        desk,
        tables,
        touchedFrom,
        onProgress: ({ done, total }) => report({ done, total }),
      });
      if (!pulled.enabled) {
        await tables.updateSyncMeta({ notSetUp: true });
        report({ phase: 'idle', notSetUp: pulled.message });
        return;
      }
      const syncedAt = now().toISOString();
      await tables.updateSyncMeta({
        lastPullStartedAt: pulled.startedAt,
        lastSyncedAt: syncedAt,
        notSetUp: false,
        ...(kind === 'full' ? { lastFullSyncAt: syncedAt } : {}),
      });
      report({ phase: 'idle', lastSyncedAt: syncedAt, notSetUp: undefined });
    } catch (error) {
      report({ phase: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
  };

  const sync: BookingSync = {
    run(kind) {
      if (running) {
        // Asked during a run ("Sync now" while the timer's pull is on its way): one more run follows it.
        queued = kind === 'full' || queued === 'full' ? 'full' : 'incremental';
        return running;
      }
      running = runOnce(kind).finally(() => {
        running = null;
        const next = queued;
        queued = null;
        if (next) void sync.run(next);
      });
      return running;
    },
    start() {
      const stop = startSyncTriggers(() => void sync.run(), {
        intervalMs: options.intervalMs,
        now,
        lastRunAt: () => lastRunAt,
      });
      tables.syncMeta().then(
        (meta) => report({ lastSyncedAt: meta.lastSyncedAt }),
        (error: unknown) => reportBackgroundFailure('Reading when bookings were last synced', error),
      );
      void sync.run();
      return stop;
    },
  };
  return sync;
}
