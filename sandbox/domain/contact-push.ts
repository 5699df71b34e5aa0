// One pushed contact: insert or update, categories, select options and svc_multiselect_modify (section 4.14).
import { CONTACT_SYSTEM_KEYS, hasContactInformation, validateNewContact } from '../../shared/rules/contact';
import { multipleSelectValues } from '../../shared/rules/fields';
import type { SandboxContext } from '../context';
import type { Account } from '../store/accounts';
import { ensureCategories, parseCategoryNames, setContactCategories } from '../store/categories';
import {
  contactKeys,
  findContact,
  findDuplicate,
  insertContact,
  updateContactData,
  type StoredContact,
} from '../store/contacts';
import { ensureOption, listOptions, type FieldInfo } from '../store/fields';
import { clientIdProblem, REASONS, type Reason } from './reasons';

/** What became of one pushed contact. */
export type ContactPushOutcome =
  { ok: true; contactId: number; created: boolean; contact: StoredContact } | { ok: false; reason: Reason };

const SYSTEM_KEYS: ReadonlySet<string> = new Set(CONTACT_SYSTEM_KEYS);

/** Whether a JSON value means "checked" (true, "true", 1, "1"). */
function isChecked(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === '1';
}

/** Writes pushed custom-field values into the contact's data; unknown fields are ignored, values are not validated. */
function applyFieldValues(
  ctx: SandboxContext,
  account: Account,
  fields: Map<string, FieldInfo>,
  data: Record<string, unknown>,
  pushed: Record<string, unknown>,
): void {
  for (const [name, value] of Object.entries(pushed)) {
    if (SYSTEM_KEYS.has(name)) continue;
    const field = fields.get(name);
    if (!field) continue;
    if (field.type === 'multipleSelect') {
      // Rule 1: without svc_multiselect_modify, pushed options are added to the ones the contact has.
      if (value === null || value === undefined || value === '') continue;
      const current = Array.isArray(data[name]) ? (data[name] as unknown[]).map(String) : [];
      for (const option of multipleSelectValues(value)) {
        ensureOption(ctx.db, account.id, 'contact', name, option, field);
        if (!current.includes(option)) current.push(option);
      }
      data[name] = current;
      continue;
    }
    if (
      field.type === 'singleSelect' &&
      (typeof value === 'string' || typeof value === 'number') &&
      String(value).trim() !== ''
    ) {
      ensureOption(ctx.db, account.id, 'contact', name, String(value).trim(), field);
      data[name] = String(value).trim();
      continue;
    }
    data[name] = value;
  }
}

/** Rules 2–5 of svc_multiselect_modify: check or uncheck options of multipleSelect fields; anything else is ignored silently. */
function applyMultiselectModify(
  ctx: SandboxContext,
  account: Account,
  fields: Map<string, FieldInfo>,
  data: Record<string, unknown>,
  modify: unknown,
): void {
  if (!Array.isArray(modify)) return;
  for (const entry of modify) {
    if (!entry || typeof entry !== 'object') continue;
    const { field: name, option, checked } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || (typeof option !== 'string' && typeof option !== 'number')) continue;
    const field = fields.get(name);
    if (!field || field.type !== 'multipleSelect') continue;
    const optionText = String(option).trim();
    if (optionText === '') continue;
    const current = Array.isArray(data[name]) ? (data[name] as unknown[]).map(String) : [];
    if (isChecked(checked)) {
      ensureOption(ctx.db, account.id, 'contact', name, optionText, field);
      if (!current.includes(optionText)) current.push(optionText);
    } else {
      const at = current.indexOf(optionText);
      if (at >= 0) current.splice(at, 1);
    }
    data[name] = current;
  }
}

/** Applies one pushed contact in its own savepoint, so a failure leaves nothing half-written. */
export function pushOneContact(
  ctx: SandboxContext,
  account: Account,
  fields: Map<string, FieldInfo>,
  item: unknown,
  options: { simulateStoreFailure?: boolean } = {},
): ContactPushOutcome {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return { ok: false, reason: REASONS.invalidItem };
  const pushed = item as Record<string, unknown>;
  const clientProblem = clientIdProblem(pushed.client_id, account.clientId);
  if (clientProblem) return { ok: false, reason: clientProblem };
  const nowMs = ctx.now().getTime();
  const hasId = pushed.contact_id !== undefined && pushed.contact_id !== null && pushed.contact_id !== '';
  const existing = hasId ? findContact(ctx.db, account.id, String(pushed.contact_id)) : undefined;
  if (hasId && !existing) return { ok: false, reason: REASONS.noSuchContact };
  if (!existing) {
    const problem = validateNewContact(pushed);
    if (problem)
      return {
        ok: false,
        reason: problem === REASONS.noEmailOrMobile.desc ? REASONS.noEmailOrMobile : REASONS.noContactInformation,
      };
  } else if (!hasContactInformation(pushed)) {
    return { ok: false, reason: REASONS.noContactInformation };
  }
  if (options.simulateStoreFailure) return { ok: false, reason: existing ? REASONS.updateFailed : REASONS.addFailed };

  try {
    return ctx.db.transaction((): ContactPushOutcome => {
      const data: Record<string, unknown> = existing ? { ...existing.data } : {};
      applyFieldValues(ctx, account, fields, data, pushed);
      applyMultiselectModify(ctx, account, fields, data, pushed.svc_multiselect_modify);
      const keys = contactKeys(data, account.country);
      // Throwing rolls back the options this push may already have created.
      if (!existing && !keys.emailKey && !keys.mobileKey) throw new RejectedPush(REASONS.noEmailOrMobile);
      if (findDuplicate(ctx.db, account.id, keys, existing?.id) !== undefined)
        throw new RejectedPush(REASONS.duplicate);
      const contactId = existing ? existing.id : insertContact(ctx.db, account.id, data, account.country, nowMs);
      if (existing) updateContactData(ctx.db, contactId, data, account.country, nowMs);
      if (typeof pushed.svc_categories === 'string') {
        setContactCategories(
          ctx.db,
          contactId,
          ensureCategories(ctx.db, account.id, parseCategoryNames(pushed.svc_categories)),
        );
      }
      return { ok: true, contactId, created: !existing, contact: findContact(ctx.db, account.id, contactId)! };
    })();
  } catch (error) {
    if (error instanceof RejectedPush) {
      // Options created for a rejected push were rolled back; forget them in the per-request cache too.
      for (const [name, field] of fields)
        if (field.type.endsWith('Select'))
          fields.set(name, { ...field, options: listOptions(ctx.db, account.id, 'contact', name) });
      return { ok: false, reason: error.reason };
    }
    return { ok: false, reason: existing ? REASONS.updateFailed : REASONS.addFailed };
  }
}

/** Thrown inside the push's transaction to roll it back with a reason. */
class RejectedPush extends Error {
  readonly reason: Reason;

  constructor(reason: Reason) {
    super(reason.desc);
    this.reason = reason;
  }
}

/** Sends new_contact or contact_update to the account's webhook URL, if the operator set one. */
export function notifyContactChange(
  ctx: SandboxContext,
  account: Account,
  outcome: { created: boolean; contact: StoredContact },
): void {
  if (!account.contactWebhookUrl) return;
  const webhookType = outcome.created ? 'new_contact' : 'contact_update';
  ctx.sendWebhook({
    event: webhookType,
    url: account.contactWebhookUrl,
    body: {
      client_id: account.clientId,
      contact_id: String(outcome.contact.id),
      webhook_type: webhookType,
      ...outcome.contact.data,
    },
  });
}
