import { outcomeOfCallError, outcomeOfServiceMessage } from '../classify';
import { contactIdOf } from '../local-ids';
import type { DeliveryOutcome } from '../outcomes';
import { resolveDuplicateGuest } from '../reconcile';
import type { OutboxPayloads, OutboxRow } from '../types';
import { pairBulkAnswers, type ItemAnswer } from './bulk-answers';
import type { KindSender, ServiceAccess } from './sender';

const DUPLICATE = /duplicate check failed/i;
const UNATTRIBUTED = "The service's answer did not say which new guest was which; the desk checks this one again on its own.";

/**
 * Pushes guests in batches. A new guest the service refuses as a duplicate (typically because an
 * earlier try did reach it) is looked up by email or mobile and the push is applied to that guest.
 */
export function createContactSender(): KindSender<'push_contact'> {
  return {
    async deliver(rows, service) {
      const contacts = rows.map((row) => row.payload);
      let response: Awaited<ReturnType<ServiceAccess['client']['pushContact']>>;
      try {
        response = await service.client.pushContact(contacts);
      } catch (error) {
        const outcome = outcomeOfCallError(error, 'push_contact');
        return rows.map(() => outcome);
      }
      const keys = rows.map((row) => contactIdOf('push_contact', row.payload));
      const answers = pairBulkAnswers(keys, response.success, response.failures, (echo) => stringOf(echo.contact_id));
      return Promise.all(rows.map((row, index) => settle(row, answers[index]!, service)));
    },
  };
}

/** One guest's outcome from its part of the answer. */
async function settle(row: OutboxRow<'push_contact'>, answer: ItemAnswer, service: ServiceAccess): Promise<DeliveryOutcome> {
  if (answer.ok === true) {
    const contactId = stringOf(answer.echo.contact_id);
    return contactId ? { type: 'sent', result: { contact_id: contactId }, contactId } : { type: 'sent' };
  }
  if (answer.ok === null) return { type: 'unknown', reason: UNATTRIBUTED };
  const isNewGuest = contactIdOf('push_contact', row.payload) === undefined;
  if (isNewGuest && DUPLICATE.test(answer.desc)) return reconcileNewGuest(row.payload, service);
  return outcomeOfServiceMessage('push_contact', answer.desc);
}

/** Finds the guest the service already has and applies this push to it by contact_id, which cannot duplicate. */
async function reconcileNewGuest(contact: OutboxPayloads['push_contact'], service: ServiceAccess): Promise<DeliveryOutcome> {
  try {
    const resolved = await resolveDuplicateGuest(service, contact);
    if ('problem' in resolved) return { type: 'failed', problem: resolved.problem };
    const update = { ...contact, contact_id: resolved.contactId };
    const response = await service.client.pushContact([update]);
    const [answer] = pairBulkAnswers([resolved.contactId], response.success, response.failures, (echo) => stringOf(echo.contact_id));
    if (answer?.ok === true) {
      return { type: 'sent', result: { contact_id: resolved.contactId, matchedExistingGuest: true }, contactId: resolved.contactId };
    }
    if (answer?.ok === false) return outcomeOfServiceMessage('push_contact', answer.desc);
    return { type: 'unknown', reason: UNATTRIBUTED };
  } catch (error) {
    return outcomeOfCallError(error, 'push_contact');
  }
}

/** A non-empty string, or undefined. */
function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
}
