// The base an edit carries (docs/architecture.md, "Several desks of one venue"): the record as staff saw
// it when they began, in the service's field names, and when the cache it came from began its last pull,
// so the outbox's merge reads what changed on the service since then. A record only this desk knows (a
// booking or guest not yet confirmed by the service) has no base: it goes as it is.
import { isStandardBookingField, reservationFieldsOf } from '../../shared/rules/booking-fields';
import { fieldKindOf, type FieldKind } from '../../shared/merge/fields';
import { jsonRecord, type DeskEdit } from '../../shared/outbox/desk-edit';
import { isLocalGuestId } from '../../shared/rules/guest-id';
import type { BookingFieldRow, BookingRow, BookingTables } from '../db/tables/reservations';
import type { ContactRecord } from '../db/contact';

/** The kinds of the account's own fields (sets merge as additions and removals). */
function kindsOf(fields: readonly { name: string; type: string }[]): Record<string, FieldKind> {
  return Object.fromEntries(fields.map((field) => [field.name, fieldKindOf(field.type)]));
}

/** A cached booking in the service's reservation fields, as push_reservations would carry it. */
function reservationOfRow(booking: BookingRow): Record<string, unknown> {
  const custom = Object.fromEntries(Object.entries(booking.custom).filter(([name]) => !isStandardBookingField(name)));
  return reservationFieldsOf({
    custom,
    id: booking.id,
    total_attendees: booking.partySize,
    attendee_names: booking.attendeeNames,
    bookingStatus: booking.status,
    Date: booking.date,
    Time: booking.time,
  });
}

/**
 * The base of an edit of a booking as staff see it now (call it when they begin). Resolves to none when
 * the service does not have the booking yet (only this desk's queued booking). The base and its time are
 * taken now; `readAfter`: the cache is asked whether the service has the booking only once it resolves
 * (after the frame that shows the change, for a status key).
 */
export async function bookingEditBase(
  booking: BookingRow,
  cache: {
    tables: BookingTables;
    lastPullStartedAt: string | undefined;
    fields: readonly BookingFieldRow[];
    readAfter?: Promise<void>;
  },
): Promise<DeskEdit | undefined> {
  const base = jsonRecord(reservationOfRow(booking));
  if (isLocalGuestId(booking.guestKey)) return undefined;
  await cache.readAfter;
  if (!(await cache.tables.bookingById(booking.id))) return undefined;
  const kinds = kindsOf(cache.fields.filter((field) => !isStandardBookingField(field.name)));
  // While the first pull is under way the base's time is not known: the merge then reads every booking.
  return { base, ...(cache.lastPullStartedAt ? { baseAt: cache.lastPullStartedAt } : {}), kinds };
}

/**
 * The base of a guest edit: the guest's fields as staff saw them when they began (`base`, by field), and
 * when the guests were last pulled (unknown while the first pull is under way: the merge then reads every
 * guest). None for a guest recorded here and not yet confirmed.
 */
export function guestEditBase(
  guestKey: string,
  base: ContactRecord,
  baseAt: string | undefined,
  fields: readonly { name: string; type: string }[],
): DeskEdit | undefined {
  if (isLocalGuestId(guestKey) || Object.keys(base).length === 0) return undefined;
  const kinds = kindsOf(fields.filter((field) => field.name in base));
  return { base: jsonRecord(base), ...(baseAt ? { baseAt } : {}), kinds };
}
