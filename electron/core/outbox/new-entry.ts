import { randomUUID } from 'node:crypto';
import { UserFacingError } from '../../../shared/bridge/result';
import { withContactId } from './local-ids';
import { uniqueReferenceId, type PreparedEntry } from './prepare';
import { assertNewGuest } from './prepare-records';
import type { OutboxStore } from './store';
import type { OutboxKind, OutboxRow } from './types';

/**
 * The row for a prepared entry, inside the enqueue transaction: a reference id for messages, and
 * the local guest id resolved (already known), created (first push of that guest) or awaited.
 */
export function newEntryRow(store: OutboxStore, kind: OutboxKind, prepared: PreparedEntry, account: string, now: number, referencePrefix: string): Omit<OutboxRow, 'seq'> {
  let payload = prepared.payload;
  let createsLocalId: string | null = null;
  let needsLocalId: string | null = null;
  const localId = prepared.localGuestId;
  if (localId) {
    const contactId = store.contactIdFor(localId);
    const creator = store.creatorOf(localId);
    if (contactId) payload = withContactId(kind, payload, contactId);
    else if (!creator && kind === 'push_contact') {
      assertNewGuest(payload);
      createsLocalId = localId;
      payload = withContactId(kind, payload, undefined);
    } else if (!creator) {
      throw new UserFacingError('This guest is not known to the desk yet. Record the guest first, then add this for them.');
    } else if (creator.state === 'discarded') {
      throw new UserFacingError('This guest was discarded before reaching the service. Record the guest again first.');
    } else needsLocalId = localId;
  }
  return {
    id: `ob_${randomUUID()}`,
    kind,
    state: 'queued',
    account,
    guestKey: prepared.guestKey,
    payload,
    referenceId: prepared.needsReference ? uniqueReferenceId(prepared.referenceId, referencePrefix, (id) => store.referenceTaken(id)) : null,
    createsLocalId,
    needsLocalId,
    attempts: 0,
    nextAttemptAt: null,
    waitingReason: null,
    outcomeUnknownAt: null,
    problem: null,
    hold: null,
    result: null,
    createdAt: now,
    updatedAt: now,
    sentAt: null,
  };
}
