import type { OutboxKind, OutboxPayloads, OutboxRow, Payload } from './types';

/** Where a kind's payload names its guest: read the contact_id, or write it (undefined removes it). */
interface GuestIdAccess<K extends OutboxKind> {
  of(payload: OutboxPayloads[K]): string | undefined;
  with(payload: OutboxPayloads[K], contactId: string | undefined): OutboxPayloads[K];
}

/** Messages and campaigns name no guest in their payload (their lane is the guest key, or the campaign). */
const NO_GUEST = { of: () => undefined, with: (payload: never) => payload };

/** Each kind's guest id: none for messages and campaigns, contact_id for guests and purchases, the booking's contact for bookings. */
const GUEST_ID: { [K in OutboxKind]: GuestIdAccess<K> } = {
  sms: NO_GUEST,
  email: NO_GUEST,
  push_contact: {
    of: (payload) => idText(payload.contact_id),
    with: (payload, contactId) => setOrDrop(payload, contactId),
  },
  // A purchase always names its guest; only a push_contact creates a guest without one.
  add_purchase: {
    of: (payload) => idText(payload.contact_id),
    with: (payload, contactId) => (contactId === undefined ? payload : { ...payload, contact_id: contactId }),
  },
  push_reservations: {
    of: (payload) => idText(payload.contact.contact_id),
    with: (payload, contactId) => ({ ...payload, contact: setOrDrop(payload.contact, contactId) }),
  },
  campaign_send: NO_GUEST,
};

/** The contact_id an entry names (a service id, a local id, or none for a new guest). */
export function contactIdOf<K extends OutboxKind>(kind: K, payload: OutboxPayloads[K]): string | undefined {
  return GUEST_ID[kind].of(payload);
}

/** The payload with its guest's contact_id set (a local id replaced by the service's), or removed when `contactId` is undefined. */
export function withContactId<K extends OutboxKind>(
  kind: K,
  payload: OutboxPayloads[K],
  contactId: string | undefined,
): OutboxPayloads[K] {
  return GUEST_ID[kind].with(payload, contactId);
}

/** The row with its guest's contact_id set in the payload. */
export function rowWithContactId<K extends OutboxKind>(row: OutboxRow<K>, contactId: string | undefined): OutboxRow<K> {
  return { ...row, payload: withContactId(row.kind, row.payload, contactId) };
}

/** A copy with contact_id set, or without it. */
function setOrDrop<T extends { contact_id?: string }>(object: T, contactId: string | undefined): T {
  const copy = { ...object };
  if (contactId === undefined) delete copy.contact_id;
  else copy.contact_id = contactId;
  return copy;
}

/** An id as non-empty text, or undefined. */
function idText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A JSON value as an object, or an empty one. */
export function asObject(value: unknown): Payload {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Payload) : {};
}
