import { deskEdit, type DeskEdit } from '../../../shared/outbox/desk-edit';
import { isValidEmail } from '../../../shared/rules/email';
import { newReferenceId } from '../../../shared/rules/reference';
import { normalizePurchaseItem, validatePurchaseItem } from '../../../shared/rules/purchase';
import { validateNewContact } from '../../../shared/rules/contact';
import { isLocalGuestId } from '../../../shared/rules/guest-id';
import { asObject } from './local-ids';
import type { PrepareContext, PreparedEntry } from './prepared-entry';
import { RECIPIENT_LANE_PREFIX, type OutboxPayloads, type Payload } from './types';
import { OutboxValidationError } from './validation-error';

/** Checks a guest push as the service would; a contact_id of the form local-… marks a guest recorded here. */
export function prepareContact(input: Payload, ctx: PrepareContext): PreparedEntry<'push_contact'> {
  const { desk_edit: edit, ...fields } = input;
  const contact = stampClient(fields, ctx.clientId, 'contact');
  const contactId = checkContact(contact);
  return {
    payload: { ...contact, ...editFacts(edit, contactId) },
    guestKey: ctx.guestKey ?? contactId ?? recipientLane(contact),
    needsReference: false,
    ...(isLocalGuestId(contactId) ? { localGuestId: contactId } : {}),
  };
}

/** Checks a purchase with the service's own rules and messages, applies its defaults and gives it a tx_id. */
export function preparePurchase(input: Payload, ctx: PrepareContext): PreparedEntry<'add_purchase'> {
  const item = stampClient(input, ctx.clientId, 'purchase');
  const contactId = item.contact_id;
  if (typeof contactId !== 'string' || contactId === '')
    throw new OutboxValidationError('A purchase needs the guest it belongs to.', 'contact_id');
  const owned = { ...item, contact_id: contactId };
  const problem = validatePurchaseItem(owned);
  if (problem) throw new OutboxValidationError(problem, fieldOfPurchaseProblem(problem));
  // The desk makes the tx_id so a purchase whose outcome is unknown can be found by it in the service.
  const txId = typeof item.tx_id === 'string' && item.tx_id !== '' ? item.tx_id : newReferenceId('tx');
  return {
    payload: normalizePurchaseItem({ ...owned, tx_id: txId }),
    guestKey: ctx.guestKey ?? contactId,
    needsReference: false,
    ...(isLocalGuestId(contactId) ? { localGuestId: contactId } : {}),
  };
}

/** Checks a booking and its guest; a booking without an id gets one so retries update the same booking. */
export function prepareReservation(input: Payload, ctx: PrepareContext): PreparedEntry<'push_reservations'> {
  const unknown = Object.keys(input).filter((key) => key !== 'reservation' && key !== 'contact' && key !== 'desk_edit');
  if (unknown.length > 0)
    throw new OutboxValidationError(`Unknown field ${unknown.map((key) => `"${key}"`).join(', ')}.`, unknown[0]);
  const reservationInput = asObject(input.reservation);
  const id = reservationInput.id;
  if (id !== undefined && (typeof id !== 'string' || id.trim() === ''))
    throw new OutboxValidationError('A booking id must be text.', 'reservation.id');
  const reservation: OutboxPayloads['push_reservations']['reservation'] = {
    ...reservationInput,
    id: typeof id === 'string' ? id : newReferenceId('rs'),
  };
  const contact = stampClient(asObject(input.contact), ctx.clientId, 'booking guest');
  const contactId = checkContact(contact);
  return {
    payload: { reservation, contact, ...editFacts(input.desk_edit, contactId) },
    guestKey: ctx.guestKey ?? contactId ?? recipientLane(contact),
    needsReference: false,
    ...(isLocalGuestId(contactId) ? { localGuestId: contactId } : {}),
  };
}

/**
 * An edit's base (shared/outbox/desk-edit.ts), checked. A record this desk created and the service has
 * not confirmed (a local guest id, or none) has no base: it goes as it is.
 */
function editFacts(edit: unknown, contactId: string | undefined): { desk_edit?: DeskEdit } {
  if (edit === undefined || contactId === undefined || isLocalGuestId(contactId)) return {};
  const parsed = deskEdit.safeParse(edit);
  if (!parsed.success)
    throw new OutboxValidationError('The record this change was made on is not readable.', 'desk_edit');
  return { desk_edit: parsed.data };
}

/** The contact's id when it has one; a new guest must pass the service's checks. */
function checkContact(contact: Payload): string | undefined {
  const contactId = contact.contact_id;
  if (contactId !== undefined && (typeof contactId !== 'string' || contactId === ''))
    throw new OutboxValidationError('A guest id must be text.', 'contact_id');
  // A local id may name a guest whose first push is already queued; the outbox checks the first one as new.
  if (contactId === undefined) assertNewGuest(contact);
  const email = contact.PatronEmail;
  if (typeof email === 'string' && email.trim() !== '' && !isValidEmail(email.trim())) {
    throw new OutboxValidationError(`"${email}" is not a valid email address.`, 'PatronEmail');
  }
  return contactId;
}

/** Checks a guest the service does not know yet, with the service's message. */
export function assertNewGuest(contact: Payload): void {
  const problem = validateNewContact(contact);
  if (problem) throw new OutboxValidationError(problem, problem.includes('email') ? 'PatronEmail' : undefined);
}

/** The record with the account's client_id; one naming another account is refused. */
function stampClient(input: Payload, clientId: string, what: string): Payload & { client_id: string } {
  if (input.client_id !== undefined && input.client_id !== clientId) {
    throw new OutboxValidationError(
      `This ${what} belongs to another account (client id ${String(input.client_id)}).`,
      'client_id',
    );
  }
  return { ...input, client_id: clientId };
}

/** The ordering lane of a new guest without a local id: their email or mobile. */
function recipientLane(contact: Payload): string {
  return `${RECIPIENT_LANE_PREFIX}${String(contact.PatronEmail ?? contact.PatronMobile ?? '')
    .trim()
    .toLowerCase()}`;
}

/** Which field a purchase message is about, for the form. */
function fieldOfPurchaseProblem(problem: string): string | undefined {
  if (/description/.test(problem)) return 'item_desc';
  if (/price/.test(problem)) return 'price';
  if (/date and time/.test(problem)) return 'purchased_at';
  if (/quantity/.test(problem)) return 'item_qty';
  return undefined;
}
