// add_purchase (section 4.16): purchase items against existing contacts, each checked and reported on its own.
import { normalizePurchaseItem, validatePurchaseItem } from '../../shared/rules/purchase';
import { clientIdProblem, purchaseReason, REASONS, type Reason } from '../domain/reasons';
import { jsonResponse } from '../http/envelope';
import { findContact } from '../store/contacts';
import { sql } from '../store/schema';
import type { MethodCall, MethodDefinition } from './api';

/** Why one item cannot be added, or null. */
function purchaseProblem(call: MethodCall, item: Record<string, unknown>): Reason | null {
  const clientProblem = clientIdProblem(item.client_id, call.account.clientId);
  if (clientProblem) return clientProblem;
  const contactId = item.contact_id;
  if (
    (typeof contactId !== 'string' && typeof contactId !== 'number') ||
    !findContact(call.ctx.db, call.account.id, String(contactId))
  ) {
    return REASONS.noSuchContact;
  }
  const message = validatePurchaseItem(item);
  if (message) return purchaseReason(message);
  if (call.faults.storeFailure) return REASONS.purchaseAddFailed;
  return null;
}

/** add_purchase: accepted items are echoed as sent; failures carry the item plus its reason. */
function addPurchase(call: MethodCall): Response {
  const { ctx, account } = call;
  const success: unknown[] = [];
  const failures: unknown[] = [];
  const nowMs = ctx.now().getTime();
  ctx.db.transaction(() => {
    for (const raw of call.body as unknown[]) {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
        failures.push({ item: raw, reason: REASONS.invalidItem });
        continue;
      }
      const item = raw as Record<string, unknown>;
      const problem = purchaseProblem(call, item);
      if (problem) {
        failures.push({ ...item, reason: problem });
        continue;
      }
      const stored = normalizePurchaseItem(item);
      const txId =
        typeof item.tx_id === 'string' && item.tx_id.trim() !== ''
          ? item.tx_id.trim()
          : typeof item.tx_id === 'number'
            ? String(item.tx_id)
            : `tx${nowMs.toString(36)}${Math.floor(ctx.random() * 1e9).toString(36)}`;
      sql(ctx.db, 'INSERT INTO purchases (account_id, contact_id, tx_id, item, created_at) VALUES (?, ?, ?, ?, ?)').run(
        account.id,
        Number(item.contact_id),
        txId,
        JSON.stringify({ ...stored, tx_id: txId }),
        nowMs,
      );
      success.push(item);
    }
  })();
  return jsonResponse({ success, failures });
}

/** The purchase method group. */
export const purchaseMethods: MethodDefinition[] = [
  { name: 'add_purchase', encoding: 'json', jsonShape: 'array', handle: addPurchase },
];
