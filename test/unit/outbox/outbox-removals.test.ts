import { describe, expect, it } from 'vitest';
import type { OutboxChange } from '../../../electron/core/outbox/events';
import { createHarness, purchase, sms } from './support/outbox-harness';

const LOCAL = 'local-0a1b2c3d-0000-4000-8000-000000000003';

describe('removals travel as events', () => {
  it('a discarded entry is announced as removed, not as changed; its orphaned dependant as changed', async () => {
    const harness = createHarness({ start: false });
    const guest = harness.outbox.enqueue('push_contact', { contact_id: LOCAL, PatronEmail: 'di@example.com' });
    const bought = harness.outbox.enqueue('add_purchase', purchase(LOCAL));
    const changes: OutboxChange[] = [];
    harness.outbox.subscribe((change) => changes.push(change));
    harness.outbox.discard(guest.id);
    await Promise.resolve();
    expect(changes).toHaveLength(1);
    expect(changes[0]!.removed).toEqual([guest.id]);
    expect(changes[0]!.changed.map((item) => item.id)).toEqual([bought.id]);
  });

  it('entries forgotten when local data is cleared are announced as removed; unsent ones stay', async () => {
    const harness = createHarness({ start: false });
    const discarded = harness.outbox.enqueue('sms', sms('discarded'));
    const unsent = harness.outbox.enqueue('sms', sms('unsent'));
    harness.outbox.discard(discarded.id);
    await Promise.resolve();
    const changes: OutboxChange[] = [];
    harness.outbox.subscribe((change) => changes.push(change));
    harness.outbox.forgetFinished();
    await Promise.resolve();
    expect(changes).toHaveLength(1);
    expect(changes[0]!.removed).toEqual([discarded.id]);
    expect(harness.outbox.list().map((item) => item.id)).toEqual([unsent.id]);
  });

  it('lists entries by id, leaving out those no longer in the outbox', () => {
    const harness = createHarness({ start: false });
    const kept = harness.outbox.enqueue('sms', sms('kept'));
    const gone = harness.outbox.enqueue('sms', sms('gone'));
    harness.outbox.discard(gone.id);
    expect(harness.outbox.list({ ids: [gone.id, kept.id, 'ob_unknown'] }).map((item) => item.id)).toEqual([kept.id]);
  });
});

describe('listing for the Outbox screen', () => {
  it('pages newest first after a given entry, and filters by kind and state', () => {
    const harness = createHarness({ start: false });
    const made = Array.from({ length: 5 }, (_, i) => harness.outbox.enqueue('sms', sms(`m${i}`)));
    const guest = harness.outbox.enqueue('push_contact', { PatronEmail: 'pat@example.com' });
    const first = harness.outbox.list({ kinds: ['sms'], limit: 2 });
    expect(first.map((item) => item.id)).toEqual([made[4]!.id, made[3]!.id]);
    const next = harness.outbox.list({ kinds: ['sms'], limit: 2, before: first[1]!.id });
    expect(next.map((item) => item.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(
      harness.outbox.list({ kinds: ['push_contact'], states: ['queued', 'waiting'] }).map((item) => item.id),
    ).toEqual([guest.id]);
    expect(harness.outbox.list({ limit: 3, before: made[1]!.id }).map((item) => item.id)).toEqual([made[0]!.id]);
  });
});
