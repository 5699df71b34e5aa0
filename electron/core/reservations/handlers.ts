import { ServiceFailureError } from '../../../shared/api/errors';
import type { OutboxItemView } from '../outbox/types';
import type { reservationChannels } from '../../../shared/bridge/channels/reservations';
import type { DeskHandlers } from '../../../shared/bridge/contract';
import type { ReservationRecord } from '../../../shared/api/response-schemas';
import { BOOKING_GUEST_FIELDS } from '../../../shared/rules/booking-fields';
import { formatServiceDateTime } from '../../../shared/rules/datetime';
import { explainReadError } from '../guests/errors';
import { createPullStore, streamInto } from '../pull-store';
import { connectedAccount, type DeskServices } from '../services';
import { bookingPayload } from './payload';

type ReservationHandlers = Pick<DeskHandlers, keyof typeof reservationChannels>;

/** The service's words when an account has no reservations (reference 7.1). */
const NOT_SET_UP = /reservations not set ?up/i;
/** The plain sentence the desk shows instead. */
const NOT_SET_UP_SENTENCE =
  'Reservations are not set up for this account. The venue can ask the service to turn them on.';

/** What the reservation handlers need beyond the shared services: the outbox's pending entries. */
export interface ReservationDeps {
  pendingEntries(): OutboxItemView[];
}

/** The booking channels: pulls for the renderer's cache, field definitions, writes through the outbox. */
export function createReservationHandlers(
  services: DeskServices,
  deps: ReservationDeps,
  options: { now?: () => Date } = {},
): ReservationHandlers {
  const now = options.now ?? (() => new Date());
  const pulls = createPullStore<ReservationRecord>('bookings', () => now().getTime());
  const account = () => connectedAccount(services);

  /** Runs a read; "not set up" becomes an answer, not an error. */
  const read = async <T>(
    what: string,
    call: () => Promise<T>,
  ): Promise<{ enabled: true; value: T } | { enabled: false; message: string }> => {
    try {
      return { enabled: true, value: await call() };
    } catch (error) {
      if (error instanceof ServiceFailureError && NOT_SET_UP.test(error.serviceMessage))
        return { enabled: false, message: NOT_SET_UP_SENTENCE };
      throw explainReadError(error, what);
    }
  };

  return {
    pullReservations: async ({ touchedFrom }) => {
      const { clientId, timeZone } = account();
      const client = services.requireClient();
      const startedAt = now().toISOString();
      const request = {
        client_id: clientId,
        ...(touchedFrom ? { touched_from: formatServiceDateTime(new Date(touchedFrom), timeZone) } : {}),
      };
      // The pull is answered as soon as the service's answer is known to be a list; its pages fill as it arrives,
      // each booking with only the guest fields a cached booking keeps.
      const feed = pulls.open();
      const bookings = { ...feed, add: (items: ReservationRecord[]) => feed.add(items.map(withBookingGuest)) };
      const answer = await read('the bookings', () =>
        streamInto(bookings, (sink) => client.stream.pullReservations(request, sink), {
          what: 'bookings',
          explain: (error) => explainReadError(error, 'the bookings'),
        }),
      );
      if (!answer.enabled) return answer;
      return { enabled: true, pullId: feed.pullId, startedAt };
    },

    pullReservationsPage: async ({ pullId, offset, limit }) => {
      const { items, ...counts } = await pulls.page(pullId, offset, limit);
      return { bookings: items, ...counts };
    },

    listReservationFields: async () => {
      const { clientId } = account();
      const answer = await read('the booking fields', () =>
        services.requireClient().getReservationFields({ client_id: clientId }),
      );
      return answer.enabled ? { enabled: true, fields: answer.value.fields } : answer;
    },

    saveBooking: async (request) => {
      account();
      const { guestKey } = request;
      const queued = await services.enqueue('push_reservations', bookingPayload(request), { guestKey });
      return { outboxId: queued.id, state: queued.state, guestKey };
    },

    listPendingBookings: async () => ({
      items: deps.pendingEntries().flatMap((item) => (item.kind === 'push_reservations' ? [item] : [])),
    }),
  };
}

/** A pulled booking with its contact cut to the ids and the fields a cached booking keeps of its guest. */
function withBookingGuest({ reservation, contact }: ReservationRecord): ReservationRecord {
  const guest: ReservationRecord['contact'] = { client_id: contact.client_id, contact_id: contact.contact_id };
  for (const name of BOOKING_GUEST_FIELDS) if (contact[name] !== undefined) guest[name] = contact[name];
  return { reservation, contact: guest };
}
