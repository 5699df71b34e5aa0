import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../shared/api/client';
import { redactApiKey, redactSecrets, REDACTED } from '../../../shared/api/redact';
import type { ServiceLogEntry } from '../../../shared/api/transport';
import { clientAnswering, failureOf, jsonResponse, TEST_BASE, TEST_KEY, undiciFailure } from './support/fake-fetch';

describe('redactApiKey', () => {
  it('removes the key raw and URL-encoded', () => {
    const url = `https://s.test/v1/${encodeURIComponent(TEST_KEY)}/sms`;
    expect(redactApiKey(`${url} and ${TEST_KEY}`, TEST_KEY)).toBe(`https://s.test/v1/${REDACTED}/sms and ${REDACTED}`);
  });

  it('leaves text alone when there is no key', () => {
    expect(redactApiKey('plain', '')).toBe('plain');
    expect(redactSecrets('a-b', [undefined, 'b'])).toBe(`a-${REDACTED}`);
  });
});

/** Every failure the client can produce, each echoing the key wherever the service could put it. */
const echoingAnswers: Record<string, unknown> = {
  'service failure': { result: false, message: `Invalid API key ${TEST_KEY}`, code: 401 },
  'categories error': { result: false, error: `Key ${encodeURIComponent(TEST_KEY)} disabled` },
  'status with envelope': jsonResponse({ result: false, message: `Bad key ${TEST_KEY}` }, 503),
  'status without envelope': new Response(`no such key ${TEST_KEY}`, { status: 404 }),
  malformed: new Response(`<p>${TEST_KEY}</p>`, { status: 200 }),
  refused: {
    throws: new TypeError(`fetch failed ${TEST_KEY}`, {
      cause: Object.assign(new Error(`connect ECONNREFUSED /v1/${TEST_KEY}`), { code: 'ECONNREFUSED' }),
    }),
  },
  reset: { throws: undiciFailure('ECONNRESET') },
};

describe('the API key never leaves the client', () => {
  it.each(Object.entries(echoingAnswers))(
    '%s: no message, property or log line carries the key',
    async (_name, answer) => {
      const lines: ServiceLogEntry[] = [];
      const { client } = clientAnswering(answer, { onLog: (entry) => lines.push(entry) });
      const error = await failureOf(client.categories());
      const everything = JSON.stringify({ message: error.message, stack: error.stack, props: { ...error }, lines });
      expect(everything).not.toContain(TEST_KEY);
      expect(everything).not.toContain(encodeURIComponent(TEST_KEY));
      expect(lines).toHaveLength(1);
      expect(lines[0]!.url).toBe(`${TEST_BASE}/v1/${REDACTED}/categories`);
    },
  );

  it('logs successful calls with status and outcome, redacted', async () => {
    const lines: ServiceLogEntry[] = [];
    const { client } = clientAnswering(
      { result: true, message: '', data: { categories: [] } },
      { onLog: (entry) => lines.push(entry) },
    );
    await client.categories();
    expect(lines).toEqual([
      {
        method: 'categories',
        url: `${TEST_BASE}/v1/${REDACTED}/categories`,
        status: 200,
        durationMs: expect.any(Number),
        outcome: 'ok',
      },
    ]);
  });

  it('returns the result even when the logger throws', async () => {
    const { client } = clientAnswering(
      { result: true, message: 'SMS sent' },
      {
        onLog: () => {
          throw new Error('disk full');
        },
      },
    );
    expect(await client.sms({ from: 'V', to: '1', message: 'm' })).toEqual({ message: 'SMS sent' });
  });

  it('refuses to build a client without a key or with a non-web address', () => {
    expect(() => createServiceClient({ baseUrl: TEST_BASE, apiKey: '' })).toThrow(/API key/);
    expect(() => createServiceClient({ baseUrl: 'file:///etc', apiKey: TEST_KEY })).toThrow(/http/);
  });
});
