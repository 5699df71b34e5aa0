import type { BenchRow } from './table';
import { startGuestBenchDesk } from './sync-desk';

/** What the page measured (test/renderer/guests/bench-page.ts): ms for the sync and for the bulkPut baselines. */
interface SyncTimings {
  guests: number;
  syncMs: number;
  bulkPutMs: number;
  rawPutMs: number;
}

/** Target of the first sync: under 20 s, and within 1.5x of writing the same rows with a plain bulkPut. */
const SYNC_LIMIT_S = 20;
const SYNC_RATIO = 1.5;
/** Issue 21: the whole first sync (search index built) within 2x of a bulkPut of the raw contacts. */
const RAW_RATIO = 2;

/**
 * The first sync of 100,000 guests from the sandbox, in Chromium, through the real desk core and
 * bridge (pull_db, pages of 2,000 over the WebSocket, search terms built, rows written), beside a
 * plain bulkPut of the same rows into the same table measured in the same page.
 */
export async function benchGuestSync(guests = 100_000): Promise<BenchRow[]> {
  const desk = await startGuestBenchDesk(guests);
  try {
    const timings = await desk.page.call<SyncTimings>('benchSync');
    if (timings.guests < guests) throw new Error(`The sync brought ${timings.guests} guests, expected ${guests}.`);
    const seconds = timings.syncMs / 1000;
    const bulkPut = timings.bulkPutMs / 1000;
    return [
      {
        name: `first sync, ${timings.guests.toLocaleString('en')} guests (pull_db, bridge pages, index)`,
        value: seconds,
        baseline: bulkPut,
        baselineName: 'bulkPut of the same rows, with a *terms index',
        unit: 's',
        target: `< ${SYNC_LIMIT_S} s, ratio ≤ ${SYNC_RATIO}`,
        met: seconds < SYNC_LIMIT_S && seconds <= SYNC_RATIO * bulkPut,
      },
      {
        name: 'first sync, same run, beside the raw contacts',
        value: seconds,
        baseline: timings.rawPutMs / 1000,
        baselineName: 'bulkPut of raw contacts, no search index',
        unit: 's',
        target: `ratio ≤ ${RAW_RATIO}`,
        met: timings.syncMs <= RAW_RATIO * timings.rawPutMs,
      },
    ];
  } finally {
    await desk.close();
  }
}
