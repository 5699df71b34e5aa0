import type { DeskApi } from '../../shared/bridge/contract';
import { nextPaint } from '../after-paint';
import type { BookingStatusValue } from '../../shared/rules/booking-status';
import type { BookingInput, BookingView } from '../sync/booking-overlay';
import { captureBookingBase, saveBooking } from './reservations';

/** A fresh reservation id, made once when a booking is made: every retry of its push updates the same booking. */
export function newBookingId(): string {
  return `vd-${crypto.randomUUID()}`;
}

/** The booking as the desk pushes it again, with some of its fields changed. */
function bookingInputOf(booking: BookingView, changes: Partial<BookingInput> = {}): BookingInput {
  const custom: BookingInput['custom'] = {};
  for (const [name, value] of Object.entries(booking.custom)) if (isPushable(value)) custom[name] = value;
  return {
    id: booking.id,
    total_attendees: Math.max(1, booking.partySize),
    attendee_names: booking.attendeeNames,
    bookingStatus: booking.status,
    Date: booking.date,
    Time: booking.time || '00:00:00',
    custom,
    ...changes,
  };
}

/**
 * Sets a booking's status (one keypress or click), shown at once; it reaches the service through the outbox,
 * merged there with other desks' changes (its base taken now, as staff press the key). The card's new status
 * is committed in this task and painted first: the cache is read for the base, and the outbox asked, after.
 */
export function setBookingStatus(desk: DeskApi, booking: BookingView, status: BookingStatusValue): Promise<void> {
  return saveBooking(desk, booking.guestKey, bookingInputOf(booking, { bookingStatus: status }), {
    deskEdit: captureBookingBase(booking, [], nextPaint()),
    shown: booking,
  });
}

/** Whether a value the service sent can be pushed back as it is. */
function isPushable(value: unknown): value is BookingInput['custom'][string] {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    (Array.isArray(value) && value.every((item) => typeof item === 'string'))
  );
}
