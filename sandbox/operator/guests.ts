// The operator's guest controls: change or delete a guest as staff or another desk would, read purchases, add generated guests.
import type { SandboxContext } from '../context';
import { notifyContactDeleted } from '../domain/contact-delete';
import { notifyContactChange, pushOneContact } from '../domain/contact-push';
import { generateGuests } from '../seed/guests';
import { parseCategoryNames } from '../store/categories';
import { deleteContact, findContact } from '../store/contacts';
import { loadFieldMap } from '../store/fields';
import { sql, type SandboxDatabase } from '../store/schema';
import { requireAccount } from './accounts';
import { contactChangeSchema, OperatorError, parseInput, type ContactChangeInput } from './inputs';

/** Deletes a contact, as staff could in the service's own screens; sends delete_contact. */
export function deleteOperatorContact(ctx: SandboxContext, clientId: string, contactId: string): void {
  const account = requireAccount(ctx.db, clientId);
  if (!/^\d+$/.test(contactId) || !deleteContact(ctx.db, account.id, Number(contactId)))
    throw new OperatorError(`No contact ${contactId}`, 404);
  notifyContactDeleted(ctx, account, contactId);
}

/**
 * Changes a guest as another desk would, through the same code as push_contact: fields set, categories
 * added and removed from the guest's current list (touched now; contact_update is sent). Returns the
 * guest as pull_db gives it.
 */
export function changeContact(
  ctx: SandboxContext,
  clientId: string,
  contactId: string,
  input: ContactChangeInput,
): Record<string, unknown> {
  const change = parseInput(contactChangeSchema, input);
  const account = requireAccount(ctx.db, clientId);
  const existing = findContact(ctx.db, account.id, contactId);
  if (!existing) throw new OperatorError(`No contact ${contactId}`, 404);
  const removed = new Set((change.removeCategories ?? []).map((name) => name.toLowerCase()));
  const categories = [
    ...parseCategoryNames(existing.categories).filter((name) => !removed.has(name.toLowerCase())),
    ...(change.addCategories ?? []),
  ];
  const touchesCategories = change.addCategories !== undefined || change.removeCategories !== undefined;
  const outcome = pushOneContact(ctx, account, loadFieldMap(ctx.db, account.id, 'contact'), {
    client_id: account.clientId,
    contact_id: contactId,
    ...change.fields,
    ...(touchesCategories ? { svc_categories: categories.join(',') } : {}),
  });
  if (!outcome.ok) throw new OperatorError(`The change was refused: ${outcome.reason.desc}`, 409);
  notifyContactChange(ctx, account, outcome);
  const stored = findContact(ctx.db, account.id, contactId)!;
  return { client_id: account.clientId, contact_id: contactId, ...stored.data, svc_categories: stored.categories };
}

/** The purchases stored for an account (the API cannot read them back; tests count them here). */
export function storedPurchases(db: SandboxDatabase, clientId: string): Record<string, unknown>[] {
  const account = requireAccount(db, clientId);
  return (
    sql(db, 'SELECT contact_id, item, created_at FROM purchases WHERE account_id = ? ORDER BY id').all(account.id) as {
      contact_id: number;
      item: string;
      created_at: number;
    }[]
  ).map((row) => ({
    contact_id: String(row.contact_id),
    ...(JSON.parse(row.item) as Record<string, unknown>),
    stored_at: new Date(row.created_at).toISOString(),
  }));
}

/** Adds `count` generated guests (1 to 1,000,000) to an account; returns how many were added. */
export function generateOperatorGuests(ctx: SandboxContext, clientId: string, count: number): number {
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000)
    throw new OperatorError('count must be a whole number from 1 to 1,000,000');
  return generateGuests(ctx.db, count, {
    accountId: requireAccount(ctx.db, clientId).id,
    nowMs: ctx.now().getTime(),
  });
}
