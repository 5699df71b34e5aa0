// A batch of guest or booking entries through the merge: edits (entries with a base) are merged with the
// service's records from one read for the batch; those in conflict, or with nothing left to change, are
// settled without a call; the rest go in one push with the entries that have no base (new records, imports).
import { touchedFromAfter } from '../../../../shared/rules/touched-from';
import type { DeskEdit, JsonRecord, ServiceItem } from '../../../../shared/outbox/desk-edit';
import { outcomeOfCallError } from '../classify';
import type { DeliveryOutcome } from '../outcomes';
import type { ServiceAccess } from '../senders/sender';
import type { OutboxResults, OutboxRow } from '../types';
import type { MergedEntry } from './entries';
import { conflictProblem } from './problem';
import type { MergeReader } from './reader';

/** The kinds whose edits merge. */
type MergedKind = 'push_contact' | 'push_reservations';

/** An entry to push: its row, the item to send, and (an edit's) fields as the service will hold them. */
export interface ToPush<K extends MergedKind> {
  row: OutboxRow<K>;
  item: ServiceItem<OutboxRow<K>['payload']>;
  merged?: JsonRecord;
}

/** How one kind merges and pushes. */
export interface MergeDelivery<K extends MergedKind, Theirs> {
  kind: K;
  reader: MergeReader<Theirs>;
  /** The service's item of an entry pushed as it was queued (no base: a new record, an import). */
  itemOf(payload: OutboxRow<K>['payload']): ServiceItem<OutboxRow<K>['payload']>;
  /** The record an entry is about (reservation id, contact_id), for the read's look-up. */
  keyOf(row: OutboxRow<K>): string | undefined;
  mergeOne(
    payload: OutboxRow<K>['payload'] & { desk_edit: DeskEdit },
    theirs: Theirs | undefined,
    readAt: number,
  ): MergedEntry<ToPush<K>['item']>;
  /** The result of an edit the service already held in full (nothing pushed). */
  unchangedResult(row: OutboxRow<K>, merged: JsonRecord): OutboxResults[K];
  /** Pushes the entries in one call (or none, when the list is empty); one outcome each, in order. */
  push(entries: readonly ToPush<K>[], service: ServiceAccess): Promise<DeliveryOutcome<K>[]>;
}

/** Whether an entry carries a base (an edit of a record the service has). */
function editOf<K extends MergedKind>(row: OutboxRow<K>): (OutboxRow<K>['payload'] & { desk_edit: DeskEdit }) | null {
  const payload: OutboxRow<K>['payload'] = row.payload;
  return payload.desk_edit ? { ...payload, desk_edit: payload.desk_edit } : null;
}

/** Delivers a batch: one merge read for its edits, settled edits without a call, the rest in one push. */
export async function deliverMerged<K extends MergedKind, Theirs>(
  rows: readonly OutboxRow<K>[],
  service: ServiceAccess,
  delivery: MergeDelivery<K, Theirs>,
): Promise<DeliveryOutcome<K>[]> {
  const edits = rows.flatMap((row) => {
    const edit = editOf(row);
    return edit ? [{ base: edit.desk_edit, queuedAt: row.createdAt }] : [];
  });
  const keys = rows.flatMap((row) => delivery.keyOf(row) ?? []);
  let lease: Awaited<ReturnType<MergeReader<Theirs>['lease']>> | null = null;
  if (edits.length > 0) {
    // A base whose time is not known (-Infinity) makes the read bring the whole list. A backlog's edits
    // mostly share a few base times: each is turned into an instant once.
    const since = Math.min(
      ...[...new Set(edits.map(({ base }) => base.baseAt))].map((baseAt) =>
        baseAt ? Date.parse(touchedFromAfter(baseAt)) : -Infinity,
      ),
    );
    // An edit made after the last read began gets a read of its own; a backlog's shares one.
    const queuedAt = Math.max(...edits.map((edit) => edit.queuedAt));
    try {
      lease = await delivery.reader.lease(service, { since, keys, queuedAt });
    } catch (error) {
      // Nothing is pushed without the read: the batch waits for the service as its call would.
      const outcome = outcomeOfCallError(error, delivery.kind);
      return rows.map(() => outcome);
    }
  }
  try {
    const outcomes: Array<DeliveryOutcome<K> | undefined> = rows.map(() => undefined);
    const toPush: Array<ToPush<K> & { index: number }> = [];
    rows.forEach((row, index) => {
      const edit = editOf(row);
      if (!edit || !lease) return void toPush.push({ index, row, item: delivery.itemOf(row.payload) });
      const key = delivery.keyOf(row);
      const merged = delivery.mergeOne(
        edit,
        key === undefined ? undefined : lease.read.records.get(key),
        lease.read.startedAt,
      );
      if (merged.type === 'conflict') outcomes[index] = { type: 'failed', problem: conflictProblem(merged.conflict) };
      else if (merged.type === 'unchanged')
        outcomes[index] = { type: 'sent', result: delivery.unchangedResult(row, merged.merged) };
      else toPush.push({ index, row, item: merged.item, merged: merged.merged });
    });
    const pushed = toPush.length > 0 ? await delivery.push(toPush, service) : [];
    toPush.forEach((entry, position) => (outcomes[entry.index] = pushed[position]));
    return outcomes.map(
      (outcome) => outcome ?? { type: 'unknown', reason: 'The sender gave no answer for this entry.' },
    );
  } finally {
    lease?.release(keys);
  }
}
