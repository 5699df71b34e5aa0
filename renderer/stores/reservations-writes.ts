import type { DeskApi } from '../../shared/bridge/contract';
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
    deskEdit: captureBookingBase(booking, [], afterPaint()),
    shown: booking,
  });
}

/** When nothing paints (a hidden window), the wait for a frame ends after this long. */
const NO_FRAME_MS = 100;

/**
 * Resolves once the next frame is painted, in a task queued from that frame (behind what already waits on
 * it), or after NO_FRAME_MS where no frame comes.
 */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    const fallback = setTimeout(resolve, NO_FRAME_MS);
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
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
