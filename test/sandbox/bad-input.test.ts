// Bad input always gets the envelope with a clear message: never a crash, a hang or a stack trace.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type TestSandbox } from './support/sandbox';

let t: TestSandbox;
beforeEach(() => (t = makeSandbox({ bodyLimitBytes: 64 * 1024 })));
afterEach(() => t.close());

const post = (method: string, body: string, contentType?: string) =>
  t.raw(`/v1/${t.apiKey}/${method}`, {
    method: 'POST',
    headers: contentType ? { 'content-type': contentType } : {},
    body,
  });

describe('bad input', () => {
  it('an invalid API key: 401 with the envelope', async () => {
    const answer = await t.json('pull_db', { client_id: t.clientId }, 'not-a-key');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ result: false, message: 'Invalid API key' });
  });

  it('an unknown method: 404 naming it', async () => {
    const answer = await post('pull_everything', '{}', 'application/json');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ result: false, message: 'Unknown method "pull_everything"' });
  });

  it('GET instead of POST: 405 with Allow', async () => {
    const answer = await t.raw(`/v1/${t.apiKey}/categories`);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(answer.body.result).toBe(false);
  });

  it('malformed JSON: 400 with where it broke', async () => {
    const answer = await post('push_contact', '[{"client_id": ', 'application/json');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ result: false, message: expect.stringMatching(/not valid JSON/), code: 400 });
  });

  it('the wrong content type: 415 naming the one expected', async () => {
    const json = await post('push_contact', 'client_id=1', 'application/x-www-form-urlencoded');
    expect(json.status).toBe(415);
    expect(json.body.message).toMatch(/application\/json/);
    const form = await post('sms', '{"to":"1"}', 'application/json');
    expect(form.status).toBe(415);
    expect(form.body.message).toMatch(/x-www-form-urlencoded/);
  });

  it('a body over the limit: 413 without reading it all', async () => {
    const answer = await post(
      'push_contact',
      `[${'{"client_id":"1001","PatronEmail":"a@b.co"},'.repeat(3000)}{}]`,
      'application/json',
    );
    expect(answer.status).toBe(413);
    expect(answer.body.message).toMatch(/larger than the limit/);
  });

  it('a JSON value of the wrong shape: 400', async () => {
    expect((await post('push_contact', '{"client_id":"1001"}', 'application/json')).body.message).toMatch(/JSON array/);
    expect((await post('pull_db', '[1,2]', 'application/json')).body.message).toMatch(/JSON object/);
    expect((await post('pull_db', '"text"', 'application/json')).status).toBe(400);
  });

  it('values of the wrong type: 400 naming the parameter', async () => {
    const answer = await t.json('pull_db', { client_id: t.clientId, PatronEmail: { $ne: null } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/PatronEmail must be a single text value/);
    const expand = await t.json('get_contact_fields', { client_id: t.clientId, expand: 'maybe' });
    expect(expand.body.message).toMatch(/expand must be true or false/);
    const sms = await t.form('sms', { from: 'Bar', to: '0412345678', message: ['a', 'b'], reference_id: 'r' });
    expect(sms.body.message).toMatch(/message must be a single text value/);
  });

  it('invalid UTF-8: 400', async () => {
    const answer = await t.raw(`/v1/${t.apiKey}/pull_db`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0xff, 0x7d]),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/UTF-8/);
  });

  it('an empty body reads as no parameters', async () => {
    expect((await post('pull_db', '', 'application/json')).body).toEqual({
      result: false,
      message: 'No client ID provided',
    });
    expect((await post('sms', '')).body).toEqual({ result: false, message: 'Reference ID not found' });
  });

  it('unknown paths: 404 envelope without the API key', async () => {
    const answer = await t.raw(`/v2/${t.apiKey}/pull_db/extra`);
    expect(answer.status).toBe(404);
    expect(answer.body.result).toBe(false);
    expect(answer.text).not.toContain(t.apiKey);
  });
});

describe('headers', () => {
  it('every answer carries the sandbox clock in Date', async () => {
    const answer = await t.form('categories', {});
    expect(answer.headers.get('date')).toBe('Sun, 15 Jun 2025 10:00:00 GMT');
    expect((await t.raw('/v1/request_token', { method: 'POST' })).headers.get('date')).toBe(
      'Sun, 15 Jun 2025 10:00:00 GMT',
    );
  });
});
