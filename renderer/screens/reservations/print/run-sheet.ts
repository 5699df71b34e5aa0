// The day's run sheet: what hosts print for each service, the day's bookings in time order under their
// 15-minute slot with its covers, and the day's total (covers as the timeline counts them: slots.ts).
import { countsInCovers, type BookingStatusValue } from '../../../../shared/rules/booking-status';
import type { BookingFieldRow } from '../../../db/tables/reservations';
import { minutesOf, slotOf } from '../slots';

/** What the run sheet reads of a booking (a BookingView has it all). */
export interface RunSheetBooking {
  id: string;
  time: string;
  guestName: string;
  guestMobile: string;
  partySize: number;
  status: BookingStatusValue;
  attendeeNames: readonly string[];
  custom: Readonly<Record<string, unknown>>;
}

/** One line of the sheet, as it reads on paper (times and phones are formatted by the page). */
export interface RunSheetLine {
  id: string;
  time: string;
  guest: string;
  party: number;
  status: BookingStatusValue;
  area: string;
  phone: string;
  notes: string;
}

/** The sheet: its slots in time order, each with its covers and lines, and the day's totals. */
export interface RunSheet {
  /** The label of the table area column (the account's first single-choice booking field), when there is one. */
  areaLabel: string | null;
  slots: { slot: string; covers: number; lines: RunSheetLine[] }[];
  covers: number;
  bookings: number;
  /** Cancelled bookings, left off the sheet. */
  cancelled: number;
}

/** A field value as one line of text. */
function textOf(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  return value === undefined || value === null ? '' : String(value).trim();
}

/**
 * The run sheet of a day's bookings: every booking that counts in the covers (all but cancelled), in
 * time order under its slot; the table area from the account's first single-choice field other than the
 * status; notes from its text fields (special requests) and who else is coming.
 */
export function runSheetOf(bookings: readonly RunSheetBooking[], fields: readonly BookingFieldRow[]): RunSheet {
  const area = fields.find((field) => field.type === 'singleSelect' && field.name !== 'bookingStatus');
  const noteFields = fields.filter((field) => field.type === 'text');
  const kept = bookings
    .filter((booking) => countsInCovers(booking.status))
    .sort((a, b) => minutesOf(a.time) - minutesOf(b.time) || a.guestName.localeCompare(b.guestName));
  const slots = new Map<string, RunSheet['slots'][number]>();
  for (const booking of kept) {
    const slot = slotOf(booking.time) || booking.time;
    const entry = slots.get(slot) ?? { slot, covers: 0, lines: [] };
    entry.covers += booking.partySize;
    const notes = [
      ...noteFields.map((field) => textOf(booking.custom[field.name])),
      booking.attendeeNames.length > 0 ? `With ${booking.attendeeNames.join(', ')}` : '',
    ].filter(Boolean);
    entry.lines.push({
      id: booking.id,
      time: booking.time,
      guest: booking.guestName,
      party: booking.partySize,
      status: booking.status,
      area: area ? textOf(booking.custom[area.name]) : '',
      phone: booking.guestMobile,
      notes: notes.join(' · '),
    });
    slots.set(slot, entry);
  }
  return {
    areaLabel: area ? (area.label ?? area.name) : null,
    slots: [...slots.values()],
    covers: kept.reduce((sum, booking) => sum + booking.partySize, 0),
    bookings: kept.length,
    cancelled: bookings.length - kept.length,
  };
}
