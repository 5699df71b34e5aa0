// The bookings of the days around the one shown, read from the cache ahead of time with their guests as the
// guest cache has them now, so choosing a day (the next, the previous, one of the week) paints from memory
// in one frame instead of waiting on IndexedDB. When the cache changes, what was read stays shown and is
// read again in the background, the day shown first; days far from the one shown are forgotten.
import { create } from 'zustand';
import Dexie from 'dexie';
import { nextPaint } from '../after-paint';
import type { BookingGuest, BookingRow, BookingTables } from '../db/tables/reservations';
import type { GuestDatabase } from '../db/guest-db';
import type { BookingView } from '../sync/booking-overlay';
import { currentGuests, withCurrentGuests } from '../sync/booking-guests';
import { reportBackgroundFailure } from './background-failures';
import { closedCacheCount, useGuests } from './guests';
import { useReservations } from './reservations';

/** One day's cached bookings, as last read. */
export interface DayBookings {
  rows: readonly BookingRow[];
  /** The state of the caches it was read at: older than now means it is shown until it is read again. */
  generation: number;
}

/**
 * The days read so far, by date (`YYYY-MM-DD`); the guests of the bookings queued here, by guest key (null:
 * not in the cache); and the bookings just taken off the outbox's overlay (confirmed and pulled, or
 * discarded), by id, each with the generation a day must be read at to show it without them.
 */
export const useBookingDays = create<{
  days: Readonly<Record<string, DayBookings>>;
  guests: Readonly<Record<string, BookingGuest | null>>;
  departed: Readonly<Record<string, { view: BookingView; generation: number }>>;
}>(() => ({ days: {}, guests: {}, departed: {} }));

/** Days either side of the wanted ones that are kept in memory once read. */
const KEPT_DAYS = 21;
/**
 * A cache that keeps changing (a sync writing page after page) is read again at most this often: a round of
 * re-reads brings every stale day up to the cache as it was when the round began, one after the other, and
 * the next round (for a later change) begins this long after it at the earliest.
 */
const REFRESH_INTERVAL_MS = 1000;
/**
 * A day's guests are read this many bookings at a time. Each guest is an IndexedDB request whose answer comes
 * in a task of its own, so a key staff press while a day is read ahead waits behind the answers already
 * queued: a few dozen, not the hundreds of a busy day.
 */
const GUEST_CHUNK = 40;

/** The dates wanted now, each with how many views want it. */
const wanted = new Map<string, number>();
/** The date staff look at (read first; days far from every wanted one are forgotten). */
let focus: string | null = null;
/** Bumped whenever the booking or guest cache changes: a day read at an older generation is read again. */
let generation = 0;
let following = false;
let pumping = false;
let lastRefreshAt = 0;
/** The generation the round of re-reads under way brings the days up to. */
let refreshingGeneration = -1;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
/** Bumped whenever the focus moves to another day (a key or click of staff's, answered in the next frame). */
let focusMoves = 0;

/**
 * Asks for these days to be read and kept while the caller wants them; returns the release. `focus`: the
 * day staff look at, read first (and painted before its guests are read when it is new).
 */
export function wantBookingDays(dates: readonly string[], focusOn?: string): () => void {
  follow();
  for (const date of dates) wanted.set(date, (wanted.get(date) ?? 0) + 1);
  if (focusOn && focusOn !== focus) focusMoves++;
  if (focusOn) focus = focusOn;
  // Wants made in one go (a screen's views) are read in the order the focus gives. A day staff look at and
  // not read yet is read at once; reading ahead waits until the frame that answers the key is painted.
  if (focusOn && !useBookingDays.getState().days[focusOn]) queueMicrotask(() => void pump());
  else void nextPaint().then(pump);
  return () => {
    for (const date of dates) {
      const left = (wanted.get(date) ?? 1) - 1;
      if (left > 0) wanted.set(date, left);
      else wanted.delete(date);
    }
  };
}

/** Follows the caches: another account clears the days, a change of bookings or guests makes them stale. */
function follow(): void {
  if (following) return;
  following = true;
  let tables = useReservations.getState().tables;
  let guests = useGuests.getState().cache?.db;
  const changed = () => {
    const nextTables = useReservations.getState().tables;
    const nextGuests = useGuests.getState().cache?.db;
    if (nextTables !== tables || nextGuests !== guests) {
      tables = nextTables;
      guests = nextGuests;
      useBookingDays.setState({ days: {}, guests: {}, departed: {} });
    }
    generation++;
    void pump();
    void readQueuedGuests(true);
  };
  // Followed for as long as the page lives (the days are kept across screens).
  useReservations.subscribe((state, before) => {
    // A booking may leave the overlay in the same change as the cache's new version: kept either way.
    if (state.pending !== before.pending) keepDeparted(before.pending, state.pending);
    if (state.tables !== before.tables || state.dataVersion !== before.dataVersion) changed();
    else if (state.pending !== before.pending) void readQueuedGuests(false);
  });
  useGuests.subscribe((state, before) => {
    if (state.cache !== before.cache || state.dataVersion !== before.dataVersion) changed();
  });
}

