import type { ParsedRequestOf } from '../../../shared/bridge/contract';
import type { OutboxInput } from '../../../shared/outbox/kinds';

type Booking = ParsedRequestOf<'saveBooking'>['booking'];

/** Reservation fields the desk sets itself; a custom field of the same name cannot override them. */
const STANDARD = new Set(['id', 'total_attendees', 'attendee_names', 'bookingStatus', 'Date', 'Time']);

/** The push_reservations item of a booking: the reservation's fields, and its guest by contact id (a local id waits for the guest's push). */
export function bookingPayload(guestKey: string, booking: Booking): OutboxInput<'push_reservations'> {
  const custom = Object.fromEntries(Object.entries(booking.custom).filter(([name]) => !STANDARD.has(name)));
  return {
    reservation: {
      ...custom,
      id: booking.id,
      total_attendees: booking.total_attendees,
      attendee_names: booking.attendee_names,
      bookingStatus: booking.bookingStatus,
      Date: booking.Date,
      Time: booking.Time,
    },
    contact: { contact_id: guestKey },
  };
}
