// Fault injection in-process: each kind, next-N and seeded probabilities, per method.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type TestSandbox } from './support/sandbox';

let t: TestSandbox;
beforeEach(() => (t = makeSandbox()));
afterEach(() => t.close());

const sms = (reference = 'r1') =>
  t.form('sms', { from: 'Bar', to: '0412345678', message: 'hi', reference_id: reference });
/** The cause code of what a call threw. */
const thrownCode = async (call: () => Promise<unknown>) => {
  const error = await call().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TypeError);
  return ((error as TypeError).cause as { code: string }).code;
};

describe('transport faults in-process', () => {
  it('refuse: throws ECONNREFUSED like fetch and does nothing', async () => {
    t.sandbox.operator.addFault({ method: 'sms', kind: 'refuse', count: 1 });
    expect(await thrownCode(() => sms())).toBe('ECONNREFUSED');
    expect(t.sandbox.operator.messages()).toEqual([]);
    expect((await sms()).body.result).toBe(true);
  });

  it('drop_after_commit: the SMS goes out, then the connection drops (UND_ERR_SOCKET)', async () => {
    t.sandbox.operator.addFault({ method: 'sms', kind: 'drop_after_commit', count: 1 });
    expect(await thrownCode(() => sms())).toBe('UND_ERR_SOCKET');
    expect(t.sandbox.operator.messages({ referenceId: 'r1' })).toHaveLength(1);
    expect((await t.form('sent_items', { reference_id: 'r1' })).body.data).toHaveLength(1);
  });

  it('drop_before_commit: the connection drops and nothing was done', async () => {
    t.sandbox.operator.addFault({ method: 'push_contact', kind: 'drop_before_commit', count: 1 });
    expect(
      await thrownCode(() => t.json('push_contact', [{ client_id: t.clientId, PatronEmail: 'a@example.com' }])),
    ).toBe('UND_ERR_SOCKET');
    expect((await t.json('pull_db', { client_id: t.clientId })).body).toEqual([]);
  });

  it('offline: every call refused until switched back', async () => {
    await t.sandbox.operator.setOffline(true);
    expect(await thrownCode(() => t.form('categories', {}))).toBe('ECONNREFUSED');
    await t.sandbox.operator.setOffline(false);
    expect((await t.form('categories', {})).body.result).toBe(true);
  });
});

describe('answer faults', () => {
  it('http_error: the status asked for, the envelope, nothing done', async () => {
    t.sandbox.operator.addFault({ method: 'sms', kind: 'http_error', status: 502, count: 1 });
    const answer = await sms();
    expect(answer.status).toBe(502);
    expect(answer.body.result).toBe(false);
    expect(t.sandbox.operator.messages()).toEqual([]);
  });

  it('rate_limit: 429 with Retry-After', async () => {
    t.sandbox.operator.addFault({ method: '*', kind: 'rate_limit', retryAfterSeconds: 7, count: 1 });
    const answer = await t.form('categories', {});
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('7');
  });

  it('malformed_json: the work is done and the body is not JSON', async () => {
    t.sandbox.operator.addFault({ method: 'push_contact', kind: 'malformed_json', count: 1 });
    const answer = await t.json('push_contact', [{ client_id: t.clientId, PatronEmail: 'a@example.com' }]);
    expect(answer.status).toBe(200);
    expect(() => JSON.parse(answer.text)).toThrow();
    expect((await t.json('pull_db', { client_id: t.clientId })).body).toHaveLength(1);
  });

  it('latency: the answer is delayed, and an abort ends the wait like fetch', async () => {
    t.sandbox.operator.addFault({ method: 'categories', kind: 'latency', latencyMs: 150, count: 2 });
    const started = Date.now();
    await t.form('categories', {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    const aborted = await t.sandbox
      .fetch(`http://sandbox.test/v1/${t.apiKey}/categories`, { method: 'POST', signal: AbortSignal.timeout(20) })
      .then(
        () => 'answered',
        (error: Error) => error.name,
      );
    expect(aborted).toBe('TimeoutError');
  });
});

describe('rule matching', () => {
  it('count fires on the next N calls of that method only, then the rule is gone', async () => {
    t.sandbox.operator.addFault({ method: 'sms', kind: 'http_error', count: 2 });
    expect((await t.form('categories', {})).status).toBe(200);
    expect((await sms('a')).status).toBe(503);
    expect((await sms('b')).status).toBe(503);
    expect((await sms('c')).status).toBe(200);
    expect(t.sandbox.operator.listFaults()).toEqual([]);
  });

  it('probability is drawn from a seeded sequence: the same seed gives the same calls', async () => {
    const run = async () => {
      t.sandbox.operator.clearFaults();
      t.sandbox.operator.seedFaults(99);
      t.sandbox.operator.addFault({ method: 'categories', kind: 'http_error', probability: 0.3 });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await t.form('categories', {})).status);
      return statuses;
    };
    const first = await run();
    const failures = first.filter((s) => s === 503).length;
    expect(failures).toBeGreaterThan(3);
    expect(failures).toBeLessThan(25);
    expect(await run()).toEqual(first);
  });

  it('rules can be listed and removed; invalid rules are refused with the reason', () => {
    const rule = t.sandbox.operator.addFault({ method: 'sms', kind: 'latency', latencyMs: 10 });
    expect(t.sandbox.operator.listFaults()).toEqual([expect.objectContaining({ id: rule.id, kind: 'latency' })]);
    expect(t.sandbox.operator.removeFault(rule.id)).toBe(true);
    expect(() => t.sandbox.operator.addFault({ method: 'sms', kind: 'explode' })).toThrow(/kind/);
    expect(() => t.sandbox.operator.addFault({ method: 'sms', kind: 'http_error', probability: 2 })).toThrow(
      /probability/,
    );
  });
});
