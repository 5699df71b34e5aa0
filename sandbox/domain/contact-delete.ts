// delete_contact webhook (section 6): the API has no delete, so only the operator (standing in for the service's own screens) deletes.
import type { SandboxContext } from '../context';
import type { Account } from '../store/accounts';

/** Sends delete_contact to the account's webhook URL, if set. */
export function notifyContactDeleted(ctx: SandboxContext, account: Account, contactId: string): void {
  if (!account.contactWebhookUrl) return;
  ctx.sendWebhook({
    event: 'delete_contact',
    url: account.contactWebhookUrl,
    body: { client_id: account.clientId, contact_id: contactId, webhook_type: 'delete_contact' },
  });
}
