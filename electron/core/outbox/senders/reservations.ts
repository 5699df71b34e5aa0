import { outcomeOfCallError, outcomeOfServiceMessage } from '../classify';
import { contactIdOf } from '../local-ids';
import type { DeliveryOutcome } from '../outcomes';
import { judgeDuplicateGuest } from '../reconcile';
import type { OutboxPayloads, OutboxRow } from '../types';
import { pairBulkAnswers, type ItemAnswer } from './bulk-answers';
import type { KindSender, ServiceAccess } from './sender';

const DUPLICATE = /duplicate check failed/i;
type PushReservations = ServiceAccess['client']['pushReservations'];

/**
 * Pushes bookings with their guests in batches, matched to the answer by reservation id. A booking
 * for a new guest refused as a duplicate is pushed again naming the guest found only when that guest
 * is this entry's own earlier write; otherwise a person decides, shown the guest the service has.
 */
export function createReservationSender(): KindSender<'push_reservations'> {
  return {
    async deliver(rows, service) {
      let response: Awaited<ReturnType<PushReservations>>;
      try {
        response = await service.client.pushReservations(rows.map((row) => row.payload));
      } catch (error) {
        const outcome = outcomeOfCallError(error, 'push_reservations');
        return rows.map(() => outcome);
      }
      const answers = pairBulkAnswers(
        rows.map((row) => reservationId(row.payload)),
        response.success,
        response.failures,
        (echo) => textOf(echo.reservation_id),
      );
      return Promise.all(rows.map((row, index) => settle(row, answers[index]!, service)));
    },
  };
}

/** One booking's outcome from its part of the answer. */
async function settle(
  row: OutboxRow<'push_reservations'>,
  answer: ItemAnswer,
  service: ServiceAccess,
): Promise<DeliveryOutcome<'push_reservations'>> {
  if (answer.ok === true)
    return {
      type: 'sent',
      result: { reservation_id: reservationId(row.payload), contact_id: textOf(answer.echo.contact_id) },
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
  const item = row.payload;
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
function reservationId(item: OutboxPayloads['push_reservations']): string | undefined {
  return textOf(item.reservation.id);
}

/** A non-empty string form of an id. */
function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
}
