import type { DeskApi, ResponseOf } from '../../shared/bridge/contract';
import type { ContactRecord } from '../db/contact';
import type { GuestDatabase } from '../db/guest-db';
import type { GuestWrite } from '../db/guest-types';
import type { PhoneKey } from '../search/terms';

/** An outbox entry as listOutbox describes it (outboxChanged names the entries that changed; they are read with it). */
export type OutboxItemView = ResponseOf<'listOutbox'>['items'][number];

/** Follows one outbox entry into the cache, if it is one of this desk's guest writes. */
export async function followOutboxItem(db: GuestDatabase, item: OutboxItemView, phoneKey: PhoneKey): Promise<void> {
  const write = await db.writeById(item.id);
  if (!write) return;
  const referenceId = referenceIdOf(item) ?? write.referenceId;
  const problem = item.problem ? `${item.problem.message} — ${item.problem.whatToDo}` : undefined;
  const conflict = item.state === 'needs_attention' ? item.problem?.conflict : undefined;
  if (
    write.state === item.state &&
    write.problem === problem &&
    write.referenceId === referenceId &&
    write.conflict?.readAt === conflict?.readAt
  )
    return;
  await db.followWrite(
    { ...write, ...asMerged(item), state: item.state, problem, referenceId, conflict },
    item.kind === 'push_contact' ? item.result?.contact_id : undefined,
    phoneKey,
    addedToGuestOnFile(item),
  );
}

/** Forgets this desk's writes whose outbox entries were removed (discarded, cleared): a discarded new guest disappears. */
export async function forgetRemovedWrites(
  db: GuestDatabase,
  outboxIds: readonly string[],
  phoneKey: PhoneKey,
): Promise<void> {
  for (const outboxId of outboxIds) {
    const write = await db.writeById(outboxId);
    if (write) await db.forgetWrite(write, phoneKey);
  }
}

/** Largest id list one listOutbox call takes. */
const IDS_PER_CALL = 1000;

/**
 * Brings every unconfirmed write in line with the outbox, for what events could not say: at start-up
 * and after the bridge reconnects. Missed confirmations are applied, entries gone from the outbox forgotten.
 */
export async function reconcileWrites(
  desk: Pick<DeskApi, 'listOutbox'>,
  db: GuestDatabase,
  phoneKey: PhoneKey,
): Promise<void> {
  const unconfirmed = await db.unconfirmedWrites();
  for (let start = 0; start < unconfirmed.length; start += IDS_PER_CALL) {
    const writes = unconfirmed.slice(start, start + IDS_PER_CALL);
    const { items } = await desk.listOutbox({ ids: writes.map((write) => write.outboxId), limit: IDS_PER_CALL });
    const byId = new Map(items.map((item) => [item.id, item]));
    for (const write of writes) {
      const item = byId.get(write.outboxId);
      if (item) await followOutboxItem(db, item, phoneKey);
      else await db.forgetWrite(write, phoneKey);
    }
  }
}

/** The fields a person added to a guest the service already had (the entry's push, without its ids), when that is what was sent. */
function addedToGuestOnFile(item: OutboxItemView): ContactRecord | undefined {
  if (item.kind !== 'push_contact' || item.result?.addedToExistingGuest !== true) return undefined;
  const { client_id: _client, contact_id: _contact, ...fields } = item.payload;
  return fields;
}

/**
 * A guest edit the outbox merged with the service's guest (issue 20): its fields as the service now holds
 * them (categories: the service's list with this desk's additions and removals), which the cache takes
 * on confirmation instead of the list this desk queued.
 */
function asMerged(item: OutboxItemView): Pick<GuestWrite, 'changes' | 'categories'> | undefined {
  if (item.kind !== 'push_contact' || item.state !== 'sent' || !item.result?.merged) return undefined;
  const { svc_categories: categories, ...changes } = item.result.merged;
  // Categories the service already held as merged are not laid over it again from the queued list.
  return { changes, categories: typeof categories === 'string' ? categories.split(',').filter(Boolean) : undefined };
}

/** A message's reference id: the one it went out under, else the one it was queued with. */
function referenceIdOf(item: OutboxItemView): string | undefined {
  if (item.kind !== 'sms' && item.kind !== 'email') return undefined;
  return item.result?.reference_id ?? item.payload.reference_id;
}
