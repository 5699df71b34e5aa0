import { describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../shared/api/client';
import { createFakeService } from './support/fake-service';
import { createHarness, sms, type Harness } from './support/outbox-harness';

describe('dispatching', () => {
  it('delivers one guest in order: a later entry waits while an earlier one backs off', async () => {
    const harness = createHarness();
    harness.service.fail('sms', { status: 503 });
    const first = harness.outbox.enqueue('sms', sms('first'), { guestKey: 'g1' });
    const second = harness.outbox.enqueue('sms', sms('second'), { guestKey: 'g1' });
    const other = harness.outbox.enqueue('sms', sms('other guest', '0412000111'), { guestKey: 'g2' });
    await harness.outbox.settle();
    expect(harness.outbox.get(first.id)).toMatchObject({
      state: 'waiting',
      attempts: 1,
      waitingReason: 'The service is busy (HTTP 503).',
    });
    expect(harness.outbox.get(second.id)?.state).toBe('queued');
    expect(harness.outbox.get(other.id)?.state).toBe('sent');
    await harness.advance(999);
    expect(harness.service.sent.map((item) => item.request.message)).toEqual(['other guest', 'first', 'second']);
  });

  it('batches bulk kinds up to the configured size', async () => {
    const harness = createHarness({
      config: { batchSize: { push_contact: 2, add_purchase: 100, push_reservations: 50 } },
      start: false,
    });
    for (let i = 0; i < 5; i++) harness.outbox.enqueue('push_contact', { PatronEmail: `guest${i}@example.com` });
    harness.outbox.start();
    await harness.outbox.settle();
    expect(harness.service.callsOf('pushContact').map((call) => (call.input as unknown[]).length)).toEqual([2, 2, 1]);
    expect(harness.service.contacts.size).toBe(5);
    expect(harness.outbox.summary().counts.sent).toBe(5);
  });

  it('commits once per call when every call is sent in full: its answers go in the next claim’s commit', async () => {
    const harness = createHarness({
      config: { concurrency: 1, batchSize: { push_contact: 2, add_purchase: 100, push_reservations: 50 } },
      start: false,
    });
    for (let i = 0; i < 10; i++) harness.outbox.enqueue('push_contact', { PatronEmail: `guest${i}@example.com` });
    let commits = 0;
    const { db } = harness;
    const transaction = db.transaction.bind(db);
    // Counts the outermost transactions (what commits), by the `immediate` that runTransaction opens them with.
    db.transaction = ((work: () => unknown) => {
      const wrapped = transaction(work);
      return Object.assign(() => wrapped(), {
        default: wrapped.default,
        deferred: wrapped.deferred,
        exclusive: wrapped.exclusive,
        immediate: () => {
          if (!db.inTransaction) commits += 1;
          return wrapped.immediate();
        },
      });
    }) as unknown as typeof db.transaction;
    harness.outbox.start();
    await harness.outbox.settle();
    expect(harness.service.callsOf('pushContact')).toHaveLength(5);
    expect(harness.outbox.summary().counts.sent).toBe(10);
    // The start's recovery, five claims (each with the answers before it), and the last answers alone once
    // nothing is left to claim; recording answers in commits of their own, it was 9.
    expect(commits).toBe(7);
  });

  it('keeps at most `concurrency` calls in flight', async () => {
    const harness = createHarness({ config: { concurrency: 2 }, start: false });
    for (let i = 0; i < 5; i++) harness.outbox.enqueue('sms', sms(`m${i}`, `041200000${i}`));
    const release = harness.service.hold();
    harness.outbox.start();
    await new Promise((resolve) => setImmediate(resolve));
    expect(harness.service.callsOf('sms')).toHaveLength(2);
    expect(harness.outbox.summary().counts).toMatchObject({ sending: 2, queued: 3 });
    release();
    await harness.outbox.settle();
    expect(harness.service.sent).toHaveLength(5);
  });

  it('honours Retry-After for every entry of the account', async () => {
    const harness = createHarness({ start: false });
    harness.service.fail('sms', { status: 429, retryAfterMs: 30_000 });
    const first = harness.outbox.enqueue('sms', sms('a', '0412000001'));
    harness.outbox.start();
    await harness.outbox.settle();
    harness.outbox.enqueue('sms', sms('b', '0412000002'));
    await harness.outbox.settle();
    expect(harness.outbox.get(first.id)).toMatchObject({
      state: 'waiting',
      nextAttemptAt: new Date(harness.clock.now() + 30_000).toISOString(),
    });
    await harness.advance(29_999);
    expect(harness.service.sent).toHaveLength(0);
    await harness.advance(1);
    expect(harness.service.sent).toHaveLength(2);
  });

  it('spends no attempts while offline, probes cheaply and resumes by itself', async () => {
    const harness = createHarness();
    harness.service.fail('sms', 'refused');
    harness.service.fail('categories', 'refused');
    const item = harness.outbox.enqueue('sms', sms());
    await harness.outbox.settle();
    expect(harness.outbox.summary().online).toBe(false);
    expect(harness.outbox.get(item.id)).toMatchObject({
      state: 'waiting',
      attempts: 0,
      waitingReason: expect.stringContaining('Offline'),
    });
    await harness.advance(5000);
    expect(harness.service.callsOf('categories')).toHaveLength(1);
    expect(harness.service.callsOf('sms')).toHaveLength(1);
    await harness.advance(5000);
    expect(harness.service.callsOf('categories')).toHaveLength(2);
    expect(harness.outbox.get(item.id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(harness.outbox.summary().online).toBe(true);
  });

  it('resumes at once when told the network is back', async () => {
    const harness = createHarness();
    harness.service.fail('sms', 'refused');
    const item = harness.outbox.enqueue('sms', sms());
    await harness.outbox.settle();
    expect(harness.outbox.summary().online).toBe(false);
    harness.outbox.notifyOnline();
    await harness.outbox.settle();
    expect(harness.outbox.get(item.id)?.state).toBe('sent');
    expect(harness.service.callsOf('categories')).toHaveLength(0);
  });

  it('gives up after maxAttempts and says what happened', async () => {
    const harness = createHarness({ config: { maxAttempts: 2 } });
    harness.service.fail('sms', { status: 503 }, { status: 503 });
    const item = harness.outbox.enqueue('sms', sms());
    await harness.outbox.settle();
    await harness.advance(10_000);
    expect(harness.outbox.get(item.id)).toMatchObject({
      state: 'needs_attention',
      problem: {
        message: 'Tried 2 times without success. The last answer: The service is busy (HTTP 503).',
        whatToDo: expect.stringContaining('Resend'),
      },
    });
  });

  it('sends only entries of the connected account', async () => {
    const harness = createHarness({ start: false });
    harness.account.current = { ...harness.account.current!, clientId: 'other' };
    const mine = harness.outbox.enqueue('sms', sms());
    harness.account.current = { ...harness.account.current!, clientId: 'client-1' };
    harness.outbox.start();
    await harness.outbox.settle();
    expect(harness.outbox.get(mine.id)).toMatchObject({
      state: 'waiting',
      waitingReason: expect.stringContaining('another account (client id other)'),
    });
    expect(harness.service.sent).toHaveLength(0);
  });

  it('lets the next call go before a sent call is recorded, but a guest’s next entry only once its earlier one is', async () => {
    const service = createFakeService();
    // What the outbox held of the first entry when each call reached the service.
    const seen: Array<[string, string | undefined]> = [];
    let harness: Harness | null = null;
    let firstId = '';
    const client: ServiceClient = {
      ...service.client,
      sms: (input) => {
        seen.push([input.message, harness?.outbox.get(firstId)?.state]);
        return service.client.sms(input);
      },
    };
    harness = createHarness({ service, client, config: { concurrency: 1 }, start: false });
    firstId = harness.outbox.enqueue('sms', sms('a', '0412000001'), { guestKey: 'g1' }).id;
    harness.outbox.enqueue('sms', sms('c', '0412000003'), { guestKey: 'g1' });
    harness.outbox.enqueue('sms', sms('b', '0412000002'), { guestKey: 'g2' });
    harness.outbox.start();
    await harness.outbox.settle();
    // b (another guest) went while a's answer was still to be recorded; c (a's guest, queued before b) only
    // after it was.
    expect(seen).toEqual([
      ['a', 'sending'],
      ['b', 'sending'],
      ['c', 'sent'],
    ]);
    expect(harness.outbox.summary().counts.sent).toBe(3);
  });
});