/**
 * Keeps the bookings taken off the overlay laid over the days read before, until those days are read again:
 * a day read before a pull brought a confirmed change would otherwise show the booking as it was for a
 * moment (and an edit begun then would start from it).
 */
function keepDeparted(
  before: Readonly<Record<string, BookingView>>,
  after: Readonly<Record<string, BookingView>>,
): void {
  // A change taken back before the desk core queued it (no outbox id yet) was never in the cache: it just goes.
  const gone = Object.keys(before).filter((id) => !(id in after) && before[id]!.pending?.outboxId !== '');
  if (gone.length === 0) return;
  generation++;
  const at = generation;
  useBookingDays.setState((state) => ({
    departed: {
      ...state.departed,
      ...Object.fromEntries(gone.map((id) => [id, { view: before[id]!, generation: at }])),
    },
  }));
  void pump();
}

/** Forgets the departed bookings every wanted day was read after. */
function forgetDeparted(): void {
  const { days, departed } = useBookingDays.getState();
  const oldest = Math.min(generation, ...[...wanted.keys()].map((date) => days[date]?.generation ?? generation));
  const kept = Object.entries(departed).filter(([, entry]) => entry.generation > oldest);
  if (kept.length !== Object.keys(departed).length) useBookingDays.setState({ departed: Object.fromEntries(kept) });
}

/** Whether a booking taken off the overlay is still to be laid over a day (read before it left). */
export function departedOver(day: DayBookings | undefined, entry: { generation: number }): boolean {
  return !!day && day.generation < entry.generation;
}

/**
 * Reads the guests of the bookings queued here (a new booking's guest may be one recorded here a moment
 * ago): `all` again after the guest cache changed, else only those not read yet.
 */
async function readQueuedGuests(all: boolean): Promise<void> {
  const db = useGuests.getState().cache?.db;
  if (!db) return;
  const known = useBookingDays.getState().guests;
  const keys = [...new Set(Object.values(useReservations.getState().pending).map((view) => view.guestKey))].filter(
    (key) => all || !(key in known),
  );
  if (keys.length === 0) return;
  const closedBefore = closedCacheCount();
  try {
    const found = await currentGuests(db, keys);
    if (db !== useGuests.getState().cache?.db) return;
    const before = useBookingDays.getState().guests;
    const changed = keys.filter((key) => !(key in before) || !sameGuest(before[key], found.get(key)));
    if (changed.length > 0)
      useBookingDays.setState((state) => ({
        guests: { ...state.guests, ...Object.fromEntries(changed.map((key) => [key, found.get(key) ?? null])) },
      }));
  } catch (error) {
    if (!closedUnder(error, closedBefore)) reportBackgroundFailure("Reading the queued bookings' guests", error);
  }
}

/** Whether two reads of a guest show the same. */
function sameGuest(a: BookingGuest | null | undefined, b: BookingGuest | undefined): boolean {
  return (
    (a ?? undefined) === b ||
    (!!a && !!b && a.guestName === b.guestName && a.guestMobile === b.guestMobile && a.guestEmail === b.guestEmail)
  );
}

/** Whether a read failed because the owner closed its cache meanwhile (another account): no answer, not a fault. */
function closedUnder(error: unknown, closedBefore: number): boolean {
  return error instanceof Error && error.name === Dexie.errnames.DatabaseClosed && closedCacheCount() !== closedBefore;
}

