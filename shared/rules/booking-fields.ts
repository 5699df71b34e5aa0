// The reservation fields the desk reads and writes itself (reference 2.6 in docs/service-api.md); every
// other field of a reservation is the account's own (table area, special requests…), kept by name.

/** The desk's own reservation fields, in the order a push lists them. */
const STANDARD_BOOKING_FIELDS = ['id', 'total_attendees', 'attendee_names', 'bookingStatus', 'Date', 'Time'] as const;

/** A reservation field the desk sets itself. */
export type StandardBookingField = (typeof STANDARD_BOOKING_FIELDS)[number];

/** Whether a reservation field is one the desk sets itself (an account's field of the same name cannot override it). */
export function isStandardBookingField(name: string): name is StandardBookingField {
  return STANDARD_BOOKING_FIELDS.some((field) => field === name);
}

/** The account's own fields of a reservation: everything but the standard ones. */
export function customBookingFields<T>(fields: Readonly<Record<string, T>>): Record<string, T> {
  // A plain loop: it runs for every booking of a sync (no pair arrays or closures per field).
  const custom: Record<string, T> = {};
  for (const name of Object.keys(fields)) {
    if (isStandardBookingField(name)) continue;
    const value = fields[name] as T;
    // Defined, not assigned, for a field named `__proto__`: it stays a field, as Object.fromEntries kept it.
    if (name === '__proto__')
      Object.defineProperty(custom, name, { value, enumerable: true, writable: true, configurable: true });
    else custom[name] = value;
  }
  return custom;
}

/**
 * The contact fields a cached booking keeps of its guest, besides the ids: what renderer/db/booking-row.ts
 * reads (the name, or else the email or mobile, and those two). The desk core hands each pulled booking on
 * with only these, so a page over the bridge carries none of the guest's other fields.
 */
export const BOOKING_GUEST_FIELDS = ['PatronName', 'PatronSurname', 'PatronEmail', 'PatronMobile'] as const;

/** A booking as the desk edits it: the standard fields by name, and the account's own fields under `custom`. */
interface BookingFields<Value> {
  custom: Readonly<Record<string, Value>>;
  id: string;
  total_attendees: number;
  attendee_names: string[];
  bookingStatus: string;
  Date: string;
  Time: string;
}

/** A booking's reservation fields as push_reservations takes them: the account's fields beside the standard ones (which win). */
export function reservationFieldsOf<Value>(booking: BookingFields<Value>) {
  return {
    ...customBookingFields(booking.custom),
    id: booking.id,
    total_attendees: booking.total_attendees,
    attendee_names: booking.attendee_names,
    bookingStatus: booking.bookingStatus,
    Date: booking.Date,
    Time: booking.Time,
  };
}
