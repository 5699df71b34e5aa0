import type { ParsedRequestOf } from '../../../shared/bridge/contract';
import type { OutboxInput } from '../../../shared/outbox/kinds';
import { reservationFieldsOf } from '../../../shared/rules/booking-fields';

type SavedBooking = ParsedRequestOf<'saveBooking'>;

/**
 * The push_reservations item of a booking: the reservation's fields, and its guest by contact id (a local
 * id waits for the guest's push); a change of a booking the service has keeps its base beside it.
 */
export function bookingPayload({ guestKey, booking, deskEdit }: SavedBooking): OutboxInput<'push_reservations'> {
  return {
    reservation: reservationFieldsOf(booking),
    contact: { contact_id: guestKey },
    ...(deskEdit ? { desk_edit: deskEdit } : {}),
  };
}
