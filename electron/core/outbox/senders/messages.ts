import { outcomeOfCallError } from '../classify';
import type { DeliveryOutcome } from '../outcomes';
import { findSentItem, sentItemIsOurs } from '../reconcile';
import type { OutboxRow } from '../types';
import type { KindSender, ServiceAccess } from './sender';

/**
 * Sends single SMS or emails under the reference id chosen at enqueue. When an earlier try's
 * outcome is unknown, sent_items is asked first; only a reference the service has not seen is
 * sent again, so no guest gets the same message twice.
 */
export function createMessageSender(type: 'sms' | 'email'): KindSender {
  return {
    async deliver(rows, service) {
      return Promise.all(rows.map((row) => deliverOne(type, row, service)));
    },
  };
}

/** One message: look up if uncertain, else send. */
async function deliverOne(type: 'sms' | 'email', row: OutboxRow, service: ServiceAccess): Promise<DeliveryOutcome> {
  const referenceId = row.referenceId;
  if (!referenceId) return { type: 'failed', problem: { message: 'This message has no reference id.', whatToDo: 'Discard it and send the message again.' } };
  try {
    if (row.outcomeUnknownAt !== null) {
      const sentItem = await findSentItem(service, referenceId, type);
      if (sentItem && !sentItemIsOurs(sentItem, type, row.payload)) {
        const problem = {
          message: `The service already lists a different ${type === 'sms' ? 'SMS' : 'email'} under reference ${referenceId}; this one may not have gone out.`,
          whatToDo: 'Check the sent messages. If this one did not go out, discard it and send it again: it gets a fresh reference.',
        };
        return { type: 'failed', problem };
      }
      if (sentItem) return { type: 'sent', result: { reference_id: referenceId, confirmedBy: 'sent_items', sentItem } };
    }
    const request = { ...row.payload, reference_id: referenceId };
    if (type === 'sms') await service.client.sms(request as Parameters<ServiceAccess['client']['sms']>[0]);
    else await service.client.email(request as Parameters<ServiceAccess['client']['email']>[0]);
    return { type: 'sent', result: { reference_id: referenceId } };
  } catch (error) {
    return outcomeOfCallError(error, row.kind);
  }
}
