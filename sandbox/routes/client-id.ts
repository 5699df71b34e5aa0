// The client_id check of the JSON read methods (get_contact_fields, pull_db, pull_reservations…).
import type { Account } from '../store/accounts';
import { jsonResponse } from '../http/envelope';
import type { Params } from '../http/params';

/** The documented failure when client_id is missing or not the account's; null when it is fine. */
export function clientIdFailure(params: Params, account: Account): Response | null {
  const value = params.client_id;
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return jsonResponse({ result: false, message: 'No client ID provided' });
  }
  if ((typeof value !== 'string' && typeof value !== 'number') || String(value).trim() !== account.clientId) {
    return jsonResponse({ result: false, message: 'Invalid client ID provided' });
  }
  return null;
}
