import { describe, expect, it } from 'vitest';
import { createHarness, email, purchase, sms } from './support/outbox-harness';
import { asKind } from '../../support/outbox-entry';

const LOCAL = 'local-0a1b2c3d-0000-4000-8000-000000000002';

describe('what staff see and do', () => {
  it('a refusal shows the service words and what to do; editing fixes and sends it', async () => {
    const harness = createHarness();
    harness.service.fail('sms', { serviceMessage: 'Invalid recipient details' });
    const item = harness.outbox.enqueue('sms', sms('Hello', '0412 999 888'));
    await harness.outbox.settle();
    expect(harness.outbox.get(item.id)).toMatchObject({
      state: 'needs_attention',
      problem: {
        message: 'Invalid recipient details',
        whatToDo: 'Check the mobile number (Edit), or discard the message.',
      },
      editable: true,
    });
    expect(harness.outbox.summary().counts.needs_attention).toBe(1);
    expect(() =>
      harness.outbox.edit(item.id, {
        kind: 'sms',
        payload: { ...asKind(harness.outbox.get(item.id), 'sms').payload, message: 'Olé' },
      }),
    ).toThrow(/refuses/);
    harness.outbox.edit(item.id, {
      kind: 'sms',
      payload: { ...asKind(harness.outbox.get(item.id), 'sms').payload, to: '0412 111 222' },
    });
    await harness.outbox.settle();
    expect(harness.service.sent.map((sent) => sent.request.to)).toEqual(['+61412111222']);
    expect(harness.outbox.get(item.id)?.state).toBe('sent');
  });

  it('resend sends a failed entry again now', async () => {
    const harness = createHarness();
    harness.service.contacts.set('77', { contact_id: '77' });
    harness.service.fail('addPurchase', { serviceMessage: 'Invalid client ID provided' });
    const item = harness.outbox.enqueue('add_purchase', purchase('77'));
    await harness.outbox.settle();
    expect(harness.outbox.get(item.id)).toMatchObject({ state: 'needs_attention', editable: false });
    expect(harness.outbox.resend(item.id).state).toBe('queued');
    await harness.outbox.settle();
    expect(harness.outbox.get(item.id)?.state).toBe('sent');
  });

  it('discard removes an entry; a discarded new guest takes its dependants to needs attention', async () => {
    const harness = createHarness({ start: false });
    const guest = harness.outbox.enqueue('push_contact', { contact_id: LOCAL, PatronEmail: 'cy@example.com' });
    const bought = harness.outbox.enqueue('add_purchase', purchase(LOCAL));
    expect(harness.outbox.discard(guest.id)).toEqual({ discarded: true });
    expect(harness.outbox.get(guest.id)).toBeUndefined();
    expect(harness.outbox.get(bought.id)).toMatchObject({
      state: 'needs_attention',
      problem: { message: expect.stringContaining('discarded') },
    });
    expect(() => harness.outbox.enqueue('add_purchase', purchase(LOCAL))).toThrow(/discarded/);
    harness.outbox.start();
    await harness.outbox.settle();
    expect(harness.service.calls).toHaveLength(0);
  });

  it('refuses entries naming a local guest the desk never recorded', () => {
    const harness = createHarness({ start: false });
    expect(() => harness.outbox.enqueue('add_purchase', purchase(LOCAL))).toThrow(/not known to the desk/);
  });

  it('Insufficient Credits pauses SMS, says so, keeps emails going and spends no attempt', async () => {
    const harness = createHarness({ config: { concurrency: 1 } });
    harness.service.fail('sms', { serviceMessage: 'Insufficient Credits' });
    const text = harness.outbox.enqueue('sms', sms());
    const second = harness.outbox.enqueue('sms', sms('another', '0412000333'));
    const mail = harness.outbox.enqueue('email', email());
    await harness.outbox.settle();
    const summary = harness.outbox.summary();
    expect(summary.paused).toEqual([
      {
        kind: 'sms',
        reason: 'SMS paused: the service says "Insufficient Credits". Add credits to the account, then press Resume.',
      },
    ]);
    expect(harness.outbox.get(text.id)).toMatchObject({
      state: 'waiting',
      attempts: 0,
      waitingReason: expect.stringContaining('Insufficient Credits'),
    });
    expect(harness.outbox.get(mail.id)?.state).toBe('sent');
    expect(harness.service.callsOf('sms')).toHaveLength(1);
    await harness.advance(600_000);
    expect(harness.service.callsOf('sms')).toHaveLength(1);
    harness.outbox.resumeKind('sms');
    await harness.outbox.settle();
    expect(harness.outbox.summary().paused).toEqual([]);
    expect([harness.outbox.get(text.id)?.state, harness.outbox.get(second.id)?.state]).toEqual(['sent', 'sent']);
  });

  it('a paused kind does not hold back other kinds of the same guest', async () => {
    const harness = createHarness();
    harness.service.contacts.set('77', { contact_id: '77' });
    harness.service.fail('sms', { serviceMessage: 'Insufficient Credits' });
    harness.outbox.enqueue('sms', sms(), { guestKey: '77' });
    await harness.outbox.settle();
    const bought = harness.outbox.enqueue('add_purchase', purchase('77'));
    await harness.outbox.settle();
    expect(harness.outbox.get(bought.id)?.state).toBe('sent');
  });

  it('counts shown states for the badge: offline entries count as waiting', async () => {
    const harness = createHarness();
    harness.service.fail('sms', 'refused', 'refused');
    harness.service.fail('categories', 'refused');
    harness.outbox.enqueue('sms', sms('a', '0412000001'));
    harness.outbox.enqueue('sms', sms('b', '0412000002'));
    await harness.outbox.settle();
    expect(harness.outbox.summary()).toMatchObject({
      online: false,
      counts: { queued: 0, waiting: 2, sending: 0, needs_attention: 0, sent: 0 },
    });
    expect(harness.outbox.list({ states: ['waiting'] })).toHaveLength(2);
  });

  it('editing a guest keeps who it is; a new guest recorded here still needs an email or mobile', async () => {
    const harness = createHarness({ start: false });
    harness.service.contacts.set('77', { contact_id: '77', PatronEmail: 'old@example.com' });
    const update = harness.outbox.enqueue('push_contact', { contact_id: '77', PatronName: 'Ann' });
    harness.outbox.edit(update.id, { kind: 'push_contact', payload: { contact_id: '99', PatronName: 'Anne' } });
    expect(harness.outbox.get(update.id)?.payload).toMatchObject({ contact_id: '77', PatronName: 'Anne' });
    expect(() => harness.outbox.enqueue('push_contact', { contact_id: LOCAL, PatronName: 'No details' })).toThrow(
      'No email or mobile information',
    );
    const created = harness.outbox.enqueue('push_contact', { contact_id: LOCAL, PatronEmail: 'new@example.com' });
    expect(() =>
      harness.outbox.edit(created.id, { kind: 'push_contact', payload: { PatronName: 'Dropped the email' } }),
    ).toThrow('No email or mobile information');
    harness.outbox.start();
    await harness.outbox.settle();
    expect(harness.service.contacts.get('77')).toMatchObject({ PatronName: 'Anne' });
  });

  it('tells subscribers when the line drops and comes back', async () => {
    const harness = createHarness();
    const online: boolean[] = [];
    harness.outbox.subscribe((change) => online.push(change.summary.online));
    harness.service.fail('sms', 'refused');
    harness.outbox.enqueue('sms', sms());
    await harness.outbox.settle();
    await new Promise((resolve) => setImmediate(resolve));
    expect(online.at(-1)).toBe(false);
    harness.outbox.notifyOnline();
    await harness.outbox.settle();
    await new Promise((resolve) => setImmediate(resolve));
    expect(online.at(-1)).toBe(true);
    expect(harness.outbox.summary().counts.sent).toBe(1);
  });

  it('forgets sent and discarded entries a month after they finished, at start', async () => {
    const harness = createHarness();
    const old = harness.outbox.enqueue('sms', sms('old'));
    await harness.outbox.settle();
    await harness.outbox.stop();
    harness.clock.advance(29 * 24 * 60 * 60_000);
    expect(
      createHarness({ db: harness.db, service: harness.service, clock: harness.clock }).outbox.get(old.id)?.state,
    ).toBe('sent');
    harness.clock.advance(2 * 24 * 60 * 60_000);
    const restarted = createHarness({ db: harness.db, service: harness.service, clock: harness.clock });
    expect(restarted.outbox.get(old.id)).toBeUndefined();
  });

  it('lists entries by shown state however far back they are', async () => {
    const harness = createHarness();
    harness.service.fail('sms', { serviceMessage: 'Invalid recipient details' });
    const failed = harness.outbox.enqueue('sms', sms('first', '0412000999'));
    await harness.outbox.settle();
    for (let i = 0; i < 600; i++) harness.outbox.enqueue('email', email(`news ${i}`));
    await harness.outbox.settle();
    expect(harness.outbox.list({ states: ['needs_attention'], limit: 5 }).map((item) => item.id)).toEqual([failed.id]);
    expect(harness.outbox.list({ states: ['sent'], limit: 550 })).toHaveLength(550);
    expect(harness.outbox.list({ limit: 3 }).map((item) => item.summary)).toEqual([
      'Email to Ann Guest: news 599',
      'Email to Ann Guest: news 598',
      'Email to Ann Guest: news 597',
    ]);
  });
});
