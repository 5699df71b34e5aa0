// The bookings' overlay: push_reservations entries this desk queued and the service has not confirmed
// yet, laid over the cached bookings (same id replaced). Entries arrive typed by kind over the bridge.
import type { OutboxItemOf } from '../../shared/bridge/channels/outbox';
import { reservationFieldsOf } from '../../shared/rules/booking-fields';
import type { RequestOf } from '../../shared/bridge/contract';
import type { EditConflict } from '../../shared/outbox/desk-edit';
import type { OutboxState } from '../../shared/outbox/states';
import { toBookingRow, type ReservationFields } from '../db/booking-row';
import type { BookingGuest, BookingRow } from '../db/tables/reservations';

/** A booking as staff see it: the cached row, or what this desk queued and the service has not confirmed yet. */
export interface BookingView extends BookingRow {
  /** Its outbox entry; `conflict`: the same fields were changed on another desk, and staff choose (issue 20). */
  pending?: { outboxId: string; state: OutboxState; problem?: string; conflict?: EditConflict };
  /** When the outbox confirmed it (ms): kept laid over the cache until a pull begun after that has finished. */
  confirmedAt?: number;
}

/** A queued booking as its outbox entry carries it. */
export type BookingEntry = OutboxItemOf<'push_reservations'>;

/** A booking as the desk queues it. */
export type BookingInput = RequestOf<'saveBooking'>['booking'];

/** The guest a booking names before the guest cache is read (the cache shows the guest as they are now). */
const UNKNOWN_GUEST: BookingGuest = { guestName: 'Guest', guestMobile: '', guestEmail: '' };

/** The guest's key an entry names: the service's contact_id once its guest was pushed, else the id it was queued with. */
function guestKeyOf(item: BookingEntry): string {
  return item.result?.contact_id ?? item.payload.contact.contact_id ?? item.guestKey ?? '';
}

/**
 * The booking as an entry says the service has it or will: a change another desk also made shows the
 * service's booking until staff choose (issue 20); a merged change, the booking as the merge left it;
 * otherwise what this desk queued.
 */
function reservationOfEntry(item: BookingEntry): ReservationFields {
  const conflict = item.state === 'needs_attention' ? item.problem?.conflict : undefined;
  if (conflict) return { ...conflict.theirs, id: item.payload.reservation.id };
  if (item.state === 'sent' && item.result?.merged) return { ...item.result.merged, id: item.payload.reservation.id };
  return item.payload.reservation;
}

/** The booking of an outbox entry (a sent one without its pending mark); `previous` lends its guest until the cache is read. */
export function bookingOfEntry(item: BookingEntry, previous?: BookingRow): BookingView | null {
  const row = toBookingRow(reservationOfEntry(item), guestKeyOf(item), previous ?? UNKNOWN_GUEST);
  if (!row) return null;
  if (item.state === 'sent') return row;
  const problem = item.problem ? `${item.problem.message} — ${item.problem.whatToDo}` : undefined;
  const conflict = item.state === 'needs_attention' ? item.problem?.conflict : undefined;
  return {
    ...row,
    pending: {
      outboxId: item.id,
      state: item.state,
      ...(problem ? { problem } : {}),
      ...(conflict ? { conflict } : {}),
    },
  };
}

/** The booking staff just saved, laid over the cache until its entry is confirmed. */
export function bookingOfInput(
  booking: BookingInput,
  guestKey: string,
  queued: { outboxId: string; state: OutboxState },
  previous?: BookingRow,
): BookingView | null {
  const row = toBookingRow(reservationFieldsOf(booking), guestKey, previous ?? UNKNOWN_GUEST);
  return (
    row && { ...row, pending: { outboxId: queued.outboxId, state: queued.state === 'sent' ? 'queued' : queued.state } }
  );
}

/** Cached bookings with the pending ones laid over them (same id replaced; a booking moved away leaves), by time. */
export function overlayBookings(
  cached: readonly BookingRow[],
  pending: readonly BookingView[],
  inRange: (row: BookingRow) => boolean,
): BookingView[] {
  const byId = new Map<string, BookingView>(cached.map((row) => [row.id, row]));
  for (const row of pending) {
    if (inRange(row)) byId.set(row.id, row);
    else byId.delete(row.id);
  }
  return [...byId.values()].sort((a, b) => a.time.localeCompare(b.time) || a.guestName.localeCompare(b.guestName));
}
