// The page of the reservation benchmarks (test/bench/reservations.bench.ts bundles it; the desk host serves it to Chromium).
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { MantineProvider } from '@mantine/core';
import Dexie from 'dexie';
import { createRoot } from 'react-dom/client';
import { createDeskApi } from '../../../shared/bridge/client';
import { setDesk } from '../../../renderer/bridge/desk';
import { createWebSocketTransport } from '../../../renderer/bridge/websocket-transport';
import { BOOKING_SCHEMA, BookingTables, type BookingRow } from '../../../renderer/db/tables/reservations';
import { GuestDatabase } from '../../../renderer/db/guest-db';
import { ReservationsScreen } from '../../../renderer/screens/reservations/ReservationsScreen';
import { useAccount } from '../../../renderer/stores/account';
import { followGuests, useGuests } from '../../../renderer/stores/guests';
import { followReservations, useReservations } from '../../../renderer/stores/reservations';
import { showDay } from '../../../renderer/stores/reservations-view';
import { createBookingSync } from '../../../renderer/sync/booking-collection';

/** What the first booking sync took, beside writing the same rows with a plain bulkPut. */
interface BookingBenchTimings {
  bookings: number;
  syncMs: number;
  bulkPutMs: number;
}

/** Choose a day → its timeline painted, p95 over the samples, beside reading the day from Dexie. */
interface DayViewTimings {
  samples: number;
  p95Ms: number;
  readP95Ms: number;
  perDay: number;
}

const desk = createDeskApi(createWebSocketTransport());

/** A full booking sync into an empty database; returns the ms and the rows written. */
async function syncInto(name: string): Promise<{ ms: number; rows: BookingRow[] }> {
  await Dexie.delete(name);
  const db = new GuestDatabase(name);
  const tables = new BookingTables(db);
  const sync = createBookingSync({ desk, tables, onStatus: () => {} });
  const started = performance.now();
  await sync.run('full');
  const ms = performance.now() - started;
  const rows = await tables.bookings.toArray();
  db.close();
  return { ms, rows };
}

/** The first booking sync (after a warm-up that gives the rows), beside bulkPuts of the same rows 2,000 at a time. */
async function benchBookingSync(): Promise<BookingBenchTimings> {
  const { rows } = await syncInto('bench-bookings');
  await Dexie.delete('bench-bookings-put');
  const plain = new Dexie('bench-bookings-put');
  plain.version(1).stores({ rows: BOOKING_SCHEMA.bookings });
  await plain.open();
  const started = performance.now();
  for (let i = 0; i < rows.length; i += 2000) await plain.table('rows').bulkPut(rows.slice(i, i + 2000));
  const bulkPutMs = performance.now() - started;
  plain.close();
  const { ms: syncMs } = await syncInto('bench-bookings');
  return { bookings: rows.length, syncMs, bulkPutMs };
}

/** Resolves after the next frame is painted. */
const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** The 95th percentile of samples. */
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;

/** Mounts the Reservations screen on the real cache (synced through the bridge) and times choosing days. */
async function benchDayView(days: string[]): Promise<DayViewTimings> {
  setDesk(desk);
  useAccount.setState({ account: await desk.getAccount({}) });
  followGuests(desk);
  followReservations(desk);
  createRoot(document.getElementById('root')!).render(
    <MantineProvider>
      <ReservationsScreen />
    </MantineProvider>,
  );
  // Both caches synced and quiet before timing: a sync writing meanwhile is not what is measured.
  while (
    !useReservations.getState().status.lastSyncedAt ||
    useReservations.getState().status.phase === 'syncing' ||
    !useGuests.getState().status.lastSyncedAt ||
    useGuests.getState().status.phase === 'syncing'
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const tables = useReservations.getState().tables!;
  const times: number[] = [];
  const reads: number[] = [];
  let perDay = 0;
  for (let round = 0; round < 3; round++) {
    for (const day of days) {
      const readStarted = performance.now();
      perDay = Math.max(perDay, (await tables.bookingsOn(day)).length);
      reads.push(performance.now() - readStarted);
      const started = performance.now();
      showDay(day);
      while (document.querySelector('[aria-label="timeline"]')?.getAttribute('data-day') !== day)
        await new Promise((resolve) => requestAnimationFrame(resolve));
      await nextPaint();
      times.push(performance.now() - started);
    }
  }
  return { samples: times.length, p95Ms: p95(times), readP95Ms: p95(reads), perDay };
}

Object.assign(window, { benchBookingSync, benchDayView, benchReady: true });
