import { outcomeOfCallError, outcomeOfServiceMessage } from '../classify';
import type { DeliveryOutcome } from '../outcomes';
import { pairBulkAnswers } from './bulk-answers';
import type { KindSender, ServiceAccess } from './sender';

/**
 * Adds purchases in batches. The API cannot read purchases back, so an answer that is lost or does
 * not mention a purchase comes back as unknown, which holds it for a person's decision.
 */
export function createPurchaseSender(): KindSender<'add_purchase'> {
  return {
    async deliver(rows, service) {
      let response: Awaited<ReturnType<ServiceAccess['client']['addPurchase']>>;
      try {
        response = await service.client.addPurchase(rows.map((row) => row.payload));
      } catch (error) {
        const outcome = outcomeOfCallError(error, 'add_purchase');
        return rows.map(() => outcome);
      }
      const answers = pairBulkAnswers(
        rows.map((row) => purchaseKey(row.payload)),
        response.success,
        response.failures,
        purchaseKey,
      );
      return answers.map((answer, index): DeliveryOutcome<'add_purchase'> => {
        if (answer.ok === true) return { type: 'sent', result: { tx_id: rows[index]!.payload.tx_id } };
        if (answer.ok === false) return outcomeOfServiceMessage('add_purchase', answer.desc);
        return { type: 'unknown', reason: "The service's answer did not mention this purchase." };
      });
    },
  };
}

/** What identifies a purchase in the answer, which echoes the items as sent. */
function purchaseKey(item: Readonly<Record<string, unknown>>): string {
  return ['tx_id', 'contact_id', 'item_desc', 'price', 'purchased_at']
    .map((field) => String(item[field] ?? ''))
    .join('\u0000');
}
