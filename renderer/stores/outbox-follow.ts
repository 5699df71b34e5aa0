// Following the outbox's change notices: each names the entries that changed (id, kind, state, when
// queued); a feature picks those it shows and reads only them in full (listOutbox with their ids).
import type { DeskApi, EventPayload, ResponseOf } from '../../shared/bridge/contract';
import { reportBackgroundFailure } from './background-failures';

export type OutboxSummary = EventPayload<'outboxChanged'>['summary'];
/** An entry as staff see it (listOutbox): its payload, result, state and reasons, typed by its kind. */
export type OutboxItem = ResponseOf<'listOutbox'>['items'][number];
/** An entry as a change notice names it: id, kind, state as shown and when it was queued. */
export type OutboxEntryChange = EventPayload<'outboxChanged'>['changed'][number];

/** Largest id list one listOutbox call takes. */
const IDS_PER_CALL = 1000;

/** Reads these entries as staff see them (those no longer in the outbox are left out), 1,000 ids a call. */
async function readOutboxEntries(desk: Pick<DeskApi, 'listOutbox'>, ids: readonly string[]): Promise<OutboxItem[]> {
  const items: OutboxItem[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_CALL) {
    const { items: page } = await desk.listOutbox({
      ids: ids.slice(start, start + IDS_PER_CALL),
      limit: IDS_PER_CALL,
    });
    items.push(...page);
  }
  return items;
}

/** A feature that shows some outbox entries and follows them through change notices. */
export interface OutboxFollower {
  /** What the work is called in a background-failure line ("Following queued bookings"). */
  label: string;
  /** The ids among those that changed which this feature shows (it may look in its own cache to tell). */
  pick(changed: readonly OutboxEntryChange[]): readonly string[] | Promise<readonly string[]>;
  /** The picked entries as they are now (read with listOutbox), and the ids that left the outbox. */
  apply(items: readonly OutboxItem[], removed: readonly string[]): void | Promise<void>;
}

/**
 * Follows the outbox's change notices for the entries a feature shows: each notice names the entries
 * that changed (id, kind, state), the follower picks those it shows, and only those are read in full.
 * Notices are taken in order, one after the other, so an older read never lands after a newer one.
 */
export function followOutboxEntries(desk: Pick<DeskApi, 'on' | 'listOutbox'>, follower: OutboxFollower): () => void {
  let queue: Promise<void> = Promise.resolve();
  const take = async ({ changed, removed }: EventPayload<'outboxChanged'>) => {
    const picked = changed.length === 0 ? [] : await follower.pick(changed);
    if (picked.length === 0 && removed.length === 0) return;
    const items = picked.length === 0 ? [] : await readOutboxEntries(desk, picked);
    await follower.apply(items, removed);
  };
  return desk.on('outboxChanged', (change) => {
    queue = queue.then(() => take(change)).catch((error: unknown) => reportBackgroundFailure(follower.label, error));
  });
}
