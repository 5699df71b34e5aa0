// Dates and times of bookings: wall-clock readings in the account's time zone, as the service keeps them.
import { formatServiceDate, formatServiceDateTime, parseServiceDateTime } from '../../../shared/rules/datetime';

const DAY_MS = 86_400_000;

/** Today's date (`YYYY-MM-DD`) in the account's zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return formatServiceDate(now, timeZone);
}

/** Entries kept at most by each cache below (a day shown asks for about twenty; past the cap they are made anew). */
const KEPT_DATES = 10_000;
const moved = new Map<string, string>();
const weeks = new Map<string, readonly string[]>();

/** `make()`, kept in `cache` under `key` (choosing a day asks for the same dates again and again). */
function kept<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size < KEPT_DATES) cache.set(key, value);
  }
  return value;
}

/** A calendar date moved by whole days (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  return kept(moved, `${date} ${days}`, () => {
    const [year, month, day] = date.split('-').map(Number);
    return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
  });
}

/** The Monday of the week a date falls in. */
function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The seven dates of the week (Monday first) a date falls in. */
export function weekOf(date: string): readonly string[] {
  const monday = weekStart(date);
  // Kept by its Monday: every day of a week gives the same array, so the week strip is not drawn again.
  return kept(weeks, monday, () => Array.from({ length: 7 }, (_, index) => addDays(monday, index)));
}

// Made once: toLocaleDateString builds a formatter on every call (a millisecond each, on every render).
const LONG_DATE = new Intl.DateTimeFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const SHORT_DATE = new Intl.DateTimeFormat('en-AU', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Friday 24 December" of a date. */
export function longDate(date: string): string {
  return LONG_DATE.format(new Date(`${date}T12:00:00Z`));
}

/** "Fri 24" of a date, for the week strip. */
export function shortDate(date: string): string {
  return SHORT_DATE.format(new Date(`${date}T12:00:00Z`));
}

/** "7:30 pm" of a wall-clock time. */
export function spokenTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'am' : 'pm';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** What the account's clock does at a booking's date and time. */
export type WallTimeCheck =
  | { kind: 'ok'; instant: Date }
  /** Clocks go forward over it: the time never happens that day; `laterTime` is the same moment after the change. */
  | { kind: 'skipped'; laterTime: string }
  /** Clocks go back over it: the time happens twice; the booking means the first. */
  | { kind: 'repeated'; instant: Date }
  | { kind: 'invalid' };

/** Checks a booking's wall-clock date and time against the zone's daylight-saving changes. */
export function checkWallTime(date: string, time: string, timeZone: string): WallTimeCheck {
  const text = `${date} ${time.length === 5 ? `${time}:00` : time}`;
  const instant = parseServiceDateTime(text, timeZone);
  if (!instant) return { kind: 'invalid' };
  const readBack = formatServiceDateTime(instant, timeZone);
  if (readBack !== text) {
    // Not on the clock that day: the same moment reads later, after the clocks went forward.
    const shifted = formatServiceDateTime(
      new Date(parseServiceDateTime(text, 'UTC')!.getTime() - offsetBefore(instant, timeZone)),
      timeZone,
    );
    return { kind: 'skipped', laterTime: shifted.slice(11, 16) };
  }
  const hourEarlier = new Date(instant.getTime() - 3_600_000);
  if (formatServiceDateTime(hourEarlier, timeZone) === text) return { kind: 'repeated', instant: hourEarlier };
  const hourLater = formatServiceDateTime(new Date(instant.getTime() + 3_600_000), timeZone);
  return hourLater === text ? { kind: 'repeated', instant } : { kind: 'ok', instant };
}

/** The zone's offset from UTC (ms) a day before an instant: the offset in force before a change that night. */
function offsetBefore(instant: Date, timeZone: string): number {
  const before = new Date(instant.getTime() - DAY_MS);
  return parseServiceDateTime(formatServiceDateTime(before, timeZone), 'UTC')!.getTime() - before.getTime();
}
