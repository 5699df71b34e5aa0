import { localGuestId } from '../../../shared/bridge/channels/guests';
import type { OutboxKind, Payload } from './types';

/** Whether a contact id is one the desk made for a guest not yet confirmed by the service (`local-<uuid>`). */
export function isLocalGuestId(value: unknown): value is string {
  return typeof value === 'string' && localGuestId.safeParse(value).success;
}

/** The contact_id an entry names (a service id, a local id, or none for a new guest). */
export function contactIdOf(kind: OutboxKind, payload: Payload): string | undefined {
  const value = kind === 'push_reservations' ? asObject(payload.contact).contact_id : kind === 'sms' || kind === 'email' ? undefined : payload.contact_id;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The payload with its guest's contact_id set (a local id replaced by the service's), or removed when `contactId` is undefined. */
export function withContactId(kind: OutboxKind, payload: Payload, contactId: string | undefined): Payload {
  if (kind === 'push_reservations') {
    return { ...payload, contact: setOrDrop(asObject(payload.contact), contactId) };
  }
  if (kind === 'sms' || kind === 'email') return payload;
  return setOrDrop(payload, contactId);
}

/** A copy with contact_id set, or without it. */
function setOrDrop(object: Payload, contactId: string | undefined): Payload {
  const { contact_id: _previous, ...rest } = object;
  return contactId === undefined ? rest : { ...rest, contact_id: contactId };
}

/** A JSON value as an object, or an empty one. */
export function asObject(value: unknown): Payload {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Payload) : {};
}
