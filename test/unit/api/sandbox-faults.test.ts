// The client's error mapping against the sandbox's fault injection (sandbox/README.md), in-process and over HTTP.
import { describe, expect, it } from 'vitest';
import {
  HttpStatusError,
  InvalidResponseError,
  NoConnectionError,
  OutcomeUnknownError,
} from '../../../shared/api/errors';
import { failureOf } from './support/fake-fetch';
import { TARGETS, useTarget } from './support/sandbox-targets';

describe.each(TARGETS)('faults on the sandbox ($name)', (kind) => {
  const target = useTarget(kind);
  const contact = () => ({ client_id: target.current.demo.clientId, PatronEmail: 'drop@example.com' });
  const stored = async () =>
    target.current.client.pullDb({ client_id: target.current.demo.clientId, PatronEmail: 'drop@example.com' });
  const addFault = (rule: Record<string, unknown>) => target.current.sandbox.operator.addFault({ count: 1, ...rule });

  it('offline: NoConnectionError, and the call works again once back', async () => {
    const { client, sandbox, demo } = target.current;
    await sandbox.operator.setOffline(true);
    const error = await failureOf(client.getContactFields({ client_id: demo.clientId }));
    expect(error).toBeInstanceOf(NoConnectionError);
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    await sandbox.operator.setOffline(false);
    expect((await client.getContactFields({ client_id: demo.clientId })).fields.length).toBeGreaterThan(0);
  });

  it('a refused call: nothing sent in-process; over HTTP the socket closes after the request, so the outcome is unknown', async () => {
    addFault({ method: 'sms', kind: 'refuse' });
    const error = await failureOf(
      target.current.client.sms({ from: 'Venue', to: '0412345678', message: 'Hi', reference_id: 'r1' }),
    );
    expect(error).toBeInstanceOf(kind.name === 'in-process' ? NoConnectionError : OutcomeUnknownError);
    expect(target.current.sandbox.operator.messages()).toEqual([]);
  });

  it('dropped after the commit: OutcomeUnknownError, and the write did happen', async () => {
    addFault({ method: 'push_contact', kind: 'drop_after_commit' });
    expect(await failureOf(target.current.client.pushContact([contact()]))).toMatchObject({
      kind: 'outcome-unknown',
      reason: 'connection-lost',
    });
    expect(await stored()).toHaveLength(1);
  });

  it('dropped before the commit: OutcomeUnknownError, and nothing was written', async () => {
    addFault({ method: 'push_contact', kind: 'drop_before_commit' });
    expect(await failureOf(target.current.client.pushContact([contact()]))).toBeInstanceOf(OutcomeUnknownError);
    expect(await stored()).toEqual([]);
  });

  it('HTTP 503: HttpStatusError with the status', async () => {
    addFault({ method: 'categories', kind: 'http_error', status: 503 });
    const error = await failureOf(target.current.client.categories());
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ status: 503 });
  });

  it('HTTP 429: HttpStatusError with Retry-After', async () => {
    addFault({ method: 'add_purchase', kind: 'rate_limit', retryAfterSeconds: 2 });
    expect(await failureOf(target.current.client.addPurchase([]))).toMatchObject({
      kind: 'http-status',
      status: 429,
      retryAfterMs: 2000,
    });
  });

  it('a malformed answer to a write: OutcomeUnknownError (invalid-response), though the SMS went', async () => {
    addFault({ method: 'sms', kind: 'malformed_json' });
    const error = await failureOf(
      target.current.client.sms({ from: 'Venue', to: '0412345678', message: 'Hi', reference_id: 'r2' }),
    );
    expect(error).toMatchObject({ kind: 'outcome-unknown', reason: 'invalid-response' });
    expect(target.current.sandbox.operator.messages({ referenceId: 'r2' })).toHaveLength(1);
  });

  it('a malformed answer to a read: InvalidResponseError', async () => {
    addFault({ method: 'get_contact_fields', kind: 'malformed_json' });
    expect(
      await failureOf(target.current.client.getContactFields({ client_id: target.current.demo.clientId })),
    ).toBeInstanceOf(InvalidResponseError);
  });

  it('an answer slower than the timeout: OutcomeUnknownError (timeout)', async () => {
    addFault({ method: 'push_contact', kind: 'latency', latencyMs: 2_000 });
    const client = target.current.clientWith({ timeoutsMs: { pushContact: 150 } });
    expect(await failureOf(client.pushContact([contact()]))).toMatchObject({
      kind: 'outcome-unknown',
      reason: 'timeout',
    });
  });

  it('a wrong API key: HttpStatusError 401 in the service words, without the key', async () => {
    const client = target.current.clientWith({ apiKey: 'not-the-key-123' });
    const error = await failureOf(client.getContactFields({ client_id: target.current.demo.clientId }));
    expect(error).toMatchObject({ kind: 'http-status', status: 401, serviceMessage: 'Invalid API key' });
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('not-the-key-123');
  });
});
