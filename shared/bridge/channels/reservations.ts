import { z } from 'zod';
import { fieldDefinition, reservationRecord } from '../../api/response-schemas';
import { channel } from '../define';
import { pulledPageCounts } from './pulled-page';
import { deskEdit } from '../../outbox/desk-edit';
import { OUTBOX_ITEMS } from './outbox';
import { queuedWrite } from './guests';

/** Largest page of bookings one bridge message carries while the renderer fetches a pull. */
export const BOOKING_PAGE_LIMIT = 5000;

/**
 * A booking with its guest, as pull_reservations returns it (reference 4.17); the guest's contact cut to its ids
 * and the fields a cached booking keeps (BOOKING_GUEST_FIELDS, shared/rules/booking-fields.ts).
 */
const bookingRecord = reservationRecord;

/** A booking's id: the service's for bookings made elsewhere; the desk's (chosen once, so every retry updates the same booking) for its own. */
const bookingId = z.string().regex(/^[^\s\p{Cc}]{1,100}$/u, 'A booking id is 1 to 100 characters without spaces');

/** A calendar date (`YYYY-MM-DD`) and a wall-clock time (`HH:MM:SS`) in the account's zone. */
const bookingDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD');
const bookingTime = z.string().regex(/^\d{2}:\d{2}:\d{2}$/, 'Use the form HH:MM:SS');
const fieldValue = z.union([
  z.string().max(10_000),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string().max(200)).max(100),
]);
const instant = z.iso.datetime({ offset: true });

/** A booking as the desk pushes it: the reservation fields of reference 2.6 plus the account's own fields. */
const bookingInput = z
  .object({
    id: bookingId,
    total_attendees: z.number().int().min(1, 'A booking is for at least one person').max(10_000),
    attendee_names: z.array(z.string().trim().min(1).max(200)).max(200),
    bookingStatus: z.string().trim().min(1).max(100),
    Date: bookingDate,
    Time: bookingTime,
    custom: z.record(z.string().min(1).max(100), fieldValue),
  })
  .strict();

/** Whether the account has reservations: the service answers "Reservations not setup for this account" when not. */
const notSetUp = z.object({ enabled: z.literal(false), message: z.string() });

/** Bookings: pulls for the renderer's cache, field definitions, writes through the outbox (issue 12). */
export const reservationChannels = {
  /**
   * Pulls bookings with pull_reservations (all, or those touched since an instant) into the core for paging.
   * Answered as soon as the service's answer is known to be a list: the bookings keep arriving while their
   * pages are fetched, so `total` is not known then (it is only when a whole list is held).
   */
  pullReservations: channel(
    z.object({ touchedFrom: instant.optional() }).strict(),
    z.union([
      notSetUp,
      z.object({
        enabled: z.literal(true),
        pullId: z.string(),
        total: z.number().int().nonnegative().optional(),
        startedAt: z.string(),
      }),
    ]),
  ),
  /**
   * One page of a booking pull, once `limit` bookings after `offset` are in (or the answer has ended):
   * `remaining` are held after it; `more`: the answer is still arriving, so ask again even when none remain.
   * The pull is forgotten once its last page has been fetched.
   */
  pullReservationsPage: channel(
    z
      .object({
        pullId: z.string().min(1).max(100),
        offset: z.number().int().nonnegative(),
        limit: z.number().int().min(1).max(BOOKING_PAGE_LIMIT),
      })
      .strict(),
    z.object({ bookings: z.array(bookingRecord), ...pulledPageCounts }),
    // Each booking was validated with bookingRecord where the service's answer entered the core
    // (shared/api/streamed-answer.ts): a page of 5,000 is not validated again on its way out.
    { answerShape: z.object({ bookings: z.array(z.unknown()), ...pulledPageCounts }) },
  ),
  /** The reservation field definitions (get_reservation_fields). */
  listReservationFields: channel(
    z.object({}).strict(),
    z.union([notSetUp, z.object({ enabled: z.literal(true), fields: z.array(fieldDefinition) })]),
  ),
  /**
   * Queues a new or changed booking (push_reservations) for a guest: a service contact id or a local id of
   * a guest recorded here. A change of a booking the service has carries its base (`deskEdit`): the outbox
   * merges it with the service's booking before it goes (issue 20).
   */
  saveBooking: channel(
    z.object({ guestKey: z.string().min(1).max(100), booking: bookingInput, deskEdit: deskEdit.optional() }).strict(),
    queuedWrite,
  ),
  /** Bookings this desk queued that the service has not confirmed (they overlay the cache). */
  listPendingBookings: channel(z.object({}).strict(), z.object({ items: z.array(OUTBOX_ITEMS.push_reservations) })),
};

export const reservationEvents = {};
