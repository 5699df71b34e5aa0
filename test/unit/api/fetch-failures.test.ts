import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../shared/api/client';
import { NoConnectionError, OutcomeUnknownError, isTransient } from '../../../shared/api/errors';
import { clientAnswering, failureOf, fakeFetch, TEST_BASE, TEST_KEY, undiciFailure } from './support/fake-fetch';

const verify = { campaign_id: 'c1' };

describe('fetch failures', () => {
  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])(
    '%s before connecting is NoConnectionError',
    async (code) => {
      const { client } = clientAnswering({ throws: undiciFailure(code) });
      const error = await failureOf(client.campaignVerify(verify));
      expect(error).toBeInstanceOf(NoConnectionError);
      expect(error).toMatchObject({ kind: 'no-connection', code, method: 'campaign_verify' });
    },
  );

  it('every address of an AggregateError refused is NoConnectionError', async () => {
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    const cause = new AggregateError([refused('::1:80'), refused('127.0.0.1:80')]);
    const { client } = clientAnswering({ throws: new TypeError('fetch failed', { cause }) });
    expect(await failureOf(client.campaignVerify(verify))).toBeInstanceOf(NoConnectionError);
  });

  it.each(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_HEADERS_TIMEOUT'])(
    '%s after sending is OutcomeUnknownError',
    async (code) => {
      const { client } = clientAnswering({ throws: undiciFailure(code) });
      const error = await failureOf(client.sms({ from: 'V', to: '1', message: 'm' }));
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(error).toMatchObject({ reason: 'connection-lost', code });
    },
  );

  it('a failure without a code (a browser "Failed to fetch") is OutcomeUnknownError, never a safe retry', async () => {
    const { client } = clientAnswering({ throws: new TypeError('Failed to fetch') });
    expect(
      await failureOf(client.email({ to_email: 'a@x.test', from_email: 'b@x.test', subject: 's', html: 'h' })),
    ).toMatchObject({ kind: 'outcome-unknown' });
  });

  it('our timeout aborts the call and reports OutcomeUnknownError (timeout)', async () => {
    const hanging = (_input: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const client = createServiceClient({
      baseUrl: TEST_BASE,
      apiKey: TEST_KEY,
      fetch: hanging as typeof fetch,
      timeoutsMs: { short: 30 },
    });
    const error = await failureOf(client.pushContact([{ client_id: 'c' }]));
    expect(error).toMatchObject({ kind: 'outcome-unknown', reason: 'timeout' });
  });

  it('uses the long timeout for pull_db and a per-method override above a class', async () => {
    const signals: AbortSignal[] = [];
    const fake = fakeFetch(() => ({ fields: [] }));
    const recording = (input: string, init?: RequestInit) => {
      signals.push(init!.signal!);
      return fake.fetch(input, init);
    };
    const timeouts: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    globalThis.setTimeout = ((callback: () => void, ms: number) => {
      timeouts.push(ms);
      return realSetTimeout(callback, ms);
    }) as typeof setTimeout;
    try {
      const client = createServiceClient({
        baseUrl: TEST_BASE,
        apiKey: TEST_KEY,
        fetch: recording as typeof fetch,
        timeoutsMs: { getContactFields: 1234 },
      });
      await client.getContactFields({ client_id: 'c' });
      await client.pullDb({ client_id: 'c' }).catch(() => undefined); // only the timeout it was given matters here
      await client.getReservationFields({ client_id: 'c' });
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
    expect(timeouts).toEqual([1234, 300_000, 20_000]);
    expect(signals).toHaveLength(3);
  });

  it('a body cut off after the headers is OutcomeUnknownError', async () => {
    const broken = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"success":['));
        controller.error(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }));
      },
    });
    const { client } = clientAnswering(new Response(broken, { status: 200 }));
    expect(await failureOf(client.addPurchase([{ client_id: 'c', contact_id: '1' }]))).toMatchObject({
      kind: 'outcome-unknown',
      reason: 'connection-lost',
    });
  });
});

describe('isTransient', () => {
  it('marks no-connection, outcome-unknown, 429 and 5xx as worth retrying, not a service refusal', async () => {
    const offline = await failureOf(clientAnswering({ throws: undiciFailure('ECONNREFUSED') }).client.categories());
    const refused = await failureOf(clientAnswering({ result: false, error: 'An error occured' }).client.categories());
    const busy = await failureOf(clientAnswering(new Response('', { status: 429 })).client.categories());
    const notFound = await failureOf(clientAnswering(new Response('', { status: 404 })).client.categories());
    expect([offline, refused, busy, notFound].map(isTransient)).toEqual([true, false, true, false]);
  });
});
