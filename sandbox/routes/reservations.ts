// Reservation methods: pull_reservations, push_reservations, get_reservation_fields (sections 4.17–4.19).
import { hasContactInformation } from '../../shared/rules/contact';
import { notifyContactChange, pushOneContact, type ContactPushOutcome } from '../domain/contact-push';
import { clientIdProblem, REASONS, type Reason } from '../domain/reasons';
import { jsonResponse, rawJsonResponse } from '../http/envelope';
import { findContact } from '../store/contacts';
import { ensureOption, loadFieldMap, type FieldInfo } from '../store/fields';
import { findReservationData, nextReservationId, pullReservationsJson, upsertReservation } from '../store/reservations';
import type { MethodCall, MethodDefinition } from './api';
import { clientIdFailure } from './client-id';
import { expandedFields } from './contacts';
import { optionalDateTime } from './time-filters';

const NOT_SET_UP = 'Reservations not setup for this account';

/** The reservation's fields as stored: known fields only, select options created, attendee names as a list. */
function reservationData(
  call: MethodCall,
  fields: Map<string, FieldInfo>,
  base: Record<string, unknown>,
  pushed: Record<string, unknown>,
): Record<string, unknown> {
  const data = { ...base };
  for (const [name, value] of Object.entries(pushed)) {
    if (name === 'id') continue;
    const field = fields.get(name);
    if (!field) continue;
    if (name === 'attendee_names') {
      data[name] = Array.isArray(value)
        ? value
            .map(String)
            .map((n) => n.trim())
            .filter(Boolean)
        : String(value ?? '')
            .split(',')
            .map((n) => n.trim())
            .filter(Boolean);
    } else if (
      field.type === 'singleSelect' &&
      (typeof value === 'string' || typeof value === 'number') &&
      String(value).trim() !== ''
    ) {
      ensureOption(call.ctx.db, call.account.id, 'reservation', name, String(value).trim(), field);
      data[name] = String(value).trim();
    } else {
      data[name] = value;
    }
  }
  return data;
}

/** The contact part of one pushed reservation: a reference to a known contact, or a contact to insert or update. */
function reservationContact(
  call: MethodCall,
  contactFields: Map<string, FieldInfo>,
  contact: Record<string, unknown>,
): ContactPushOutcome {
  const hasId = contact.contact_id !== undefined && contact.contact_id !== null && contact.contact_id !== '';
  if (hasId && !hasContactInformation(contact)) {
    const problem = clientIdProblem(contact.client_id, call.account.clientId);
    if (problem) return { ok: false, reason: problem };
    const existing = findContact(call.ctx.db, call.account.id, String(contact.contact_id));
    return existing
      ? { ok: true, contactId: existing.id, created: false, contact: existing }
      : { ok: false, reason: REASONS.noSuchContact };
  }
  return pushOneContact(call.ctx, call.account, contactFields, contact);
}

/** push_reservations: each reservation with its contact, reported on its own. */
function pushReservations(call: MethodCall): Response {
  const { ctx, account } = call;
  if (!account.reservationsEnabled) return jsonResponse({ result: false, message: NOT_SET_UP });
  const success: unknown[] = [];
  const failures: unknown[] = [];
  const contactChanges: {
    created: boolean;
    contact: NonNullable<Extract<ContactPushOutcome, { ok: true }>['contact']>;
  }[] = [];
  const nowMs = ctx.now().getTime();
  ctx.db.transaction(() => {
    const contactFields = loadFieldMap(ctx.db, account.id, 'contact');
    const reservationFields = loadFieldMap(ctx.db, account.id, 'reservation');
    for (const item of call.body as unknown[]) {
      const entry = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
      const reservation =
        entry.reservation && typeof entry.reservation === 'object' && !Array.isArray(entry.reservation)
          ? (entry.reservation as Record<string, unknown>)
          : undefined;
      const contact =
        entry.contact && typeof entry.contact === 'object' && !Array.isArray(entry.contact)
          ? (entry.contact as Record<string, unknown>)
          : undefined;
      const givenId =
        reservation &&
        (typeof reservation.id === 'string' || typeof reservation.id === 'number') &&
        String(reservation.id).trim() !== ''
          ? String(reservation.id).trim()
          : null;
      const fail = (reason: Reason) =>
        failures.push({
          client_id: contact?.client_id ?? null,
          contact_id: contact?.contact_id ?? null,
          reservation_id: givenId,
          reason,
        });
      if (!reservation || !contact) {
        fail(REASONS.invalidReservation);
        continue;
      }
      if (call.faults.storeFailure) {
        fail(REASONS.reservationAddFailed);
        continue;
      }
      let outcome;
      try {
        outcome = ctx.db.transaction(() => {
          const contactOutcome = reservationContact(call, contactFields, contact);
          if (!contactOutcome.ok) return contactOutcome;
          const id = givenId ?? nextReservationId(ctx.db);
          const base = findReservationData(ctx.db, account.id, id) ?? {};
          upsertReservation(
            ctx.db,
            account.id,
            id,
            contactOutcome.contactId,
            reservationData(call, reservationFields, base, reservation),
            nowMs,
          );
          return { ...contactOutcome, reservationId: id };
        })();
      } catch {
        fail(REASONS.reservationAddFailed);
        continue;
      }
      if (!outcome.ok) {
        fail(outcome.reason);
        continue;
      }
      success.push({
        client_id: account.clientId,
        contact_id: String(outcome.contactId),
        reservation_id: outcome.reservationId,
      });
      if (hasContactInformation(contact)) contactChanges.push(outcome);
    }
  })();
  for (const change of contactChanges) notifyContactChange(ctx, account, change);
  return jsonResponse({ success, failures });
}

/** pull_reservations: all the account's reservations, or those touched in a window. */
function pullReservations(call: MethodCall): Response {
  const { ctx, account, params } = call;
  const failure = clientIdFailure(params, account);
  if (failure) return failure;
  if (!account.reservationsEnabled) return jsonResponse({ result: false, message: NOT_SET_UP });
  const range: { from?: number; to?: number } = {};
  const from = optionalDateTime(params, 'touched_from', account.timezone);
  const to = optionalDateTime(params, 'touched_to', account.timezone);
  if (from !== undefined) range.from = from;
  if (to !== undefined) range.to = to;
  return rawJsonResponse(pullReservationsJson(ctx.db, account.id, account.clientId, range));
}

/** get_reservation_fields: the reservation field definitions with options. */
function getReservationFields(call: MethodCall): Response {
  const failure = clientIdFailure(call.params, call.account);
  if (failure) return failure;
  if (!call.account.reservationsEnabled) return jsonResponse({ result: false, message: NOT_SET_UP });
  return jsonResponse({ fields: expandedFields(call.ctx.db, call.account.id, 'reservation') });
}

/** The reservation method group. */
export const reservationMethods: MethodDefinition[] = [
  { name: 'pull_reservations', encoding: 'json', jsonShape: 'object', handle: pullReservations },
  { name: 'push_reservations', encoding: 'json', jsonShape: 'array', handle: pushReservations },
  { name: 'get_reservation_fields', encoding: 'json', jsonShape: 'object', handle: getReservationFields },
];
