// A booking shows its guest as the guest cache has them now (with this desk's queued edits), read by
// contact_id when the bookings are read: a guest renamed here or on another desk shows renamed on every
// booking after the guests' next sync, without waiting for the bookings to be pulled again.
import { bookingGuestOf, searchTextOf } from '../db/booking-row';
import type { GuestDatabase } from '../db/guest-db';
import type { GuestRow } from '../db/guest-types';
import { applyWrites, overlayWrites } from '../db/overlay';
import type { BookingGuest } from '../db/tables/reservations';
import type { BookingView } from './booking-overlay';

/** The guests of these keys (service ids, or the local ids of guests recorded here), by the key asked for. */
async function guestsByKey(db: GuestDatabase, keys: readonly string[]): Promise<Map<string, GuestRow>> {
  const unique = [...new Set(keys)];
  const rows = await db.guests.bulkGet(unique);
  const found = new Map<string, GuestRow>();
  const missing: string[] = [];
  unique.forEach((key, index) => {
    const row = rows[index];
    if (row) found.set(key, row);
    else missing.push(key);
  });
  // A guest recorded here and since confirmed is found under the local id it was booked with.
  if (missing.length > 0)
    for (const row of await db.guests.where('localId').anyOf(missing).toArray()) found.set(row.localId!, row);
  return found;
}

/** A guest's name, mobile and email as staff see them (their queued edits applied). */
async function shownGuest(db: GuestDatabase, row: GuestRow): Promise<BookingGuest> {
  if (row.pending === 0) return bookingGuestOf(row.record);
  return bookingGuestOf(applyWrites(row.record, overlayWrites(await db.guestWrites(row))));
}

/** The guests of these keys as staff see them now, by key (keys the guest cache does not hold are left out). */
export async function currentGuests(db: GuestDatabase, keys: readonly string[]): Promise<Map<string, BookingGuest>> {
  const shown = new Map<string, BookingGuest>();
  for (const [key, row] of await guestsByKey(db, keys)) shown.set(key, await shownGuest(db, row));
  return shown;
}

/** The bookings with their guests as the guest cache has them now (a guest it does not hold keeps the booking's copy). */
export async function withCurrentGuests(db: GuestDatabase, bookings: readonly BookingView[]): Promise<BookingView[]> {
  const shown = await currentGuests(
    db,
    bookings.map((booking) => booking.guestKey),
  );
  return bookings
    .map((booking) => {
      const guest = shown.get(booking.guestKey);
      return guest ? { ...booking, ...guest, search: searchTextOf(guest) } : booking;
    })
    .sort((a, b) => a.time.localeCompare(b.time) || a.guestName.localeCompare(b.guestName));
}
