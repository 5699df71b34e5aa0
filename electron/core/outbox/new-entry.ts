import { UserFacingError } from '../../../shared/bridge/result';
import { newEntryId } from './entry-id';
import { withContactId } from './local-ids';
import { uniqueReferenceId } from './prepare';
import type { PreparedEntry } from './prepared-entry';
import { assertNewGuest } from './prepare-records';
import type { OutboxStore } from './store';
import type { NewOutboxRow, OutboxKind } from './types';

/**
 * The row for a prepared entry, inside the enqueue transaction: a reference id for messages, and
 * the local guest id resolved (already known), created (first push of that guest) or awaited.
 */
export function newEntryRow<K extends OutboxKind>(
  store: OutboxStore,
  kind: K,
  prepared: PreparedEntry<K>,
  account: string,
  now: number,
  referencePrefix: string,
): NewOutboxRow<K> {
  let payload = prepared.payload;
  let createsLocalId: string | null = null;
  let needsLocalId: string | null = null;
  const localId = prepared.localGuestId;
  if (localId) {
    const contactId = store.contactIdFor(localId);
    const creator = store.creatorOf(localId);
    if (contactId) payload = withContactId(kind, payload, contactId);
    else if (!creator && createsGuest(kind)) {
      assertNewGuest(payload);
      createsLocalId = localId;
      payload = withContactId(kind, payload, undefined);
    } else if (!creator) {
      throw new UserFacingError(
        'This guest is not known to the desk yet. Record the guest first, then add this for them.',
      );
    } else if (creator.state === 'discarded') {
      throw new UserFacingError('This guest was discarded before reaching the service. Record the guest again first.');
    } else needsLocalId = localId;
  }
  // Built whole here, not spread from a facts object: an import makes 100,000 of these.
  return {
    id: newEntryId(now),
    kind,
    payload,
    result: null,
    state: 'queued',
    account,
    guestKey: prepared.guestKey,
    referenceId: prepared.needsReference
      ? uniqueReferenceId(prepared.referenceId, referencePrefix, (id) => store.referenceTaken(id))
      : null,
    createsLocalId,
    needsLocalId,
    attempts: 0,
    nextAttemptAt: null,
    waitingReason: null,
    outcomeUnknownAt: null,
    problem: null,
    hold: null,
    createdAt: now,
    updatedAt: now,
    sentAt: null,
  };
}

/** Only a guest push may create the guest a local id stands for. */
function createsGuest(kind: OutboxKind): boolean {
  return kind === 'push_contact';
}
