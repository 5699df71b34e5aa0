import type { ReservationRecord } from '../../../../shared/api/response-schemas';
import { bookingItemOf } from '../../../../shared/outbox/service-item';
import { outcomeOfCallError, outcomeOfServiceMessage } from '../classify';
import { contactIdOf } from '../local-ids';
import { deliverMerged, type ToPush } from '../merge/deliver';
import { mergeBookingEntry } from '../merge/entries';
import { createMergeReader, type MergeReader } from '../merge/reader';
import type { DeliveryOutcome } from '../outcomes';
import { judgeDuplicateGuest } from '../reconcile';
import type { OutboxPayloads, OutboxRow } from '../types';
import { pairBulkAnswers, type ItemAnswer } from './bulk-answers';
import type { KindSender, ServiceAccess } from './sender';

const DUPLICATE = /duplicate check failed/i;

/** The merge read of bookings: pull_reservations with touched_from, in the account's zone (reference 4.17). */
export function createBookingReader(now: () => number): MergeReader<ReservationRecord> {
  return createMergeReader({
    list: (service, request) => service.client.pullReservations(request),
    keyOf: (record) => textOf(record.reservation.id),
    now,
  });
}

/**
 * Pushes bookings with their guests in batches, matched to the answer by reservation id. An edit of a
 * booking the service has is merged first with the service's booking (one read for the batch): only what
 * changed here goes, and the same field changed elsewhere waits for a person. A booking for a new guest
 * refused as a duplicate is pushed again naming the guest found only when that guest is this entry's own
 * earlier write; otherwise a person decides, shown the guest the service has.
 */
export function createReservationSender(reader: MergeReader<ReservationRecord>): KindSender<'push_reservations'> {
  return {
    deliver: (rows, service) =>
      deliverMerged(rows, service, {
        kind: 'push_reservations',
        reader,
        itemOf: bookingItemOf,
        keyOf: (row) => reservationId(row.payload),
        mergeOne: mergeBookingEntry,
        unchangedResult: (row, merged) => ({
          reservation_id: reservationId(row.payload),
          contact_id: contactIdOf('push_reservations', row.payload),
          unchanged: true,
          merged,
        }),
        push: pushBookings,
      }),
  };
}

/** One push_reservations call for the entries, each settled from its part of the answer. */
async function pushBookings(
  entries: readonly ToPush<'push_reservations'>[],
  service: ServiceAccess,
): Promise<DeliveryOutcome<'push_reservations'>[]> {
  let response: Awaited<ReturnType<ServiceAccess['client']['pushReservations']>>;
  try {
    response = await service.client.pushReservations(entries.map((entry) => entry.item));
  } catch (error) {
    const outcome = outcomeOfCallError(error, 'push_reservations');
    return entries.map(() => outcome);
  }
  const answers = pairBulkAnswers(
    entries.map((entry) => reservationId(entry.row.payload)),
    response.success,
    response.failures,
    (echo) => textOf(echo.reservation_id),
  );
  return Promise.all(entries.map((entry, index) => settle(entry, answers[index]!, service)));
}

/** One booking's outcome from its part of the answer. */
async function settle(
  { row, merged }: ToPush<'push_reservations'>,
  answer: ItemAnswer,
  service: ServiceAccess,
): Promise<DeliveryOutcome<'push_reservations'>> {
  if (answer.ok === true)
    return {
      type: 'sent',
      result: {
        reservation_id: reservationId(row.payload),
        contact_id: textOf(answer.echo.contact_id),
        ...(merged ? { merged } : {}),
      },
    };
  if (answer.ok === null) return { type: 'unknown', reason: "The service's answer did not mention this booking." };
  if (DUPLICATE.test(answer.desc) && contactIdOf('push_reservations', row.payload) === undefined)
    return reconcileGuest(row, service);
  return outcomeOfServiceMessage('push_reservations', answer.desc);
}

/** Pushes the booking again naming the guest found, only when that guest is this entry's own earlier write. */
async function reconcileGuest(
  row: OutboxRow<'push_reservations'>,
  service: ServiceAccess,
): Promise<DeliveryOutcome<'push_reservations'>> {
  const item = bookingItemOf(row.payload);
  try {
    const verdict = await judgeDuplicateGuest(service, item.contact, row.outcomeUnknownAt !== null);
    if (!verdict.own) return { type: 'failed', problem: verdict.problem };
    const again = { ...item, contact: { ...item.contact, contact_id: verdict.contactId } };
    const response = await service.client.pushReservations([again]);
    const [answer] = pairBulkAnswers([reservationId(item)], response.success, response.failures, (echo) =>
      textOf(echo.reservation_id),
    );
    if (answer?.ok === true)
      return {
        type: 'sent',
        result: { reservation_id: reservationId(item), contact_id: verdict.contactId, matchedOwnEarlierWrite: true },
      };
    if (answer?.ok === false) return outcomeOfServiceMessage('push_reservations', answer.desc);
    return { type: 'unknown', reason: "The service's answer did not mention this booking." };
  } catch (error) {
    return outcomeOfCallError(error, 'push_reservations');
  }
}

/** A booking's reservation id. */
function reservationId(item: Pick<OutboxPayloads['push_reservations'], 'reservation'>): string | undefined {
  return textOf(item.reservation.id);
}

/** A non-empty string form of an id. */
function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
}
