// Scheduling a campaign: the time is entered in the account's zone (the service reads send_at there,
// reference §4.3); the desk shows it beside its own local time and warns when the clocks change before it.
import { formatServiceDateTime, parseServiceDateTime } from './datetime';

/** Minutes the zone is ahead of UTC at an instant. */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const wall = parseServiceDateTime(formatServiceDateTime(at, timeZone), 'UTC')!;
  return Math.round((wall.getTime() - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** A change of the clocks in a zone: when, and by how many minutes (positive: clocks go forward). */
export interface ClockChange {
  at: Date;
  shiftMinutes: number;
  timeZone: string;
}

/** The first change of the clocks in `timeZone` after `from` and up to `to`, or null (found by bisection to the millisecond). */
export function clockChangeBetween(from: Date, to: Date, timeZone: string): ClockChange | null {
  if (to.getTime() <= from.getTime()) return null;
  const start = zoneOffsetMinutes(from, timeZone);
  // Step a day at a time so two changes in a long range are not missed; then bisect the first.
  const DAY = 86_400_000;
  let low = from.getTime();
  for (let step = Math.min(low + DAY, to.getTime()); ; step = Math.min(step + DAY, to.getTime())) {
    if (zoneOffsetMinutes(new Date(step), timeZone) !== start) {
      let high = step;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (zoneOffsetMinutes(new Date(middle), timeZone) === start) low = middle;
        else high = middle;
      }
      const at = new Date(high);
      return { at, shiftMinutes: zoneOffsetMinutes(at, timeZone) - start, timeZone };
    }
    if (step >= to.getTime()) return null;
    low = step;
  }
}

/** A schedule read from what staff typed: the instant, or why it cannot be used. */
export type ScheduleReading = { ok: true; at: Date; serviceTime: string } | { ok: false; problem: string };

/** Reads `YYYY-MM-DD HH:MM[:SS]` typed in the account's zone; it must be a real time, in the future. */
export function readSchedule(text: string, timeZone: string, now: Date): ScheduleReading {
  const trimmed = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(trimmed))
    return { ok: false, problem: 'Enter the date and time as YYYY-MM-DD HH:MM.' };
  const at = parseServiceDateTime(trimmed, timeZone);
  if (!at) return { ok: false, problem: `${trimmed} is not a real date and time.` };
  const serviceTime = formatServiceDateTime(at, timeZone);
  // A time skipped by the clocks going forward reads back differently: say so rather than send at another hour.
  if (serviceTime.slice(0, 16) !== trimmed.replace('T', ' ').slice(0, 16))
    return {
      ok: false,
      problem: `${trimmed.slice(0, 16)} does not exist in ${timeZone}: the clocks skip it. Choose another time.`,
    };
  if (at.getTime() <= now.getTime())
    return {
      ok: false,
      problem: `${trimmed.slice(0, 16)} has already passed in ${timeZone}. Choose a later time, or send now.`,
    };
  return { ok: true, at, serviceTime };
}
