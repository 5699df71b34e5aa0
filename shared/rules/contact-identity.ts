// Who a contact is, as the service's one-guest-per-email-and-mobile rule sees it, and what adding
// one contact's details to another would change.
import { CONTACT_SYSTEM_KEYS, type ContactInput } from './contact';
import { emailKey } from './email';
import { normalizePhone, phoneDigits } from './phone';

/** The fields that say who a guest is: names, email and mobile, as compared. */
export interface GuestIdentity {
  firstName: string;
  surname: string;
  email: string;
  mobile: string;
}

/** One field that adding details to a guest would change. */
export interface DetailChange {
  field: string;
  /** The guest's value now, as text ('' when blank). */
  from: string;
  /** The value it would get, as text. */
  to: string;
}

const SYSTEM_KEYS: ReadonlySet<string> = new Set(CONTACT_SYSTEM_KEYS);

/** A field value as text: trimmed; lists joined with commas; '' for nothing. */
export function contactText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(contactText).filter(Boolean).join(',');
  return String(value).trim();
}

/** A mobile as the service compares them: E.164 for the account's country, else its digits; '' when blank. */
function mobileKeyOf(value: unknown, country?: string): string {
  const text = contactText(value);
  if (text === '') return '';
  return normalizePhone(text, country) ?? phoneDigits(text);
}

/** The identity of a contact: names trimmed, email lower-cased, mobile normalised. */
export function guestIdentity(contact: ContactInput, country?: string): GuestIdentity {
  return {
    firstName: contactText(contact.PatronName),
    surname: contactText(contact.PatronSurname),
    email: emailKey(contactText(contact.PatronEmail)),
    mobile: mobileKeyOf(contact.PatronMobile, country),
  };
}

/**
 * Whether `found` holds exactly what `sent` carried as names, email and mobile (a blank sent field
 * must be blank on `found` too): the test that a guest is this desk's own earlier write.
 */
export function holdsSameIdentity(found: ContactInput, sent: ContactInput, country?: string): boolean {
  const a = guestIdentity(found, country);
  const b = guestIdentity(sent, country);
  return a.firstName === b.firstName && a.surname === b.surname && a.email === b.email && a.mobile === b.mobile;
}

/** A guest's name for sentences: first name and surname, else their email or mobile. */
export function guestDisplayName(contact: ContactInput): string {
  const name = [contactText(contact.PatronName), contactText(contact.PatronSurname)].filter(Boolean).join(' ');
  return name || contactText(contact.PatronEmail) || contactText(contact.PatronMobile) || 'this guest';
}

/**
 * What adding `incoming`'s details to `existing` would change, field by field: only values that are
 * not blank and differ (an empty value never blanks a field); categories are added to the guest's own.
 */
export function detailsToAdd(existing: ContactInput, incoming: ContactInput, country?: string): DetailChange[] {
  const changes: DetailChange[] = [];
  for (const [field, value] of Object.entries(incoming)) {
    if (SYSTEM_KEYS.has(field)) continue;
    const to = contactText(value);
    if (to === '') continue;
    const from = contactText(existing[field]);
    if (sameValue(field, from, to, country)) continue;
    changes.push({ field, from, to });
  }
  const added = categoryList(incoming.svc_categories).filter(
    (name) => !categoryList(existing.svc_categories).includes(name),
  );
  if (added.length > 0) {
    const from = categoryList(existing.svc_categories).join(',');
    changes.push({ field: 'svc_categories', from, to: [...categoryList(existing.svc_categories), ...added].join(',') });
  }
  return changes;
}

/** The push_contact item that adds the chosen changes to the guest `contactId` (the service's id). */
export function detailsPush(contactId: string, incoming: ContactInput, changes: readonly DetailChange[]): ContactInput {
  const push: ContactInput = { contact_id: contactId };
  if (incoming.client_id !== undefined) push.client_id = incoming.client_id;
  for (const change of changes)
    push[change.field] = change.field === 'svc_categories' ? change.to : incoming[change.field];
  return push;
}

/** Two values of one field that mean the same (emails in any case, mobiles in any format). */
function sameValue(field: string, a: string, b: string, country?: string): boolean {
  if (field === 'PatronEmail') return emailKey(a) === emailKey(b);
  if (field === 'PatronMobile') return mobileKeyOf(a, country) === mobileKeyOf(b, country);
  return a === b;
}

/** Category names of a comma-separated list. */
function categoryList(value: unknown): string[] {
  return contactText(value)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}
