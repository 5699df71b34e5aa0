import { outcomeOfCallError } from '../classify';
import type { DeliveryOutcome } from '../outcomes';
import { findSentItem, sentItemIsOurs } from '../reconcile';
import type { OutboxRow } from '../types';
import type { KindSender, ServiceAccess } from './sender';

/** The message kinds: one entry per call, each under its own reference id. */
type MessageKind = 'sms' | 'email';

/** How each message kind goes to the service. */
const SEND: {
  [K in MessageKind]: (service: ServiceAccess, row: OutboxRow<K>, referenceId: string) => Promise<unknown>;
} = {
  sms: (service, row, referenceId) => service.client.sms({ ...row.payload, reference_id: referenceId }),
  email: (service, row, referenceId) => service.client.email({ ...row.payload, reference_id: referenceId }),
};

/**
 * Sends single SMS or emails under the reference id chosen at enqueue. When an earlier try's
 * outcome is unknown, sent_items is asked first; only a reference the service has not seen is
 * sent again, so no guest gets the same message twice.
 */
export function createMessageSender<K extends MessageKind>(type: K): KindSender<K> {
  return {
    async deliver(rows, service) {
      return Promise.all(rows.map((row) => deliverOne(type, row, service)));
    },
  };
}

/** One message: look up if uncertain, else send. */
async function deliverOne<K extends MessageKind>(
  type: K,
  row: OutboxRow<K>,
  service: ServiceAccess,
): Promise<DeliveryOutcome<K>> {
  const referenceId = row.referenceId;
  if (!referenceId)
    return {
      type: 'failed',
      problem: { message: 'This message has no reference id.', whatToDo: 'Discard it and send the message again.' },
    };
  try {
    if (row.outcomeUnknownAt !== null) {
      const sentItem = await findSentItem(service, referenceId, type);
      if (sentItem && !sentItemIsOurs(sentItem, type, row.payload)) {
        const problem = {
          message: `The service already lists a different ${type === 'sms' ? 'SMS' : 'email'} under reference ${referenceId}; this one may not have gone out.`,
          whatToDo:
            'Check the sent messages. If this one did not go out, discard it and send it again: it gets a fresh reference.',
        };
        return { type: 'failed', problem };
      }
      if (sentItem) return { type: 'sent', result: { reference_id: referenceId, confirmedBy: 'sent_items', sentItem } };
    }
    await SEND[type](service, row, referenceId);
    return { type: 'sent', result: { reference_id: referenceId } };
  } catch (error) {
    return outcomeOfCallError(error, type);
  }
}
