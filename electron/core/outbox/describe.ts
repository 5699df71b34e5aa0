import { asObject } from './local-ids';
import type { OutboxKind, Payload } from './types';

const KIND_WORDS: Record<OutboxKind, string> = {
  sms: 'SMS',
  email: 'Email',
  push_contact: 'Guest',
  add_purchase: 'Purchase',
  push_reservations: 'Booking',
  campaign_send: 'Campaign',
};

/** What a kind is called at the desk, for sentences ("SMS paused…"). */
export function kindWord(kind: OutboxKind): string {
  return KIND_WORDS[kind];
}

/** One line saying what an entry is ("SMS to 61412345678: Your table is ready"). */
export function describeEntry(kind: OutboxKind, payload: Payload): string {
  switch (kind) {
    case 'sms':
      return `SMS to ${text(payload.to)}: ${clip(text(payload.message))}`;
    case 'email':
      return `Email to ${text(payload.to_name) || text(payload.to_email)}: ${clip(text(payload.subject))}`;
    case 'push_contact':
      return `${payload.contact_id && !String(payload.contact_id).startsWith('local-') ? 'Guest update' : 'New guest'}: ${guestName(payload)}`;
    case 'add_purchase':
      return `Purchase: ${clip(text(payload.item_desc))} × ${text(payload.item_qty) || '1'}, ${text(payload.price)}`;
    case 'push_reservations': {
      const reservation = asObject(payload.reservation);
      const people = reservation.total_attendees === undefined ? '' : `, ${text(reservation.total_attendees)} people`;
      return `Booking ${text(reservation.id)} for ${guestName(asObject(payload.contact))}${people}`;
    }
    case 'campaign_send': {
      const content = asObject(payload.content);
      return `Campaign "${clip(text(content.subject) || text(content.name))}" ${payload.send_at ? `scheduled for ${text(payload.send_at).slice(0, 16)}` : 'to send now'}`;
    }
  }
}

/** A guest's name, else their email or mobile, else their id. */
function guestName(contact: Payload): string {
  const name = [text(contact.PatronName), text(contact.PatronSurname)].filter(Boolean).join(' ');
  return name || text(contact.PatronEmail) || text(contact.PatronMobile) || text(contact.contact_id) || 'a guest';
}

/** A JSON value as text. */
function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** Shortened to fit one line. */
function clip(value: string, max = 60): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}
