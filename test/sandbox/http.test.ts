/* eslint-disable @typescript-eslint/no-explicit-any -- the shape checks below read answer bodies loosely */
// The same service over real HTTP on 127.0.0.1: methods, faults that break the socket, offline as ECONNREFUSED.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxServer, type SandboxServer } from '../../sandbox/index';
import { encodeForm } from './support/sandbox';

let server: SandboxServer;
beforeAll(async () => {
  server = await startSandboxServer({ port: 0, demo: true, demoGuests: 200, webhookDelaysMs: [0, 5, 5, 5, 5, 5] });
});
afterAll(() => server.close());

/** A call over HTTP. */
const call = (method: string, body: string, contentType: string) =>
  fetch(`${server.baseUrl}/v1/${server.demo.apiKey}/${method}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
const json = (method: string, body: unknown) => call(method, JSON.stringify(body), 'application/json');
const form = (method: string, params: Record<string, string | string[]>) =>
  call(method, encodeForm(params), 'application/x-www-form-urlencoded');
const operator = (path: string, body: unknown) =>
  fetch(`${server.baseUrl}/_operator${path}`, {
    method: 'POST',
    headers: { 'x-operator-token': server.operatorToken, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
/** The cause code of a failed fetch. */
const failureCode = async (request: Promise<Response>) => {
  const error = await request.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TypeError);
  return ((error as TypeError).cause as { code?: string }).code;
};

describe('over HTTP', () => {
  it('binds to 127.0.0.1', () => {
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves the demo venue: pull_db, fields, categories, reservations', async () => {
    expect(await (await json('pull_db', { client_id: server.demo.clientId })).json()).toHaveLength(200);
    const fields = (await (
      await json('get_contact_fields', { client_id: server.demo.clientId, expand: true })
    ).json()) as { fields: { name: string }[] };
    expect(fields.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['PatronEmail', 'favouriteDrink', 'dietaryRequirements']),
    );
    const categories = (await (await form('categories', {})).json()) as { data: { categories: unknown[] } };
    expect(categories.data.categories.length).toBeGreaterThanOrEqual(6);
    const reservations = (await (
      await json('pull_reservations', { client_id: server.demo.clientId })
    ).json()) as unknown[];
    expect(reservations.length).toBeGreaterThan(12);
  });

  it('reads form arrays sent as name[] (campaign_test to[])', async () => {
    const created = (await (
      await form('campaign_create', {
        type: 'email',
        subject: 'S',
        from_name: 'Harbour',
        from_email: 'h@example.com',
        html: '<p>x</p><a href="#unsubscribe#">u</a>',
      })
    ).json()) as { data: { campaign_id: string } };
    const answer = (await (
      await form('campaign_test', { campaign_id: created.data.campaign_id, to: ['a@example.com', 'b@example.com'] })
    ).json()) as { result: boolean };
    expect(answer.result).toBe(true);
    expect(server.sandbox.operator.messages({ kind: 'campaign_test' })).toHaveLength(2);
  });

  it('drop_after_commit: the socket closes without an answer, and the SMS went out', async () => {
    await operator('/faults', { method: 'sms', kind: 'drop_after_commit', count: 1 });
    const code = await failureCode(
      form('sms', { from: 'Bar', to: '0412345678', message: 'hi', reference_id: 'drop1' }),
    );
    expect(['UND_ERR_SOCKET', 'ECONNRESET']).toContain(code);
    expect(server.sandbox.operator.messages({ referenceId: 'drop1' })).toHaveLength(1);
  });

  it('refuse: the socket closes before anything is done', async () => {
    await operator('/faults', { method: 'sms', kind: 'refuse', count: 1 });
    await failureCode(form('sms', { from: 'Bar', to: '0412345678', message: 'hi', reference_id: 'refused1' }));
    expect(server.sandbox.operator.messages({ referenceId: 'refused1' })).toEqual([]);
  });

  it('429 with Retry-After, 5xx, malformed JSON', async () => {
    await operator('/faults', { method: 'categories', kind: 'rate_limit', retryAfterSeconds: 3, count: 1 });
    const limited = await form('categories', {});
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    await operator('/faults', { method: 'categories', kind: 'http_error', status: 500, count: 1 });
    expect((await form('categories', {})).status).toBe(500);
    await operator('/faults', { method: 'categories', kind: 'malformed_json', count: 1 });
    const text = await (await form('categories', {})).text();
    expect(() => JSON.parse(text)).toThrow();
  });

  it('bad input over HTTP gets the envelope', async () => {
    const malformed = await call('push_contact', '[{', 'application/json');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { result: boolean }).result).toBe(false);
    const wrongType = await call('pull_db', 'client_id=1', 'text/plain');
    expect(wrongType.status).toBe(415);
  });

  it('offline for a while: connections refused (ECONNREFUSED), then back on the same port', async () => {
    const answer = await operator('/offline', { offline: true, forMs: 300 });
    expect(answer.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await failureCode(form('categories', {}))).toBe('ECONNREFUSED');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await form('categories', {})).status).toBe(200);
  });
});

describe('every API method answers over HTTP with its documented shape', () => {
  it.each([
    [
      'campaign_create',
      'form',
      { type: 'email', subject: 'S', from_name: 'Harbour', html: '<p>x</p>' },
      (b: any) => b.result === true && typeof b.data.campaign_id === 'string',
    ],
    [
      'campaign_send',
      'form',
      { campaign_id: 'cmp0', category_id: 'none' },
      (b: any) => b.result === false && b.code === 400,
    ],
    ['campaign_cancel', 'form', { campaign_id: 'cmp0' }, (b: any) => b.result === false && b.code === 500],
    [
      'campaign_test',
      'form',
      { campaign_id: 'cmp0', to: ['a@example.com'] },
      (b: any) => b.result === false && b.code === 500,
    ],
    ['campaign_verify', 'form', { campaign_id: 'cmp0' }, (b: any) => b.result === false && b.code === 400],
    [
      'email',
      'form',
      {
        to_email: 'a@example.com',
        from_name: 'Harbour',
        from_email: 'h@example.com',
        subject: 'S',
        html: '<p>x</p>',
        reference_id: 'httpmail1',
      },
      (b: any) => b.result === true,
    ],
    [
      'sms',
      'form',
      { from: 'Bar', to: '0412345678', message: 'x', reference_id: 'httpsms1' },
      (b: any) => b.result === true,
    ],
    ['sent_items', 'form', { prefix: 'http' }, (b: any) => b.result === true && Array.isArray(b.data)],
    ['sms_inbox', 'form', {}, (b: any) => b.result === true && Array.isArray(b.data)],
    ['get_contact_fields', 'json', { client_id: '1001' }, (b: any) => Array.isArray(b.fields)],
    [
      'add_contact_field',
      'json',
      { label: 'Http field', type: 'string' },
      (b: any) => b.result === true && b.data.name === 'httpField',
    ],
    [
      'pull_db',
      'json',
      { client_id: '1001', PatronEmail: 'nobody@example.com' },
      (b: any) => Array.isArray(b) && b.length === 0,
    ],
    [
      'push_contact',
      'json',
      [{ client_id: '1001', PatronEmail: 'http1@example.com' }],
      (b: any) => b.success.length === 1 && b.failures.length === 0,
    ],
    ['categories', 'form', {}, (b: any) => b.result === true && Array.isArray(b.data.categories)],
    [
      'add_purchase',
      'json',
      [{ client_id: '1001', contact_id: '1', item_desc: 'Pint', price: 9, purchased_at: '2025-06-01 20:00:00' }],
      (b: any) => b.success.length === 1,
    ],
    [
      'pull_reservations',
      'json',
      { client_id: '1001', touched_from: '2100-01-01 00:00:00' },
      (b: any) => Array.isArray(b) && b.length === 0,
    ],
    [
      'push_reservations',
      'json',
      [{ reservation: { id: 'H1', total_attendees: 2 }, contact: { client_id: '1001', contact_id: '1' } }],
      (b: any) => b.success[0]?.reservation_id === 'H1',
    ],
    [
      'get_reservation_fields',
      'json',
      { client_id: '1001' },
      (b: any) => b.fields.some((f: { name: string }) => f.name === 'bookingStatus'),
    ],
  ] as const)('%s', async (method, encoding, body, check) => {
    const response =
      encoding === 'form' ? await form(method, body as Record<string, string>) : await json(method, body);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(check((await response.json()) as never)).toBe(true);
  });
});
