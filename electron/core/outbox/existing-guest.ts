import { UserFacingError } from '../../../shared/bridge/result';
import { detailsPush, detailsToAdd } from '../../../shared/rules/contact-identity';
import { rowWithContactId } from './local-ids';
import type { OutboxStore } from './store';
import type { OutboxRow } from './types';

/** Records the service's id for a guest recorded here under a local id and rewrites the entries waiting for it; returns their ids. */
export function resolveLocalId(store: OutboxStore, localId: string, contactId: string, now: number): string[] {
  store.recordContactId(localId, contactId, now);
  return store.dependantsOf(localId).map((dependant) => {
    store.save({ ...rowWithContactId(dependant, contactId), needsLocalId: null, updatedAt: now });
    return dependant.id;
  });
}

/**
 * A person chose that a new guest the service refused as a duplicate is the guest it already has:
 * the entry is rewritten to push only the chosen details to that guest's contact_id (empty values
 * never blank a field; categories are added). A guest push with nothing left to add is done at once.
 */
export function addToExistingGuest(
  row: OutboxRow,
  contactId: string,
  fields: readonly string[],
  now: number,
  phoneCountry?: string,
): OutboxRow {
  const existing =
    row.state === 'needs_attention'
      ? row.problem?.existingGuests?.find((guest) => guest.contactId === contactId)
      : undefined;
  if (!existing)
    throw new UserFacingError(
      'This entry does not name that guest any more; open the Outbox again and choose from what it shows.',
    );
  const cleared = {
    problem: null,
    hold: null,
    waitingReason: null,
    nextAttemptAt: null,
    attempts: 0,
    outcomeUnknownAt: null,
    updatedAt: now,
  };
  /** The chosen details of what the entry sent, pushed to the guest on file by its contact_id. */
  const pushOf = (contact: { client_id: string }) => {
    const chosen = detailsToAdd(existing.record, contact, phoneCountry).filter((change) =>
      fields.includes(change.field),
    );
    return {
      chosen,
      push: { ...detailsPush(contactId, contact, chosen), client_id: contact.client_id, contact_id: contactId },
    };
  };
  if (row.kind === 'push_contact') {
    const { chosen, push } = pushOf(row.payload);
    if (chosen.length === 0)
      return {
        ...row,
        ...cleared,
        payload: push,
        state: 'sent',
        sentAt: now,
        result: { contact_id: contactId, addedToExistingGuest: true },
      };
    return { ...row, ...cleared, payload: push, state: 'queued' };
  }
  if (row.kind === 'push_reservations')
    return {
      ...row,
      ...cleared,
      payload: { ...row.payload, contact: pushOf(row.payload.contact).push },
      state: 'queued',
    };
  throw new UserFacingError('Only a new guest or a booking for one can be added to a guest the service already has.');
}
