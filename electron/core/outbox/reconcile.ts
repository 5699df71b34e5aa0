import type { ContactRecord, SentItem } from '../../../shared/api/response-schemas';
import { contactText, guestDisplayName, holdsSameIdentity } from '../../../shared/rules/contact-identity';
import type { ServiceAccess } from './senders/sender';
import type { ExistingGuest, Payload, Problem } from './types';

/**
 * The sent item with this reference id, if the service lists one: the check made before an SMS or
 * email whose earlier outcome is unknown is sent again. Throws the client's errors.
 */
export async function findSentItem(
  service: ServiceAccess,
  referenceId: string,
  type: 'sms' | 'email',
): Promise<SentItem | undefined> {
  const items = await service.client.sentItems({ reference_id: referenceId, type });
  return items.find((item) => item.reference_id === referenceId);
}

/**
 * Whether a sent item found under this entry's reference id is this entry's message: same type and,
 * where the service lists them, the same text (SMS) or subject (email). A reference reused by someone
 * else is never taken as ours.
 */
export function sentItemIsOurs(item: SentItem, type: 'sms' | 'email', sent: Payload): boolean {
  if (item.type !== undefined && item.type !== type) return false;
  const field = type === 'sms' ? 'message' : 'subject';
  const listed = contactText(item[field]);
  return listed === '' || listed === contactText(sent[field]);
}

/** Guests looked up by the email, then the mobile, a push carried (each once). Throws the client's errors. */
export async function findGuestsByEmailOrMobile(service: ServiceAccess, contact: Payload): Promise<ContactRecord[]> {
  const found = new Map<string, ContactRecord>();
  for (const field of ['PatronEmail', 'PatronMobile'] as const) {
    const value = contactText(contact[field]);
    if (value === '') continue;
    const records = await service.client.pullDb({ client_id: service.clientId, [field]: value });
    for (const record of records) {
      const id = contactText(record.contact_id);
      if (id !== '' && !found.has(id)) found.set(id, record);
    }
  }
  return [...found.values()];
}

/** What "Duplicate check failed" for a new guest comes to: this entry's own earlier write, or someone else's guest. */
export type DuplicateVerdict = { own: true; contactId: string } | { own: false; problem: Problem };

/**
 * Judges "Duplicate check failed" for a new guest. It is this entry's own earlier write only when an
 * earlier attempt's outcome is unknown and the one guest found holds exactly the names, email and
 * mobile that were sent. Otherwise a person decides, shown the guests the service already has.
 * Throws the client's errors.
 */
export async function judgeDuplicateGuest(
  service: ServiceAccess,
  contact: Payload,
  earlierOutcomeUnknown: boolean,
): Promise<DuplicateVerdict> {
  const found = await findGuestsByEmailOrMobile(service, contact);
  const [only] = found;
  if (earlierOutcomeUnknown && found.length === 1 && only && holdsSameIdentity(only, contact, service.phoneCountry)) {
    return { own: true, contactId: contactText(only.contact_id) };
  }
  return { own: false, problem: duplicateProblem(contact, found.map(existingGuestOf)) };
}

/** The needs-attention problem naming the guests the service already has. */
function duplicateProblem(contact: Payload, guests: ExistingGuest[]): Problem {
  const newName = guestDisplayName(contact);
  if (guests.length === 0) {
    return {
      message: 'Duplicate check failed',
      whatToDo: `The service says ${newName} is already on file, but no guest with this email or mobile was found. Check the details (Edit), or discard it.`,
    };
  }
  const named = guests
    .map((guest) => `${guest.name} (${[guest.email, guest.mobile].filter(Boolean).join(', ')})`)
    .join(' and ');
  const choices =
    guests.length === 1
      ? `Open ${guests[0]!.name}, add these details to ${guests[0]!.name}, change this guest's email or mobile (Edit), or discard it.`
      : `Open them, change this guest's email or mobile (Edit), or discard it.`;
  return {
    message: `Duplicate check failed: the service keeps one guest per email and one per mobile, and already has ${named}.`,
    whatToDo: choices,
    existingGuests: guests,
  };
}

/** A found record as the problem names it. */
function existingGuestOf(record: ContactRecord): ExistingGuest {
  return {
    contactId: contactText(record.contact_id),
    name: guestDisplayName(record),
    email: contactText(record.PatronEmail),
    mobile: contactText(record.PatronMobile),
    record,
  };
}
