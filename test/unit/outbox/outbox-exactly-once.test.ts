import { describe, expect, it } from 'vitest';
import type { Fault } from './support/fake-service';
import { createHarness, email, purchase, sms } from './support/outbox-harness';
import { asKind } from '../../support/outbox-entry';

const LOCAL = 'local-0a1b2c3d-0000-4000-8000-000000000001';

/** A purchase for an existing guest whose add_purchase call meets `fault`, after the outbox settled. */
async function purchaseMeeting(fault: Fault) {
  const harness = createHarness();
  harness.service.contacts.set('77', { contact_id: '77' });
  harness.service.fail('addPurchase', fault);
  const item = harness.outbox.enqueue('add_purchase', purchase('77'));
  await harness.outbox.settle();
  return { harness, item };
}

describe('exactly once', () => {
  it('an SMS whose answer was lost after it went out is found in sent_items and not sent again', async () => {
    const harness = createHarness();
    harness.service.fail('sms', 'dropped-after-commit');
    const item = harness.outbox.enqueue('sms', sms());
    await harness.outbox.settle();
    expect(harness.outbox.get(item.id)?.state).toBe('waiting');
    await harness.advance(1000);
    expect(harness.service.callsOf('sentItems')).toHaveLength(1);
    expect(harness.service.callsOf('sms')).toHaveLength(1);
    expect(harness.service.sent).toHaveLength(1);
    expect(harness.outbox.get(item.id)).toMatchObject({ state: 'sent', result: { confirmedBy: 'sent_items' } });
  });

  it('an email whose request never landed is looked up, then sent once', async () => {
    const harness = createHarness();
    harness.service.fail('email', 'timeout-before-commit');
    const item = harness.outbox.enqueue('email', email());
    await harness.outbox.settle();
    await harness.advance(1000);
    expect(harness.service.callsOf('sentItems')).toHaveLength(1);
    expect(harness.service.sent).toHaveLength(1);
    expect(harness.outbox.get(item.id)?.state).toBe('sent');
  });

  it('never resends while the look-up itself fails', async () => {
    const harness = createHarness();
    harness.service.fail('sms', 'dropped-after-commit');
    harness.service.fail('sentItems', { status: 503 }, { status: 500 });
    const item = harness.outbox.enqueue('sms', sms());
    await harness.outbox.settle();
    await harness.advance(1000);
    await harness.advance(2000);
    expect(harness.service.callsOf('sms')).toHaveLength(1);
    await harness.advance(10_000);
    expect(harness.service.callsOf('sms')).toHaveLength(1);
    expect(harness.service.sent).toHaveLength(1);
    expect(harness.outbox.get(item.id)?.state).toBe('sent');
  });

  it('an entry found sending at start (a crash) is reconciled, not blindly resent', async () => {
    const harness = createHarness({ start: false });
    const item = harness.outbox.enqueue('sms', sms());
    const row = harness.db.prepare('SELECT reference_id FROM outbox_items WHERE id = ?').get(item.id) as {
      reference_id: string;
    };
    // The crash happened after the service took it: it is in its sent log.
    harness.service.sent.push({ type: 'sms', reference_id: row.reference_id, request: {} });
    harness.db.prepare(`UPDATE outbox_items SET state = 'sending' WHERE id = ?`).run(item.id);
    harness.outbox.start();
    await harness.outbox.settle();
    // Not at once: the interrupted request may still be on its way (reconcileAfterMs is 1000 here).
    expect(harness.service.callsOf('sentItems')).toHaveLength(0);
    expect(harness.outbox.get(item.id)).toMatchObject({
      state: 'waiting',
      nextAttemptAt: new Date(harness.clock.now() + 1000).toISOString(),
    });
    await harness.advance(999);
    expect(harness.service.callsOf('sentItems')).toHaveLength(0);
    await harness.advance(1);
    expect(harness.service.callsOf('sentItems')).toHaveLength(1);
    expect(harness.service.callsOf('sms')).toHaveLength(0);
    expect(harness.outbox.get(item.id)?.state).toBe('sent');
  });

  it('an email found sending at start that never reached the service is looked up after the delay, then sent once', async () => {
    const harness = createHarness({ start: false, config: { reconcileAfterMs: 30_000 } });
    const item = harness.outbox.enqueue('email', email());
    harness.db.prepare(`UPDATE outbox_items SET state = 'sending' WHERE id = ?`).run(item.id);
    harness.outbox.start();
    await harness.advance(29_999);
    expect(harness.service.calls).toHaveLength(0);
    await harness.advance(1);
    expect(harness.service.calls.map((call) => call.method)).toEqual(['sentItems', 'email']);
    expect(harness.service.sent).toHaveLength(1);
    expect(harness.outbox.get(item.id)?.state).toBe('sent');
  });

  it('an SMS whose outcome became unknown while running is looked up only once the reconcile delay has passed', async () => {
    // The backoff alone would try again after about a second; the reconcile delay (30 s) governs.
    const harness = createHarness({ config: { reconcileAfterMs: 30_000 } });
    harness.service.fail('sms', 'dropped-after-commit');
    const item = harness.outbox.enqueue('sms', sms());
    await harness.outbox.settle();
    await harness.advance(29_999);
    expect(harness.service.callsOf('sentItems')).toHaveLength(0);
    await harness.advance(1);
    expect(harness.service.callsOf('sentItems')).toHaveLength(1);
    expect(harness.service.callsOf('sms')).toHaveLength(1);
    expect(harness.outbox.get(item.id)).toMatchObject({ state: 'sent', result: { confirmedBy: 'sent_items' } });
  });

  it('Resend right after an unknown outcome still waits the reconcile delay before the look-up', async () => {
    const harness = createHarness({ config: { reconcileAfterMs: 10_000 } });
    harness.service.fail('sms', 'dropped-after-commit');
    const item = harness.outbox.enqueue('sms', sms());
    await harness.outbox.settle();
    harness.outbox.resend(item.id);
    await harness.advance(9_999);
    expect(harness.service.callsOf('sentItems')).toHaveLength(0);
    await harness.advance(1);
    expect(harness.service.callsOf('sentItems')).toHaveLength(1);
    expect(harness.service.callsOf('sms')).toHaveLength(1);
    expect(harness.outbox.get(item.id)?.state).toBe('sent');
  });

  it('a purchase found sending at start is held for a decision', async () => {
    const harness = createHarness({ start: false });
    harness.service.contacts.set('77', { contact_id: '77' });
    const item = harness.outbox.enqueue('add_purchase', purchase('77'));
    harness.db.prepare(`UPDATE outbox_items SET state = 'sending' WHERE id = ?`).run(item.id);
    harness.outbox.start();
    await harness.outbox.settle();
    expect(harness.service.callsOf('addPurchase')).toHaveLength(0);
    expect(harness.outbox.get(item.id)).toMatchObject({
      state: 'needs_attention',
      awaitingDecision: true,
      problem: { message: expect.stringContaining('The desk stopped') },
    });
  });

  it('a purchase whose outcome is unknown waits for a person, with the facts, and is not resent', async () => {
    const { harness, item } = await purchaseMeeting('dropped-after-commit');
    const held = harness.outbox.get(item.id)!;
    const txId = String(asKind(held, 'add_purchase').payload.tx_id);
    expect(held).toMatchObject({ state: 'needs_attention', awaitingDecision: true });
    expect(held.problem?.message).toContain('the connection dropped after it was sent');
    expect(held.problem?.message).toContain(txId);
    expect(held.problem?.message).toContain(new Date(harness.clock.now()).toISOString());
    await harness.advance(600_000);
    expect(harness.service.callsOf('addPurchase')).toHaveLength(1);
    expect(() => harness.outbox.resend(item.id)).toThrow(/held for a decision/);
    expect(harness.outbox.decide(item.id, 'it-was-recorded').state).toBe('sent');
    expect(harness.service.purchases).toHaveLength(1);
  });

  it('a held purchase a person says to send again goes out again', async () => {
    const { harness, item } = await purchaseMeeting('timeout-before-commit');
    harness.outbox.decide(item.id, 'send-again');
    await harness.outbox.settle();
    expect(harness.outbox.get(item.id)?.state).toBe('sent');
    expect(harness.service.purchases).toHaveLength(1);
  });

  it('a new guest whose answer was lost, refused as a duplicate on retry, is matched by email with pull_db as its own write, not created twice', async () => {
    const harness = createHarness();
    harness.service.fail('pushContact', 'dropped-after-commit');
    const item = harness.outbox.enqueue('push_contact', {
      contact_id: LOCAL,
      PatronEmail: 'ann@example.com',
      PatronName: 'Ann',
    });
    await harness.outbox.settle();
    expect(harness.service.contacts.size).toBe(1);
    await harness.advance(1000);
    expect(harness.service.contacts.size).toBe(1);
    expect(harness.service.callsOf('pullDb')[0]?.input).toEqual({
      client_id: 'client-1',
      PatronEmail: 'ann@example.com',
    });
    const [contactId] = [...harness.service.contacts.keys()];
    expect(harness.outbox.get(item.id)).toMatchObject({
      state: 'sent',
      result: { contact_id: contactId, matchedOwnEarlierWrite: true },
    });
  });

  it('entries for a guest recorded offline wait for the push and carry the service contact_id', async () => {
    const harness = createHarness();
    harness.service.fail('pushContact', 'refused');
    const guest = harness.outbox.enqueue('push_contact', {
      contact_id: LOCAL,
      PatronMobile: '0412345678',
      PatronName: 'Bo',
    });
    const bought = harness.outbox.enqueue('add_purchase', purchase(LOCAL));
    const booked = harness.outbox.enqueue('push_reservations', {
      reservation: { id: 'r1', total_attendees: 2 },
      contact: { contact_id: LOCAL },
    });
    const later = harness.outbox.enqueue('push_contact', { contact_id: LOCAL, PatronName: 'Bob' });
    await harness.outbox.settle();
    expect(harness.outbox.get(bought.id)).toMatchObject({ state: 'waiting', guestKey: LOCAL });
    expect(harness.service.callsOf('addPurchase')).toHaveLength(0);
    harness.outbox.notifyOnline();
    await harness.outbox.settle();
    const contactId = String(asKind(harness.outbox.get(guest.id), 'push_contact').result?.contact_id);
    expect(contactId).toMatch(/^\d+$/);
    expect(harness.service.purchases[0]).toMatchObject({ contact_id: contactId });
    expect(harness.service.reservations.get('r1')).toMatchObject({ contact_id: contactId });
    expect(harness.service.contacts.get(contactId)).toMatchObject({ PatronName: 'Bob' });
    for (const id of [bought.id, booked.id, later.id]) expect(harness.outbox.get(id)?.state).toBe('sent');
    // Later entries naming the local id are rewritten at enqueue.
    const afterwards = harness.outbox.enqueue('add_purchase', purchase(LOCAL, 'Coffee'));
    expect(asKind(afterwards, 'add_purchase').payload.contact_id).toBe(contactId);
  });

  it('a bulk answer that cannot say which new guest is which: the created one is found by lookup, the refused one is never applied to the other guest', async () => {
    const harness = createHarness({ start: false });
    harness.service.contacts.set('9', { contact_id: '9', PatronEmail: 'taken@example.com' });
    const taken = harness.outbox.enqueue('push_contact', { PatronEmail: 'taken@example.com', PatronName: 'Again' });
    const fresh = harness.outbox.enqueue('push_contact', { PatronEmail: 'new@example.com' });
    harness.outbox.start();
    await harness.outbox.settle();
    await harness.advance(1000);
    expect(harness.service.contacts.size).toBe(2);
    expect(harness.service.contacts.get('9')).toEqual({ contact_id: '9', PatronEmail: 'taken@example.com' });
    expect(harness.outbox.get(taken.id)).toMatchObject({
      state: 'needs_attention',
      problem: { existingGuests: [expect.objectContaining({ contactId: '9' })] },
    });
    expect(harness.outbox.get(fresh.id)).toMatchObject({ state: 'sent', result: { contact_id: expect.any(String) } });
  });
});
