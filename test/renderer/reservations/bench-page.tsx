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
import { showDay, useReservationsView } from '../../../renderer/stores/reservations-view';
import { createBookingSync } from '../../../renderer/sync/booking-collection';
import { theme } from '../../../renderer/theme';
import type { FrameSample } from '../../support/frame-sample';
import { frameSample, watchFrame } from '../frame-probe';

/** What the first booking sync took, beside writing the same rows with a plain bulkPut. */
interface BookingBenchTimings {
  bookings: number;
  syncMs: number;
  bulkPutMs: number;
  /** Where the measured sync's time went: ms from its start to the end of each step (a profile, not a row). */
  steps: Record<string, number>;
}

/** Latencies (key or click → the answer painted, test/renderer/frame-probe.ts), beside the baseline's in ms. */
interface Latencies {
  samples: FrameSample[];
  baseline: number[];
  /** Day view: the most bookings a day showed. */
  perDay?: number;
}

const desk = createDeskApi(createWebSocketTransport());
/** Staff press a key about every 150 ms when they flick through days or statuses at a busy door. */
const PACE_MS = 150;

/** A full booking sync into an empty database; returns the ms, the rows written and when each step ended. */
async function syncInto(name: string): Promise<{ ms: number; rows: BookingRow[]; steps: Record<string, number> }> {
  await Dexie.delete(name);
  const db = new GuestDatabase(name);
  const tables = new BookingTables(db);
  const steps: Record<string, number> = {};
  let started = 0;
  let puts = 0;
  /** Notes when a step ended, in ms from the sync's start. */
  const ended = <T,>(step: string, work: Promise<T>): Promise<T> =>
    work.then((value) => {
      steps[step] = Math.round(performance.now() - started);
      return value;
    });
  const putBookings = tables.putBookings.bind(tables);
  tables.putBookings = (rows) => ended(`put ${++puts} (${rows.length} rows)`, putBookings(rows));
  const sync = createBookingSync({
    desk: {
      listReservationFields: (request) => ended('listReservationFields', desk.listReservationFields(request)),
      pullReservations: (request) => ended('pullReservations', desk.pullReservations(request)),
      pullReservationsPage: (request) => ended(`page at ${request.offset}`, desk.pullReservationsPage(request)),
    },
    tables,
    onStatus: () => {},
  });
  started = performance.now();
  await sync.run('full');
  const ms = performance.now() - started;
  const rows = await tables.bookings.toArray();
  db.close();
  return { ms, rows, steps };
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
  const { ms: syncMs, steps } = await syncInto('bench-bookings');
  return { bookings: rows.length, syncMs, bulkPutMs, steps };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const timeline = () => document.querySelector<HTMLElement>('[aria-label="timeline"]');

/** Presses a key as staff do (on the page, where the day view listens). */
function press(key: string): void {
  window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

/** Mounts the Reservations screen on the real cache (synced through the bridge) at `day`, once both caches are quiet. */
async function openDayView(day: string): Promise<void> {
  setDesk(desk);
  useAccount.setState({ account: await desk.getAccount({}) });
  followGuests(desk);
  followReservations(desk);
  // Both caches synced and quiet before the screen opens: a sync writing meanwhile is not what is measured, and
  // the days the screen reads ahead are read from the whole cache (a day read while the sync was still writing
  // would show what it held then, until it is read again in the background).
  while (
    !useReservations.getState().status.lastSyncedAt ||
    useReservations.getState().status.phase === 'syncing' ||
    !useGuests.getState().status.lastSyncedAt ||
    useGuests.getState().status.phase === 'syncing'
  ) {
    await pause(100);
  }
  showDay(day);
  createRoot(document.getElementById('root')!).render(
    <MantineProvider theme={theme}>
      <ReservationsScreen />
    </MantineProvider>,
  );
  await weekRead(day);
}

/** Waits until `day` is shown and every day of its week is read (the week strip shows their covers), then a little more. */
async function weekRead(day: string): Promise<void> {
  const weekDays = () => [...document.querySelectorAll<HTMLElement>('[aria-label="week"] button')];
  while (
    timeline()?.dataset.day !== day ||
    weekDays().length !== 7 ||
    weekDays().some((button) => button.textContent?.endsWith('…'))
  )
    await pause(100);
  await pause(2000);
}

/**
 * Choose a day → its timeline painted, as staff flick through the book: → day after day, ← back, and
 * each day of the week strip, one every PACE_MS; beside reading a day's bookings from Dexie. The view is
 * open at the first day (openDayView).
 */
async function benchDayView(days: string[]): Promise<Latencies> {
  const samples: FrameSample[] = [];
  const choose = async (act: () => void) => {
    // Armed before the action; the day it chooses is known once it has acted.
    const chosen: { day?: string } = {};
    const painted = watchFrame(() => chosen.day !== undefined && timeline()?.dataset.day === chosen.day);
    const started = performance.now();
    act();
    chosen.day = useReservationsView.getState().date ?? undefined;
    samples.push(frameSample(started, await painted));
    await pause(PACE_MS);
  };
  for (let round = 0; round < 2; round++) {
    for (let i = 1; i < days.length; i++) await choose(() => press('ArrowRight'));
    for (let i = 1; i < days.length; i++) await choose(() => press('ArrowLeft'));
  }
  // The week strip in a week of the book (every day with its bookings): the week of the first day may reach
  // before the first day booked.
  const middle = days[Math.floor(days.length / 2)]!;
  showDay(middle);
  await weekRead(middle);
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 7; i++)
      await choose(() => document.querySelectorAll<HTMLElement>('[aria-label="week"] button')[i]!.click());
  }
  const tables = useReservations.getState().tables!;
  const baseline: number[] = [];
  let perDay = 0;
  for (const day of days) {
    const started = performance.now();
    perDay = Math.max(perDay, (await tables.bookingsOn(day)).length);
    baseline.push(performance.now() - started);
  }
  return { samples, baseline, perDay };
}

