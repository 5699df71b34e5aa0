// Contact webhooks and delivery rules: JSON POSTs, at most six attempts, until a body that is neither empty nor "0" (section 6).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAcknowledged } from '../../sandbox/webhooks';
import { startReceiver, type Receiver } from './support/receiver';
import { makeSandbox, type TestSandbox } from './support/sandbox';

let t: TestSandbox;
let receiver: Receiver;
beforeEach(async () => {
  t = makeSandbox({ webhookDelaysMs: [0, 5, 5, 5, 5, 5] });
  receiver = await startReceiver(['ok']);
  t.sandbox.operator.setContactWebhookUrl(t.clientId, receiver.url);
});
afterEach(async () => {
  t.close();
  await receiver.close();
});

describe('contact webhooks', () => {
  it('sends new_contact, contact_update and delete_contact with the documented bodies', async () => {
    const id = (
      await t.json('push_contact', [{ client_id: t.clientId, PatronEmail: 'sam@example.com', PatronName: 'Sam' }])
    ).body.success[0].contact_id;
    await t.json('push_contact', [{ client_id: t.clientId, contact_id: id, PatronSurname: 'Lee' }]);
    t.sandbox.operator.deleteContact(t.clientId, id);
    await t.sandbox.operator.webhooksIdle();
    expect(receiver.received.map((r) => r.body)).toEqual([
      {
        client_id: t.clientId,
        contact_id: id,
        webhook_type: 'new_contact',
        PatronEmail: 'sam@example.com',
        PatronName: 'Sam',
      },
      {
        client_id: t.clientId,
        contact_id: id,
        webhook_type: 'contact_update',
        PatronEmail: 'sam@example.com',
        PatronName: 'Sam',
        PatronSurname: 'Lee',
      },
      { client_id: t.clientId, contact_id: id, webhook_type: 'delete_contact' },
    ]);
    expect(receiver.received[0]!.headers['content-type']).toBe('application/json');
    expect((await t.json('pull_db', { client_id: t.clientId })).body).toEqual([]);
  });

  it('sends nothing without a URL set by the operator', async () => {
    t.sandbox.operator.setContactWebhookUrl(t.clientId, null);
    await t.json('push_contact', [{ client_id: t.clientId, PatronEmail: 'sam@example.com' }]);
    await t.sandbox.operator.webhooksIdle();
    expect(receiver.received).toEqual([]);
  });

  it('retries while the receiver answers an empty body or "0", and stops at the first real answer', async () => {
    receiver.answers.splice(0, receiver.answers.length, '', '0', ' 0 ', 'received');
    await t.json('push_contact', [{ client_id: t.clientId, PatronEmail: 'sam@example.com' }]);
    await t.sandbox.operator.webhooksIdle();
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received.map((r) => r.headers['x-webhook-attempt'])).toEqual(['1', '2', '3', '4']);
    expect(t.sandbox.operator.webhookDeliveries()[0]).toMatchObject({
      state: 'delivered',
      attempts: 4,
      lastResponse: 'received',
    });
  });

  it('gives up after six attempts', async () => {
    receiver.answers.splice(0, receiver.answers.length, '0');
    await t.json('push_contact', [{ client_id: t.clientId, PatronEmail: 'sam@example.com' }]);
    await t.sandbox.operator.webhooksIdle();
    expect(receiver.received).toHaveLength(6);
    expect(t.sandbox.operator.webhookDeliveries()[0]).toMatchObject({ state: 'failed', attempts: 6 });
  });

  it('keeps trying when the receiver cannot be reached', async () => {
    t.sandbox.operator.setContactWebhookUrl(t.clientId, 'http://127.0.0.1:1/unreachable');
    await t.json('push_contact', [{ client_id: t.clientId, PatronEmail: 'sam@example.com' }]);
    await t.sandbox.operator.webhooksIdle();
    expect(t.sandbox.operator.webhookDeliveries()[0]).toMatchObject({
      state: 'failed',
      attempts: 6,
      lastStatus: null,
      lastError: expect.any(String),
    });
  });
});

describe('isAcknowledged', () => {
  it('needs a 2xx and a body neither empty nor zero', () => {
    expect(isAcknowledged(200, 'ok')).toBe(true);
    expect(isAcknowledged(200, '1')).toBe(true);
    expect(isAcknowledged(200, '')).toBe(false);
    expect(isAcknowledged(200, '0')).toBe(false);
    expect(isAcknowledged(200, '\n0\n')).toBe(false);
    expect(isAcknowledged(500, 'error')).toBe(false);
  });
});
