// The operator API under /_operator: token guard, accounts and keys, credits, reservations, disabling, replies, events, faults, the send log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type Answer, type TestSandbox } from './support/sandbox';

let t: TestSandbox;
beforeEach(() => (t = makeSandbox()));
afterEach(() => t.close());

/** Calls the operator API with the token. */
const op = (method: string, path: string, body?: unknown): Promise<Answer> =>
  t.raw(`/_operator${path}`, {
    method,
    headers: { 'x-operator-token': t.sandbox.operatorToken, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('operator API', () => {
  it('refuses calls without the token, and accepts Bearer', async () => {
    expect((await t.raw('/_operator/accounts')).status).toBe(401);
    expect((await t.raw('/_operator/accounts', { headers: { 'x-operator-token': 'wrong' } })).status).toBe(401);
    expect(
      (await t.raw('/_operator/accounts', { headers: { authorization: `Bearer ${t.sandbox.operatorToken}` } })).status,
    ).toBe(200);
  });

  it('creates an account with a working API key, and issues more keys', async () => {
    const created = await op('POST', '/accounts', {
      name: 'Corner Cafe',
      username: 'corner',
      password: 'secret',
      emailCredits: 10,
    });
    expect(created.status).toBe(201);
    const { clientId, apiKey } = created.body;
    expect((await t.json('pull_db', { client_id: clientId }, apiKey)).body).toEqual([]);
    expect((await t.json('pull_db', { client_id: t.clientId }, apiKey)).body).toEqual({
      result: false,
      message: 'Invalid client ID provided',
    });
    const second = (await op('POST', `/accounts/${clientId}/api-keys`, {})).body.apiKey;
    expect((await t.form('categories', {}, second)).body.result).toBe(true);
    expect((await op('POST', '/accounts', { name: 'Dup', username: 'corner' })).status).toBe(409);
  });

  it('sets credits, enables reservations and disables an account', async () => {
    await op('PATCH', `/accounts/${t.clientId}`, { smsCredits: 0, reservationsEnabled: true });
    expect((await t.form('sms', { from: 'Bar', to: '0412345678', message: 'x', reference_id: 'r' })).body.message).toBe(
      'Insufficient Credits',
    );
    expect(Array.isArray((await t.json('pull_reservations', { client_id: t.clientId })).body)).toBe(true);
    await op('PATCH', `/accounts/${t.clientId}`, { disabled: true });
    expect((await t.form('sent_items', {})).body).toEqual({ result: false, message: 'account disabled' });
    expect((await t.form('categories', {})).body).toEqual({ result: false, error: 'account disabled' });
  });

  it('refuses bad operator input with the reason', async () => {
    const answer = await op('PATCH', `/accounts/${t.clientId}`, { smsCredits: -5 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/smsCredits/);
    expect((await op('PATCH', '/accounts/nope', { smsCredits: 1 })).status).toBe(404);
    expect(
      (
        await t.raw('/_operator/faults', {
          method: 'POST',
          headers: { 'x-operator-token': t.sandbox.operatorToken },
          body: '{oops',
        })
      ).status,
    ).toBe(400);
  });

  it('injects SMS replies and records delivery events', async () => {
    await t.form('email', {
      to_email: 'a@example.com',
      from_name: 'Harbour',
      from_email: 'h@example.com',
      subject: 'S',
      html: '<p>x</p>',
      reference_id: 'm1',
    });
    expect(
      (
        await op('POST', '/sms-replies', {
          clientId: t.clientId,
          number: '0412345678',
          message: 'Hi',
          referenceId: 'x1',
        })
      ).status,
    ).toBe(201);
    expect(
      (await op('POST', '/delivery-events', { clientId: t.clientId, referenceId: 'm1', event: 'open' })).status,
    ).toBe(200);
    expect(
      (await op('POST', '/delivery-events', { clientId: t.clientId, referenceId: 'nope', event: 'open' })).status,
    ).toBe(404);
    expect((await t.form('sms_inbox', {})).body.data[0]).toMatchObject({ reference_id: 'x1', message: 'Hi' });
    expect((await t.form('sent_items', { reference_id: 'm1' })).body.data[0].count_open).toBe(1);
  });

  it('manages faults over HTTP', async () => {
    const added = await op('POST', '/faults', { method: 'categories', kind: 'http_error', count: 1 });
    expect(added.status).toBe(201);
    expect((await op('GET', '/faults')).body.faults).toHaveLength(1);
    expect((await t.form('categories', {})).status).toBe(503);
    await op('POST', '/faults', { method: 'categories', kind: 'http_error' });
    await op('DELETE', '/faults');
    expect((await t.form('categories', {})).status).toBe(200);
    expect((await op('POST', '/faults', { method: 'sms', kind: 'bogus' })).status).toBe(400);
  });

  it('reads the send log with filters, one entry per message with reference, to, text and time', async () => {
    await t.form('sms', { from: 'Bar', to: '0412345678', message: 'one', reference_id: 'a1' });
    await t.form('sms', { from: 'Bar', to: '0412345679', message: 'two', reference_id: 'a2' });
    const all = (await op('GET', `/messages?client_id=${t.clientId}&channel=sms`)).body.messages;
    expect(all).toHaveLength(2);
    expect(all[0]).toEqual({
      id: expect.any(Number),
      clientId: t.clientId,
      channel: 'sms',
      kind: 'sms',
      referenceId: 'a1',
      to: '+61412345678',
      from: 'Bar',
      subject: null,
      message: 'one',
      time: '2025-06-15T10:00:00.000Z',
    });
    expect(
      (await op('GET', '/messages?reference_id=a2')).body.messages.map((m: { message: string }) => m.message),
    ).toEqual(['two']);
  });

  it('lists purchases, deletes contacts and generates guests', async () => {
    const id = (await t.json('push_contact', [{ client_id: t.clientId, PatronEmail: 'a@example.com' }])).body.success[0]
      .contact_id;
    await t.json('add_purchase', [
      { client_id: t.clientId, contact_id: id, item_desc: 'Pint', price: 9, purchased_at: '2025-06-01 20:00:00' },
    ]);
    expect((await op('GET', `/accounts/${t.clientId}/purchases`)).body.purchases).toHaveLength(1);
    expect((await op('DELETE', `/accounts/${t.clientId}/contacts/${id}`)).status).toBe(200);
    expect((await op('DELETE', `/accounts/${t.clientId}/contacts/${id}`)).status).toBe(404);
    expect((await op('POST', `/accounts/${t.clientId}/generate-guests`, { count: 25 })).body).toEqual({ added: 25 });
    expect((await t.json('pull_db', { client_id: t.clientId })).body).toHaveLength(25);
  });

  it('run-due sends what is due', async () => {
    await t.form('sms', {
      from: 'Bar',
      to: '0412345678',
      message: 'later',
      reference_id: 'later1',
      send_at: '2025-06-15 10:05:00',
    });
    t.clock.advance(5 * 60_000);
    expect((await op('POST', '/run-due')).body).toEqual({ messages: 1, campaigns: 0 });
  });

  it('offline over the in-process transport needs a duration over HTTP', async () => {
    expect((await op('POST', '/offline', { offline: true })).status).toBe(400);
  });
});