/**
 * A status key on the selected booking → its card repainted with the status (queued through the real
 * bridge into the desk core's outbox): U, P and C in turn, one every PACE_MS; beside the bridge's
 * saveBooking round trip alone.
 */
async function benchStatusKeys(rounds: number): Promise<Latencies> {
  const card = document.querySelector<HTMLElement>(
    ['Unconfirmed', 'Pending', 'Confirmed'].map((status) => `[data-booking-id][data-status="${status}"]`).join(', '),
  )!;
  const id = card.dataset.bookingId!;
  card.click();
  const cardOf = () => document.querySelector(`[data-booking-id="${CSS.escape(id)}"]`);
  const samples: FrameSample[] = [];
  const keys: Array<[string, string]> = [
    ['u', 'Unconfirmed'],
    ['p', 'Pending'],
    ['c', 'Confirmed'],
  ];
  // Start with a status the booking does not have, so every key changes it.
  while (keys[2]![1] !== card.dataset.status) keys.push(keys.shift()!);
  for (let round = 0; round < rounds; round++) {
    for (const [key, status] of keys) {
      const painted = watchFrame(() => (cardOf() as HTMLElement | null)?.dataset.status === status);
      const started = performance.now();
      press(key);
      samples.push(frameSample(started, await painted));
      await pause(PACE_MS);
    }
  }
  const booking = (await useReservations.getState().tables!.bookingById(id))!;
  const baseline: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await desk.saveBooking({
      guestKey: booking.guestKey,
      booking: {
        id,
        total_attendees: booking.partySize,
        attendee_names: booking.attendeeNames,
        bookingStatus: 'Confirmed',
        Date: booking.date,
        Time: booking.time,
        custom: Object.fromEntries(
          Object.entries(booking.custom).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        ),
      },
    });
    baseline.push(performance.now() - started);
    await pause(PACE_MS);
  }
  return { samples, baseline };
}

Object.assign(window, { benchBookingSync, openDayView, benchDayView, benchStatusKeys, benchReady: true });
