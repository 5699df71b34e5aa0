import type { ParsedRequestOf } from '../../../shared/bridge/contract';
import type { OutboxInput } from '../../../shared/outbox/kinds';
import { reservationFieldsOf } from '../../../shared/rules/booking-fields';

type Booking = ParsedRequestOf<'saveBooking'>['booking'];

/** The push_reservations item of a booking: the reservation's fields, and its guest by contact id (a local id waits for the guest's push). */
export function bookingPayload(guestKey: string, booking: Booking): OutboxInput<'push_reservations'> {
  return { reservation: reservationFieldsOf(booking), contact: { contact_id: guestKey } };
}
