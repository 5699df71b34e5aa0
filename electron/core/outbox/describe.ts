import type { VenueFormat } from '../../../shared/format/venue-format';
import { isLocalGuestId } from '../../../shared/rules/guest-id';
import { OUTBOX_KIND_SPECS, type OutboxKind, type OutboxPayloads, type Payload } from './types';

/** What a kind is called at the desk, for sentences ("SMS paused…"). */
export function kindWord(kind: OutboxKind): string {
  return OUTBOX_KIND_SPECS[kind].label;
}

/** One line per kind saying what an entry is, with its phones, times and amounts in the venue's formats. */
const DESCRIBE: { [K in OutboxKind]: (payload: OutboxPayloads[K], format: VenueFormat) => string } = {
  sms: (payload, format) => `SMS to ${format.phone(text(payload.to))}: ${clip(text(payload.message))}`,
  email: (payload) => `Email to ${text(payload.to_name) || text(payload.to_email)}: ${clip(text(payload.subject))}`,
  push_contact: (payload) =>
    `${payload.contact_id && !isLocalGuestId(payload.contact_id) ? 'Guest update' : 'New guest'}: ${guestName(payload)}`,
  add_purchase: (payload, format) =>
    `Purchase: ${clip(text(payload.item_desc))} × ${text(payload.item_qty) || '1'}, ${amount(payload.price, format)}`,
  push_reservations: ({ reservation, contact }) => {
    const people = reservation.total_attendees === undefined ? '' : `, ${text(reservation.total_attendees)} people`;
    // A booking for a guest on file carries only the id; the Outbox names that guest from the desk's cache.
    const guest = knownName(contact);
    return `Booking ${text(reservation.id)}${guest ? ` for ${guest}` : ''}${people}`;
  },
  campaign_send: ({ draft, send }, format) =>
    `Campaign "${clip(text(draft.subject) || text(draft.campaign_name))}" ${typeof send.send_at === 'string' ? `scheduled for ${format.serviceDateTime(send.send_at)}` : 'to send now'}`,
};

/** One line saying what an entry is ("SMS to 0412 345 678: Your table is ready"). */
export function describeEntry<K extends OutboxKind>(kind: K, payload: OutboxPayloads[K], format: VenueFormat): string {
  return DESCRIBE[kind](payload, format);
}

/** A price as money when it is a number, else as it was given. */
function amount(price: unknown, format: VenueFormat): string {
  const value = typeof price === 'number' ? price : Number(text(price));
  return text(price) !== '' && Number.isFinite(value) ? format.money(value) : text(price);
}

/** A guest's name, else their email or mobile, else their id. */
function guestName(contact: Payload): string {
  return knownName(contact) || text(contact.contact_id) || 'a guest';
}

/** A guest's name, else their email or mobile, as the payload carries them ('' when it carries none). */
function knownName(contact: Payload): string {
  const name = [text(contact.PatronName), text(contact.PatronSurname)].filter(Boolean).join(' ');
  return name || text(contact.PatronEmail) || text(contact.PatronMobile);
}

/** A JSON value as text. */
function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** Shortened to fit one line. */
function clip(value: string, max = 60): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}
