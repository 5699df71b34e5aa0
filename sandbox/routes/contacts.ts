// Contact methods: get_contact_fields, add_contact_field, pull_db, push_contact, categories (sections 4.11–4.15).
import { fieldNameFromLabel, isAddableFieldType } from '../../shared/rules/fields';
import { notifyContactChange, pushOneContact } from '../domain/contact-push';
import { jsonResponse, rawJsonResponse } from '../http/envelope';
import { optionalBoolean, optionalNonBlank } from '../http/params';
import { listCategories } from '../store/categories';
import { pullContactsJson, type ContactFilters } from '../store/contacts';
import { addField, fieldExists, listFields, listOptions, loadFieldMap, type FieldScope } from '../store/fields';
import type { SandboxDatabase } from '../store/schema';
import type { MethodCall, MethodDefinition } from './api';
import { clientIdFailure } from './client-id';
import { optionalDateTime } from './time-filters';

const SELECT_TYPES = new Set(['singleSelect', 'multipleSelect']);

/** The expanded field listing: name, label, type, and options for the select types. */
export function expandedFields(db: SandboxDatabase, accountId: number, scope: FieldScope): Record<string, unknown>[] {
  return listFields(db, accountId, scope).map((field) =>
    SELECT_TYPES.has(field.type) ? { ...field, options: listOptions(db, accountId, scope, field.name) } : { ...field },
  );
}

/** get_contact_fields: names, or definitions with expand. */
function getContactFields({ ctx, account, params }: MethodCall): Response {
  const failure = clientIdFailure(params, account);
  if (failure) return failure;
  const expand = optionalBoolean(params, 'expand') ?? false;
  if (!expand) return jsonResponse({ fields: listFields(ctx.db, account.id, 'contact').map((field) => field.name) });
  return jsonResponse({ fields: expandedFields(ctx.db, account.id, 'contact') });
}

/** add_contact_field: a new field named as its label's camel case, at the end or after append_after. */
function addContactField({ ctx, account, params }: MethodCall): Response {
  const fail = (message: string) => jsonResponse({ result: false, message, data: null });
  const label = optionalNonBlank(params, 'label');
  if (label === undefined) return fail('No field label provided');
  const type = optionalNonBlank(params, 'type');
  if (type === undefined) return fail('No field type specified');
  if (!isAddableFieldType(type)) return fail('Unsupported field type specified');
  const appendAfter = optionalNonBlank(params, 'append_after');
  if (appendAfter !== undefined && !fieldExists(ctx.db, account.id, 'contact', appendAfter)) {
    return fail("Field does not exist and can't be used for append_after");
  }
  const name = fieldNameFromLabel(label);
  // A label of symbols only has no camel case; the sandbox treats it as no label (see README).
  if (name === '') return fail('No field label provided');
  if (fieldExists(ctx.db, account.id, 'contact', name))
    return fail(`A field already exists with the field key ${name} please choose another label`);
  addField(ctx.db, account.id, 'contact', { name, label, type }, [], appendAfter);
  return jsonResponse({ result: true, message: 'Field added', data: { name, label, type } });
}

const TEXT_FILTERS = [
  'member_id',
  'MemberNumber',
  'PatronEmail',
  'PatronMobile',
  'PatronName',
  'CardNumber',
  'PatronSurname',
] as const;

/** pull_db: the client database, optionally filtered. */
function pullDb({ ctx, account, params }: MethodCall): Response {
  const failure = clientIdFailure(params, account);
  if (failure) return failure;
  const filters: ContactFilters = {};
  const touchedFrom = optionalDateTime(params, 'touched_from', account.timezone);
  const touchedTo = optionalDateTime(params, 'touched_to', account.timezone);
  if (touchedFrom !== undefined) filters.touchedFrom = touchedFrom;
  if (touchedTo !== undefined) filters.touchedTo = touchedTo;
  for (const name of TEXT_FILTERS) {
    const value = optionalNonBlank(params, name);
    if (value !== undefined) filters[name] = value;
  }
  return rawJsonResponse(pullContactsJson(ctx.db, account.id, account.clientId, account.country, filters));
}

/** push_contact: insert or update each contact; every contact is reported on its own. */
function pushContact({ ctx, account, body, faults }: MethodCall): Response {
  const items = body as unknown[];
  const success: Record<string, unknown>[] = [];
  const failures: Record<string, unknown>[] = [];
  const changes: Parameters<typeof notifyContactChange>[2][] = [];
  ctx.db.transaction(() => {
    const fields = loadFieldMap(ctx.db, account.id, 'contact');
    for (const item of items) {
      const outcome = pushOneContact(ctx, account, fields, item, { simulateStoreFailure: faults.storeFailure });
      if (outcome.ok) {
        success.push({ client_id: account.clientId, contact_id: String(outcome.contactId) });
        changes.push(outcome);
      } else {
        const pushed = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
        failures.push({
          client_id: pushed.client_id ?? null,
          contact_id: pushed.contact_id ?? null,
          reason: outcome.reason,
        });
      }
    }
  })();
  // Webhooks only after the commit: a receiver that looks the contact up must find it.
  for (const change of changes) notifyContactChange(ctx, account, change);
  return jsonResponse({ success, failures });
}

/** categories: the account's categories. */
function categories({ ctx, account, faults }: MethodCall): Response {
  // The documented generic failure, reachable through the store_failure fault.
  if (faults.storeFailure) return jsonResponse({ result: false, error: 'An error occured', code: 400 });
  return jsonResponse({
    result: true,
    message: 'Categories',
    data: { categories: listCategories(ctx.db, account.id) },
  });
}

/** The contact method group. */
export const contactMethods: MethodDefinition[] = [
  { name: 'get_contact_fields', encoding: 'json', jsonShape: 'object', handle: getContactFields },
  { name: 'add_contact_field', encoding: 'json', jsonShape: 'object', handle: addContactField },
  { name: 'pull_db', encoding: 'json', jsonShape: 'object', handle: pullDb },
  { name: 'push_contact', encoding: 'json', jsonShape: 'array', handle: pushContact },
  { name: 'categories', encoding: 'form', failureField: 'error', ignoresBody: true, handle: categories },
];
