import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../shared/api/client';
import { createSandbox, type Sandbox } from '../../../sandbox/index';
import { createHarness, email, sms, type Harness } from './support/outbox-harness';
import { asKind } from '../../support/outbox-entry';

const LOCAL = 'local-5a1d0b0c-0000-4000-8000-00000000000a';

let sandbox: Sandbox;
let harness: Harness;

beforeEach(() => {
  sandbox = createSandbox();
  const client = createServiceClient({
    baseUrl: 'http://sandbox.test',
    apiKey: sandbox.demo.apiKey,
    fetch: sandbox.fetch.bind(sandbox),
  });
  harness = createHarness({ client, clientId: sandbox.demo.clientId });
});

afterEach(async () => {
  await harness.outbox.stop();
  sandbox.close();
});

const fault = (method: string, kind: string, extra: Record<string, unknown> = {}) =>
  sandbox.operator.addFault({ method, kind, count: 1, ...extra });
const smsLog = () => sandbox.operator.messages({ clientId: sandbox.demo.clientId, channel: 'sms' });

describe('the outbox against the sandbox', () => {
  it('delivers every kind; a guest recorded offline gets its purchase and booking under the service id', async () => {
    harness.outbox.enqueue('sms', sms('Table 4 is ready'));
    harness.outbox.enqueue('email', email('See you tonight'));
    const guest = harness.outbox.enqueue('push_contact', {
      contact_id: LOCAL,
      PatronEmail: 'dora@example.com',
      PatronName: 'Dora',
    });
    const bought = harness.outbox.enqueue('add_purchase', {
      contact_id: LOCAL,
      item_desc: 'Negroni',
      price: 16,
      purchased_at: '2025-06-01 21:00:00',
    });
    harness.outbox.enqueue('push_reservations', {
      reservation: { id: 'RSOAK1', total_attendees: 3 },
      contact: { contact_id: LOCAL },
    });
    await harness.outbox.settle();
    expect(harness.outbox.summary().counts).toMatchObject({ sent: 5, queued: 0, waiting: 0, needs_attention: 0 });
    const contactId = String(asKind(harness.outbox.get(guest.id), 'push_contact').result?.contact_id);
    expect(
      sandbox.operator
        .purchases(sandbox.demo.clientId)
        .filter((item) => item.tx_id === asKind(harness.outbox.get(bought.id), 'add_purchase').payload.tx_id),
    ).toEqual([expect.objectContaining({ contact_id: contactId, item_desc: 'Negroni' })]);
    expect(smsLog().filter((message) => message.message === 'Table 4 is ready')).toHaveLength(1);
  });

  it('an SMS whose answer is dropped after the commit is found in sent_items and not sent twice', async () => {
    fault('sms', 'drop_after_commit');
    const item = harness.outbox.enqueue('sms', sms('Only once please'));
    await harness.outbox.settle();
    expect(harness.outbox.get(item.id)?.state).toBe('waiting');
    await harness.advance(1000);
    expect(harness.outbox.get(item.id)).toMatchObject({ state: 'sent', result: { confirmedBy: 'sent_items' } });
    expect(smsLog().filter((message) => message.message === 'Only once please')).toHaveLength(1);
  });

  it('a new guest whose push answer was lost is reconciled with pull_db: one contact', async () => {
    fault('push_contact', 'drop_after_commit');
    const item = harness.outbox.enqueue('push_contact', {
      contact_id: LOCAL,
      PatronEmail: 'eve@example.com',
      PatronName: 'Eve',
    });
    await harness.outbox.settle();
    await harness.advance(1000);
    const view = harness.outbox.get(item.id)!;
    expect(view).toMatchObject({ state: 'sent', result: { matchedOwnEarlierWrite: true } });
    const client = createServiceClient({
      baseUrl: 'http://sandbox.test',
      apiKey: sandbox.demo.apiKey,
      fetch: sandbox.fetch.bind(sandbox),
    });
    expect(await client.pullDb({ client_id: sandbox.demo.clientId, PatronEmail: 'eve@example.com' })).toEqual([
      expect.objectContaining({ contact_id: asKind(view, 'push_contact').result?.contact_id }),
    ]);
  });

  it('a purchase whose answer cannot be read is held with its tx_id; the sandbox has it once', async () => {
    const guest = harness.outbox.enqueue('push_contact', { PatronEmail: 'finn@example.com' });
    await harness.outbox.settle();
    const contactId = String(asKind(harness.outbox.get(guest.id), 'push_contact').result?.contact_id);
    fault('add_purchase', 'malformed_json');
    const item = harness.outbox.enqueue('add_purchase', {
      contact_id: contactId,
      item_desc: 'Chips',
      price: 6,
      purchased_at: '2025-06-01 21:00:00',
    });
    await harness.outbox.settle();
    const held = harness.outbox.get(item.id)!;
    expect(held).toMatchObject({
      state: 'needs_attention',
      awaitingDecision: true,
      problem: { message: expect.stringContaining('answer could not be read') },
    });
    const txId = String(asKind(held, 'add_purchase').payload.tx_id);
    expect(held.problem?.whatToDo).toContain(txId);
    expect(
      sandbox.operator.purchases(sandbox.demo.clientId).filter((purchase) => purchase.tx_id === txId),
    ).toHaveLength(1);
    harness.outbox.decide(item.id, 'it-was-recorded');
    expect(harness.outbox.summary().counts.needs_attention).toBe(0);
  });

  it('Insufficient Credits pauses SMS until resumed', async () => {
    sandbox.operator.setCredits(sandbox.demo.clientId, { sms: 0 });
    const item = harness.outbox.enqueue('sms', sms('Credits please'));
    await harness.outbox.settle();
    expect(harness.outbox.summary().paused).toEqual([
      { kind: 'sms', reason: expect.stringContaining('"Insufficient Credits"') },
    ]);
    expect(harness.outbox.get(item.id)).toMatchObject({ state: 'waiting', attempts: 0 });
    sandbox.operator.setCredits(sandbox.demo.clientId, { sms: 10 });
    harness.outbox.resumeKind('sms');
    await harness.outbox.settle();
    expect(harness.outbox.get(item.id)?.state).toBe('sent');
  });

  it('a per-item refusal shows the service words; the rest of the batch goes', async () => {
    const guest = harness.outbox.enqueue('push_contact', { PatronEmail: 'gail@example.com' });
    await harness.outbox.settle();
    const contactId = String(asKind(harness.outbox.get(guest.id), 'push_contact').result?.contact_id);
    const purchase = (contact: string, desc: string) => ({
      contact_id: contact,
      item_desc: desc,
      price: 3,
      purchased_at: '2025-06-01 21:00:00',
    });
    // Enqueued in one turn: they go out in one add_purchase call.
    const good = harness.outbox.enqueue('add_purchase', purchase(contactId, 'Tea'));
    const missing = harness.outbox.enqueue('add_purchase', purchase('99999999', 'Coffee'));
    await harness.outbox.settle();
    expect(harness.outbox.get(good.id)?.state).toBe('sent');
    expect(harness.outbox.get(missing.id)).toMatchObject({
      state: 'needs_attention',
      problem: { message: 'No such contact in database' },
    });
    expect(sandbox.operator.purchases(sandbox.demo.clientId).map((item) => item.item_desc)).toEqual(['Tea']);
  });

  it('Retry-After from a 429 sets the next try; refused connections trip the breaker, a probe resumes', async () => {
    fault('sms', 'rate_limit', { retryAfterSeconds: 7 });
    const limited = harness.outbox.enqueue('sms', sms('Slow down'));
    await harness.outbox.settle();
    expect(harness.outbox.get(limited.id)?.nextAttemptAt).toBe(new Date(harness.clock.now() + 7000).toISOString());
    await harness.advance(7000);
    expect(harness.outbox.get(limited.id)?.state).toBe('sent');

    fault('email', 'refuse');
    const offline = harness.outbox.enqueue('email', email('Offline for a moment'));
    await harness.outbox.settle();
    expect(harness.outbox.summary().online).toBe(false);
    expect(harness.outbox.get(offline.id)).toMatchObject({ state: 'waiting', attempts: 0 });
    await harness.advance(5000);
    expect(harness.outbox.get(offline.id)?.state).toBe('sent');
  });
});
