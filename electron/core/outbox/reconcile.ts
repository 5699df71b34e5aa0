import type { ServiceAccess } from './senders/sender';
import type { Payload, Problem } from './types';

/**
 * Whether the service lists a sent item with this reference id: the check made before an SMS or
 * email whose earlier outcome is unknown is sent again. Throws the client's errors.
 */
export async function findSentItem(service: ServiceAccess, referenceId: string, type: 'sms' | 'email'): Promise<Payload | undefined> {
  const items = await service.client.sentItems({ reference_id: referenceId, type });
  return items.find((item) => item.reference_id === referenceId) as Payload | undefined;
}

/** A guest looked up by the email or mobile a push carried. */
export type ContactMatch = { found: 'one'; contactId: string } | { found: 'none' } | { found: 'several'; contactIds: string[] };

/**
 * Looks a guest up with pull_db by email, then by mobile: the reconciliation of "Duplicate check
 * failed" (the guest exists, perhaps from an earlier try whose answer was lost). Throws the client's errors.
 */
export async function findContactByEmailOrMobile(service: ServiceAccess, contact: Payload): Promise<ContactMatch> {
  for (const field of ['PatronEmail', 'PatronMobile'] as const) {
    const value = contact[field];
    if (typeof value !== 'string' || value.trim() === '') continue;
    const found = await service.client.pullDb({ client_id: service.clientId, [field]: value });
    const ids = [...new Set(found.map((record) => record.contact_id).filter((id): id is string => typeof id === 'string' && id !== ''))];
    if (ids.length === 1) return { found: 'one', contactId: ids[0]! };
    if (ids.length > 1) return { found: 'several', contactIds: ids };
  }
  return { found: 'none' };
}

/**
 * After "Duplicate check failed" for a new guest: the service's contact_id of that guest, or the
 * problem to show when there is no single match.
 */
export async function resolveDuplicateGuest(service: ServiceAccess, contact: Payload): Promise<{ contactId: string } | { problem: Problem }> {
  const match = await findContactByEmailOrMobile(service, contact);
  if (match.found === 'one') return { contactId: match.contactId };
  const whatToDo =
    match.found === 'none'
      ? 'The service says this guest already exists, but no guest with this email or mobile was found. Check the details (Edit), or discard it.'
      : `Several guests in the service have this email or mobile (${match.contactIds.join(', ')}). Look them up and correct the details (Edit), or discard it.`;
  return { problem: { message: 'Duplicate check failed', whatToDo } };
}
