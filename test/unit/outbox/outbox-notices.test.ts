import { describe, expect, it } from 'vitest';
import type { OutboxChange } from '../../../electron/core/outbox/events';
import { runTransaction } from '../../../electron/core/db/transactions';
import type { OutboxEntryChange } from '../../../electron/core/outbox/types';
import { createHarness } from './support/outbox-harness';

const contact = (i: number) => ({ PatronName: `Guest ${i}`, PatronEmail: `guest${i}@example.com` });

/** Each entry's last notice, by id; and every id a notice said was removed. */
function follow(outbox: ReturnType<typeof createHarness>['outbox']) {
  const changes: OutboxChange[] = [];
  outbox.subscribe((change) => changes.push(change));
  return {
    changes,
    last: () => new Map(changes.flatMap((change) => change.changed.map((entry) => [entry.id, entry] as const))),
    removed: () => new Set(changes.flatMap((change) => change.removed)),
  };
}

/** What a notice must say of an entry: as the stored entry reads back. */
function asStored(outbox: ReturnType<typeof createHarness>['outbox'], id: string): OutboxEntryChange {
  const view = outbox.get(id)!;
  return { id: view.id, kind: view.kind, state: view.state, createdAt: view.createdAt };
}

describe("the outbox's change notices, told from the rows it wrote", () => {
  it('say of entries queued in a batch, then claimed and sent, what the stored entries say', async () => {
    const { outbox, service } = createHarness({ start: false });
    const notices = follow(outbox);
    const results = outbox.enqueueMany('push_contact', [contact(1), { PatronName: 'No way to reach' }, contact(2)]);
    const ids = results.flatMap((result) => ('id' in result ? [result.id] : []));
    expect(ids).toHaveLength(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(notices.changes).toHaveLength(1);
    expect(notices.changes[0]!.changed).toEqual(ids.map((id) => asStored(outbox, id)));
    expect(notices.changes[0]!.changed.map((entry) => entry.state)).toEqual(['queued', 'queued']);
    expect(notices.changes[0]!.summary.counts).toMatchObject({ queued: 2 });

    outbox.start();
    await outbox.settle();
    await new Promise((resolve) => setImmediate(resolve));
    expect(service.contacts.size).toBe(2);
    const states = notices.changes.flatMap((change) => change.changed.map((entry) => entry.state));
    expect(states).toContain('sending');
    for (const id of ids) expect(notices.last().get(id)).toEqual({ ...asStored(outbox, id), state: 'sent' });
    expect(notices.changes.at(-1)!.summary.counts).toMatchObject({ sent: 2, queued: 0, sending: 0 });
  });

  it('never tell of entries whose commit was undone: a batch queued inside a transaction that rolls back is removed', async () => {
    const { outbox, db } = createHarness({ start: false });
    const notices = follow(outbox);
    let ids: string[] = [];
    expect(() =>
      runTransaction(db, () => {
        ids = outbox
          .enqueueMany('push_contact', [contact(1), contact(2)])
          .flatMap((result) => ('id' in result ? [result.id] : []));
        throw new Error('the caller failed to write its own rows');
      }),
    ).toThrow('the caller');
    await new Promise((resolve) => setImmediate(resolve));
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(outbox.get(id)).toBeUndefined();
    expect(notices.last().size).toBe(0);
    expect([...notices.removed()].sort()).toEqual([...ids].sort());
    expect(notices.changes.at(-1)!.summary.counts).toMatchObject({ queued: 0 });
  });

  it('tell of a batch queued inside a transaction only once it committed, with the entries as stored', async () => {
    const { outbox, db } = createHarness({ start: false });
    const notices = follow(outbox);
    const ids = runTransaction(db, () => {
      const queued = outbox
        .enqueueMany('push_contact', [contact(1)])
        .flatMap((result) => ('id' in result ? [result.id] : []));
      // A later write of the same transaction (here: staff discard it) is what the notice must say.
      outbox.discardEntries(queued);
      return queued;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(notices.last().has(ids[0]!)).toBe(false);
    expect(notices.removed().has(ids[0]!)).toBe(true);
  });
});
