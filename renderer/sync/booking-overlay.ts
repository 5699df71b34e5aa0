import type { OutboxItemView } from './confirmations';
import type { BookingRow } from '../db/tables/reservations';
import { bookingGuestOf, toBookingRow } from '../db/booking-row';
import type { GuestDatabase } from '../db/guest-db';
import { applyWrites, overlayWrites } from '../db/overlay';

/** A booking as staff see it: the cached row, or what this desk queued and the service has not confirmed yet. */
export interface BookingView extends BookingRow {
  pending?: { outboxId: string; state: OutboxItemView['state']; problem?: string };
  /** When the outbox confirmed it (ms): kept laid over the cache until a pull begun after that has finished. */
  confirmedAt?: number;
}

/** The reservation fields and guest id of a queued push_reservations entry. */
function partsOf(item: OutboxItemView): { reservation: Record<string, unknown>; guestKey: string } | null {
  const reservation = item.payload.reservation;
  const contact = item.payload.contact;
  if (!reservation || typeof reservation !== 'object' || Array.isArray(reservation)) return null;
  const contactId =
    contact && typeof contact === 'object' && !Array.isArray(contact)
      ? (contact as Record<string, unknown>).contact_id
      : undefined;
  const resultId = item.result?.contact_id;
  const guestKey =
    typeof resultId === 'string' && resultId
      ? resultId
      : typeof contactId === 'string'
        ? contactId
        : (item.guestKey ?? '');
  return { reservation: reservation as Record<string, unknown>, guestKey };
}

/** The booking of an outbox entry, with its guest as the guest cache shows them (pending edits applied). */
export async function bookingOfOutboxItem(
  item: OutboxItemView,
  guests: GuestDatabase,
  previous?: BookingRow,
): Promise<BookingView | null> {
  const parts = partsOf(item);
  if (!parts) return null;
  const guestRow = await guests.guestByKey(parts.guestKey);
  const guest = guestRow
    ? bookingGuestOf(applyWrites(guestRow.record, overlayWrites(await guests.guestWrites(guestRow))))
    : previous
      ? { guestName: previous.guestName, guestMobile: previous.guestMobile, guestEmail: previous.guestEmail }
      : { guestName: 'Guest', guestMobile: '', guestEmail: '' };
  const row = toBookingRow(parts.reservation, guestRow?.key ?? parts.guestKey, guest);
  if (!row) return null;
  if (item.state === 'sent') return row;
  const problem = item.problem ? `${item.problem.message} — ${item.problem.whatToDo}` : undefined;
  return { ...row, pending: { outboxId: item.id, state: item.state, ...(problem ? { problem } : {}) } };
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