/** Reads wanted days one at a time (missing ones first, nearest the focus first) until every one is current. */
async function pump(): Promise<void> {
  if (pumping) return;
  pumping = true;
  try {
    for (;;) {
      const next = nextDayToRead();
      if (!next) break;
      if (next.refresh && generation !== refreshingGeneration) {
        const wait = lastRefreshAt + REFRESH_INTERVAL_MS - Date.now();
        if (wait > 0) {
          clearTimeout(refreshTimer);
          refreshTimer = setTimeout(() => void pump(), wait);
          break;
        }
        refreshingGeneration = generation;
        lastRefreshAt = Date.now();
      }
      await readDay(next.date);
      // One day per task: a key staff press meanwhile is answered between two reads.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    forgetFarDays();
    forgetDeparted();
  } finally {
    pumping = false;
  }
}

/** The wanted day to read next: one never read (the focus first, then nearest it), else a stale one. */
function nextDayToRead(): { date: string; refresh: boolean } | null {
  const { days } = useBookingDays.getState();
  const order = [...wanted.keys()].sort((a, b) => distance(a) - distance(b));
  const missing = order.find((date) => !days[date]);
  if (missing) return { date: missing, refresh: false };
  const stale = order.find((date) => days[date]!.generation < generation);
  return stale ? { date: stale, refresh: true } : null;
}

/** Days between a date and the focus. */
function distance(date: string): number {
  return focus ? Math.abs(Date.parse(date) - Date.parse(focus)) / 86_400_000 : 0;
}

/** Reads one day's bookings with their guests; a new day staff look at is shown before its guests are read. */
async function readDay(date: string): Promise<void> {
  const tables = useReservations.getState().tables;
  const guests = useGuests.getState().cache?.db;
  if (!tables) return;
  const at = generation;
  const closedBefore = closedCacheCount();
  try {
    const cached = await tables.bookingsOn(date);
    if (guests && !useBookingDays.getState().days[date] && date === focus) {
      store(date, tables, cached, at);
      await nextPaint();
    }
    store(date, tables, guests ? await withGuestsInChunks(guests, cached) : cached, at);
  } catch (error) {
    if (!closedUnder(error, closedBefore)) reportBackgroundFailure('Reading the bookings', error);
    // Not read again until the caches change: a failing read is not retried in a loop.
    if (tables === useReservations.getState().tables) store(date, tables, [], at);
  }
}

/**
 * The bookings with their current guests, read GUEST_CHUNK at a time, each chunk in a task of its own; after
 * staff moved to another day, the next chunk waits until the frame that shows it is painted.
 */
async function withGuestsInChunks(db: GuestDatabase, rows: readonly BookingRow[]): Promise<BookingRow[]> {
  const read: BookingRow[] = [];
  for (let from = 0; from < rows.length; from += GUEST_CHUNK) {
    const moves = focusMoves;
    read.push(...(await withCurrentGuests(db, rows.slice(from, from + GUEST_CHUNK))));
    if (from + GUEST_CHUNK >= rows.length) break;
    await (focusMoves !== moves ? nextPaint() : new Promise((resolve) => setTimeout(resolve, 0)));
  }
  return read;
}

const names = new Intl.Collator();

/** The timeline's order: by time, then by guest name. */
function byTimeAndName(a: BookingRow, b: BookingRow): number {
  return a.time < b.time ? -1 : a.time > b.time ? 1 : names.compare(a.guestName, b.guestName);
}

/** Keeps a day as read, reusing the rows that did not change (their cards are not drawn again). */
function store(date: string, tables: BookingTables, rows: readonly BookingRow[], at: number): void {
  if (tables !== useReservations.getState().tables) return;
  const before = useBookingDays.getState().days[date];
  const sorted = [...rows].sort(byTimeAndName);
  const kept = before ? reuseUnchanged(before.rows, sorted) : sorted;
  useBookingDays.setState((state) => ({ days: { ...state.days, [date]: { rows: kept, generation: at } } }));
}

/** The new rows, with each row equal to one read before replaced by that one (and the old list if nothing changed). */
function reuseUnchanged(before: readonly BookingRow[], after: readonly BookingRow[]): readonly BookingRow[] {
  const old = new Map(before.map((row) => [row.id, row]));
  let same = before.length === after.length;
  const rows = after.map((row, index) => {
    const previous = old.get(row.id);
    const reused = previous && sameBooking(previous, row) ? previous : row;
    if (reused !== before[index]) same = false;
    return reused;
  });
  return same ? before : rows;
}

/** Whether two reads of a booking show the same thing. */
function sameBooking(a: BookingRow, b: BookingRow): boolean {
  return (
    a.guestKey === b.guestKey &&
    a.date === b.date &&
    a.time === b.time &&
    a.partySize === b.partySize &&
    a.status === b.status &&
    a.guestName === b.guestName &&
    a.guestMobile === b.guestMobile &&
    a.guestEmail === b.guestEmail &&
    a.search === b.search &&
    a.attendeeNames.join('\n') === b.attendeeNames.join('\n') &&
    JSON.stringify(a.custom) === JSON.stringify(b.custom)
  );
}

/** Forgets days far from every wanted one. */
function forgetFarDays(): void {
  const { days } = useBookingDays.getState();
  const near = (date: string) =>
    [...wanted.keys()].some((day) => Math.abs(Date.parse(day) - Date.parse(date)) <= KEPT_DAYS * 86_400_000);
  const far = Object.keys(days).filter((date) => !near(date));
  if (far.length === 0 || wanted.size === 0) return;
  useBookingDays.setState((state) => {
    const next = { ...state.days };
    for (const date of far) delete next[date];
    return { days: next };
  });
}
