// The day's timeline: 15-minute slots and the covers (party sizes added up) in each.
import { countsInCovers, type BookingStatusValue } from '../../../shared/rules/booking-status';

/** Length of one slot of the timeline, in minutes. */
export const SLOT_MINUTES = 15;

/** What covers are counted from. */
export interface CoverSource {
  time: string;
  partySize: number;
  status: BookingStatusValue;
}

/** Minutes after midnight of a wall-clock time `HH:MM` or `HH:MM:SS`; NaN when it is not one. */
export function minutesOf(time: string): number {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  if (!match) return Number.NaN;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : Number.NaN;
}

/** `HH:MM` of minutes after midnight. */
export function timeLabel(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Slots of the times seen so far: a day's timeline asks for each of its bookings' slots on every change. */
const slotsOfTimes = new Map<string, string>();

/** The slot a time falls in, as `HH:MM` of its start (19:40 is in the 19:30 slot). */
export function slotOf(time: string): string {
  let slot = slotsOfTimes.get(time);
  if (slot === undefined) {
    const minutes = minutesOf(time);
    slot = Number.isNaN(minutes) ? '' : timeLabel(minutes - (minutes % SLOT_MINUTES));
    // Times are wall-clock readings (at most a few thousand kinds): the map stays small.
    if (slotsOfTimes.size < 10_000) slotsOfTimes.set(time, slot);
  }
  return slot;
}

/** Covers per slot: party sizes added up, cancelled bookings left out. */
export function coversBySlot(bookings: readonly CoverSource[]): Map<string, number> {
  const covers = new Map<string, number>();
  for (const booking of bookings) {
    if (!countsInCovers(booking.status)) continue;
    const slot = slotOf(booking.time);
    if (slot) covers.set(slot, (covers.get(slot) ?? 0) + booking.partySize);
  }
  return covers;
}

const totals = new WeakMap<readonly CoverSource[], number>();

/** The day's covers: every party that is not cancelled (counted once per list: lists are never changed in place). */
export function totalCovers(bookings: readonly CoverSource[]): number {
  let total = totals.get(bookings);
  if (total === undefined) {
    total = bookings.reduce((sum, booking) => sum + (countsInCovers(booking.status) ? booking.partySize : 0), 0);
    totals.set(bookings, total);
  }
  return total;
}

/** The slots a day's timeline shows: service hours, widened to take in any booking outside them. */
export function timelineSlots(
  bookings: readonly Pick<CoverSource, 'time'>[],
  opens = '11:00',
  closes = '23:00',
): string[] {
  let first = minutesOf(opens);
  let last = minutesOf(closes);
  for (const booking of bookings) {
    const slot = slotOf(booking.time);
    if (!slot) continue;
    const minutes = minutesOf(slot);
    first = Math.min(first, minutes);
    last = Math.max(last, minutes);
  }
  const slots: string[] = [];
  for (let minutes = first; minutes <= last; minutes += SLOT_MINUTES) slots.push(timeLabel(minutes));
  return slots;
}

/** What a slot would hold with a booking placed in it (the booking's earlier place, if it moves, no longer counts). */
export function coversWith(
  covers: Map<string, number>,
  slot: string,
  partySize: number,
  previous?: { slot: string; partySize: number; counted: boolean },
): number {
  const already = covers.get(slot) ?? 0;
  const own = previous && previous.counted && previous.slot === slot ? previous.partySize : 0;
  return already - own + partySize;
}

/** Whether a covers-per-slot limit would be passed (no limit: never). */
export function passesLimit(covers: number, limit: number | null | undefined): boolean {
  return typeof limit === 'number' && limit > 0 && covers > limit;
}
