import { build } from 'esbuild';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startSandboxServer } from '../../sandbox/index';
import { findAccountByClientId } from '../../sandbox/store/accounts';
import { upsertReservation } from '../../sandbox/store/reservations';
import { sql } from '../../sandbox/store/schema';
import { formatServiceDate } from '../../shared/rules/datetime';
import { launchChromium } from '../e2e/support/browser';
import type { FrameSample } from '../support/frame-sample';
import { startBenchDesk, type BenchDesk } from './bench-desk';
import { frameRows } from './frame-rows';
import type { BenchRow } from './table';
import { TRACE_DIR, traced } from './trace';

/** What the page measured (test/renderer/reservations/bench-page.tsx): the first sync beside a bulkPut of the same rows. */
interface BookingBenchTimings {
  bookings: number;
  syncMs: number;
  bulkPutMs: number;
  steps: Record<string, number>;
}

/** What the page measured: latencies from a key or click to the answer painted, beside a baseline's (ms). */
interface Latencies {
  samples: FrameSample[];
  baseline: number[];
  perDay?: number;
}

const SYNC_LIMIT_S = 5;
const SYNC_RATIO = 1.5;
const PER_DAY = 400;
const DAY_MS = 86_400_000;

/** Fills the demo account with `bookings` bookings, `PER_DAY` a day around today, for its guests. */
function seedBookings(server: Awaited<ReturnType<typeof startSandboxServer>>, bookings: number): string[] {
  const { db } = server.sandbox.context;
  const account = findAccountByClientId(db, server.demo.clientId)!;
  sql(db, 'DELETE FROM reservations WHERE account_id = ?').run(account.id);
  const guests = (
    sql(db, 'SELECT id FROM contacts WHERE account_id = ? ORDER BY id').all(account.id) as { id: number }[]
  ).map((row) => row.id);
  const days = Math.ceil(bookings / PER_DAY);
  const dates = Array.from({ length: days }, (_, index) =>
    formatServiceDate(new Date(Date.now() + (index - Math.floor(days / 2)) * DAY_MS), account.timezone),
  );
  const areas = ['Bar', 'Terrace', 'Main room', 'Private room'];
  const statuses = ['Unconfirmed', 'Pending', 'Confirmed', 'Confirmed', 'Arrived', 'Cancelled'];
  db.transaction(() => {
    for (let n = 0; n < bookings; n++) {
      const minutes = 11 * 60 + ((n * 7) % 48) * 15;
      upsertReservation(
        db,
        account.id,
        `B${n + 1}`,
        guests[n % guests.length]!,
        {
          total_attendees: 1 + (n % 8),
          attendee_names: [`Guest ${n}`],
          bookingStatus: statuses[n % statuses.length],
          Date: dates[Math.floor(n / PER_DAY)],
          Time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`,
          tableArea: areas[n % areas.length],
        },
        // Made a day ago: the desk's incremental pulls (with their ten-minute overlap) bring what changed
        // since, as on a desk in use, not every booking again.
        Date.now() - DAY_MS,
      );
    }
    sql(db, 'UPDATE contacts SET touched_at = ? WHERE account_id = ?').run(Date.now() - DAY_MS, account.id);
  })();
  return dates;
}

/**
 * "reservations first sync": 20,000 bookings with their guests from the sandbox through the real desk
 * core and bridge into the Dexie tables, beside a bulkPut of the same rows. Then, in Chromium on the
 * Reservations screen with 400 bookings on each day: choosing a day (→, ←, the week strip) until its
 * timeline is painted, and a status key on the selected booking until its card is painted again.
 */
export async function benchReservations(bookings = 20_000): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bookings-bench-'));
  const sandbox = await startSandboxServer({ port: 0, demo: true, demoGuests: 5000 });
  const dates = seedBookings(sandbox, bookings);
  let browser: Browser | undefined;
  let desk: BenchDesk | undefined;
  try {
    const page = join(dir, 'page');
    await build({
      entryPoints: [join(import.meta.dirname, '../renderer/reservations/bench-page.tsx')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'chrome120',
      jsx: 'automatic',
      outdir: page,
      entryNames: 'bench',
      logLevel: 'error',
      define: { 'process.env.NODE_ENV': '"production"' },
      // Names kept in a profiled run, so the trace's functions can be read.
      minify: !TRACE_DIR,
    });
    // A profiled run keeps the bundle beside its traces (their line numbers point into it).
    if (TRACE_DIR) cpSync(join(page, 'bench.js'), join(TRACE_DIR, 'reservations-bench.js'));
    writeFileSync(
      join(page, 'index.html'),
      '<!doctype html><html><head><meta charset="utf-8"><title>bench</title><link rel="stylesheet" href="./bench.css"></head><body><div id="root"></div><script type="module" src="./bench.js"></script></body></html>',
    );
    // The desk in a process of its own, as browser mode runs it (bench-desk.ts); the service stays in this one.
    desk = await startBenchDesk({
      dataDir: join(dir, 'data'),
      pageDir: page,
      service: { ...sandbox.demo, baseUrl: sandbox.baseUrl },
    });
    browser = await launchChromium();
    const tab = await browser.newPage({ viewport: { width: 1500, height: 950 } });
    tab.setDefaultTimeout(600_000);
    await tab.goto(desk.url);
    await tab.waitForFunction(() => (globalThis as unknown as { benchReady?: boolean }).benchReady === true);
    const sync = await traced(browser, tab, 'reservations-first-sync', () =>
      tab.evaluate(() =>
        (globalThis as unknown as { benchBookingSync(): Promise<BookingBenchTimings> }).benchBookingSync(),
      ),
    );
    if (sync.bookings < bookings) throw new Error(`The sync brought ${sync.bookings} bookings, expected ${bookings}.`);
    // A profiled run says where the first sync's time went, beside the bulkPut of the same rows.
    if (TRACE_DIR)
      process.stderr.write(
        `first sync ${Math.round(sync.syncMs)} ms (bulkPut ${Math.round(sync.bulkPutMs)} ms); steps ended at (ms): ${JSON.stringify(sync.steps)}\n`,
      );
    const days = dates.slice(1, -1);
    await tab.evaluate(
      (first) => (globalThis as unknown as { openDayView(day: string): Promise<void> }).openDayView(first),
      days[0]!,
    );
    const view = await traced(browser, tab, 'reservations-day-view', () =>
      tab.evaluate(
        (chosen) =>
          (globalThis as unknown as { benchDayView(days: string[]): Promise<Latencies> }).benchDayView(chosen),
        days,
      ),
    );
    if ((view.perDay ?? 0) < PER_DAY)
      throw new Error(`The day view showed ${view.perDay} bookings, expected ${PER_DAY}.`);
    const status = await traced(browser, tab, 'reservations-status-key', () =>
      tab.evaluate(() =>
        (globalThis as unknown as { benchStatusKeys(rounds: number): Promise<Latencies> }).benchStatusKeys(40),
      ),
    );
    const seconds = sync.syncMs / 1000;
    const bulkPut = sync.bulkPutMs / 1000;
    return [
      {
        name: `reservations first sync, ${sync.bookings.toLocaleString('en')} bookings with contacts (pull_reservations, bridge pages)`,
        value: seconds,
        baseline: bulkPut,
        baselineName: 'bulkPut of the same rows, same indexes',
        unit: 's',
        target: `< ${SYNC_LIMIT_S} s, ratio ≤ ${SYNC_RATIO}`,
        met: seconds < SYNC_LIMIT_S && seconds <= SYNC_RATIO * bulkPut,
      },
      ...frameRows(
        `reservations day view, ${PER_DAY} bookings: choose day → timeline painted`,
        view.samples,
        view.baseline,
        "reading the day's bookings from Dexie (p95)",
      ),
      ...frameRows(
        'reservations: booking status key → card repainted',
        status.samples,
        status.baseline,
        'saveBooking over the bridge alone (p95)',
      ),
    ];
  } finally {
    await browser?.close();
    await desk?.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
