import { describe, expect, it } from 'vitest';
import {
  HttpStatusError,
  InvalidResponseError,
  OutcomeUnknownError,
  ServiceFailureError,
} from '../../../shared/api/errors';
import { clientAnswering, failureOf, jsonResponse } from './support/fake-fetch';

describe('successful answers', () => {
  it('returns the envelope data, keeping fields the reference does not list', async () => {
    const { client } = clientAnswering({
      result: true,
      message: 'Created',
      data: { campaign_id: 123, extra: 'kept' },
      server: 'v2',
    });
    expect(await client.campaignCreate({ campaign_name: 'n' })).toEqual({ campaign_id: '123', extra: 'kept' });
  });

  it('returns the message of email and sms', async () => {
    const { client } = clientAnswering({ result: true, message: 'Message queued' });
    expect(await client.sms({ from: 'Venue', to: '61400000000', message: 'Hi', reference_id: 'r1' })).toEqual({
      message: 'Message queued',
    });
  });

  it('reads numbers sent as text in campaign_send', async () => {
    const { client } = clientAnswering({
      result: true,
      message: '',
      data: { campaign_id: 'c', recipients: '12', send_at: '2024-01-01 10:00:00' },
    });
    expect(await client.campaignSend({ campaign_id: 'c' })).toMatchObject({ recipients: 12 });
  });

  it('returns get_contact_fields as names or definitions', async () => {
    const { client } = clientAnswering({
      fields: ['PatronEmail', { name: 'Likes', type: 'multipleSelect', options: ['Jazz'] }],
    });
    expect((await client.getContactFields({ client_id: 'c' })).fields).toEqual([
      'PatronEmail',
      { name: 'Likes', type: 'multipleSelect', options: ['Jazz'] },
    ]);
  });

  it('returns pull_db contacts with their custom fields', async () => {
    const { client } = clientAnswering([{ client_id: 'c', contact_id: 5, svc_categories: 'VIP', PatronName: 'Ann' }]);
    expect(await client.pullDb({ client_id: 'c' })).toEqual([
      { client_id: 'c', contact_id: '5', svc_categories: 'VIP', PatronName: 'Ann' },
    ]);
  });

  it('returns categories with ids as text', async () => {
    const { client } = clientAnswering({ result: true, message: '', data: { categories: [{ name: 'VIP', id: 7 }] } });
    expect(await client.categories()).toEqual({ categories: [{ name: 'VIP', id: '7' }] });
  });
});

describe('bulk answers', () => {
  it('returns per-item failures with typed reasons instead of throwing', async () => {
    const { client } = clientAnswering({
      success: [{ client_id: 'c', contact_id: '1' }],
      failures: [{ client_id: '', contact_id: null, reason: { code: '1007', desc: 'No client ID provided' } }],
    });
    const result = await client.pushContact([{ client_id: 'c', contact_id: '1' }, { client_id: '' }]);
    expect(result.success).toEqual([{ client_id: 'c', contact_id: '1' }]);
    expect(result.failures[0]!.reason).toEqual({ code: 1007, desc: 'No client ID provided' });
  });

  it('echoes purchase items and reservation ids', async () => {
    const purchases = clientAnswering({
      success: [{ client_id: 'c', contact_id: '1', tx_id: 't1', item_desc: 'Beer' }],
      failures: [{ client_id: 'c', contact_id: '1', price: '', reason: { code: 0, desc: 'No item price provided' } }],
    });
    const purchaseResult = await purchases.client.addPurchase([
      { client_id: 'c', contact_id: '1', tx_id: 't1', item_desc: 'Beer' },
    ]);
    expect(purchaseResult.success[0]).toMatchObject({ tx_id: 't1' });
    expect(purchaseResult.failures[0]).toMatchObject({ price: '', reason: { desc: 'No item price provided' } });

    const reservations = clientAnswering({
      success: [],
      failures: [
        {
          client_id: 'x',
          contact_id: '1',
          reservation_id: 'r9',
          reason: { code: 1008, desc: 'Invalid client ID provided' },
        },
      ],
    });
    const reservationResult = await reservations.client.pushReservations([
      { reservation: { id: 'r9' }, contact: { client_id: 'x', contact_id: '1' } },
    ]);
    expect(reservationResult.failures[0]).toMatchObject({ reservation_id: 'r9', reason: { code: 1008 } });
  });

  it('treats absent lists as empty', async () => {
    const { client } = clientAnswering({ success: [{ client_id: 'c', contact_id: '1' }] });
    expect((await client.pushContact([{ client_id: 'c' }])).failures).toEqual([]);
  });
});

describe('service failures', () => {
  it('throws ServiceFailureError with the message and code', async () => {
    const { client } = clientAnswering({ result: false, message: 'Campaign already sent', code: 609 });
    const error = await failureOf(client.campaignVerify({ campaign_id: 'c' }));
    expect(error).toBeInstanceOf(ServiceFailureError);
    expect(error).toMatchObject({
      kind: 'service-failure',
      serviceMessage: 'Campaign already sent',
      code: 609,
      method: 'campaign_verify',
      httpStatus: 200,
    });
  });

  it('reads the error field of categories', async () => {
    const { client } = clientAnswering({ result: false, error: 'An error occured', code: 400 });
    expect(await failureOf(client.categories())).toMatchObject({ serviceMessage: 'An error occured', code: 400 });
  });

  it('throws for a whole-call failure of a direct method (pull_db)', async () => {
    const { client } = clientAnswering({ result: false, message: 'Invalid client ID provided' });
    expect(await failureOf(client.pullDb({ client_id: 'nope' }))).toMatchObject({
      kind: 'service-failure',
      code: undefined,
    });
  });

  it('reads a result:false body that comes with a 4xx status as the service refusing', async () => {
    const { client } = clientAnswering(jsonResponse({ result: false, message: 'No client ID provided' }, 400));
    expect(await failureOf(client.getReservationFields({ client_id: '' }))).toMatchObject({
      kind: 'service-failure',
      httpStatus: 400,
    });
    const disabled = clientAnswering(jsonResponse({ result: false, message: 'account disabled', code: 403 }, 403));
    expect(await failureOf(disabled.client.smsInbox())).toMatchObject({
      kind: 'service-failure',
      serviceMessage: 'account disabled',
      code: 403,
    });
  });
});

describe('HTTP status errors', () => {
  const now = new Date(Date.UTC(2024, 0, 1, 12, 0, 0));

  it('reads Retry-After in seconds', async () => {
    const { client } = clientAnswering(new Response('slow down', { status: 429, headers: { 'retry-after': '7' } }));
    const error = await failureOf(client.sms({ from: 'V', to: 1, message: 'm' }));
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 7000 });
  });

  it('reads Retry-After as an HTTP-date', async () => {
    const { client } = clientAnswering(
      new Response('', { status: 503, headers: { 'retry-after': 'Mon, 01 Jan 2024 12:00:30 GMT' } }),
      { now: () => now },
    );
    expect(await failureOf(client.categories())).toMatchObject({ status: 503, retryAfterMs: 30_000 });
  });

  it('keeps 5xx an HTTP status error even when the body is a failure envelope', async () => {
    const { client } = clientAnswering(jsonResponse({ result: false, message: 'Internal error' }, 500));
    const error = await failureOf(
      client.email({ to_email: 'a@x.test', from_email: 'b@x.test', subject: 's', html: 'h' }),
    );
    expect(error).toMatchObject({ kind: 'http-status', status: 500, retryAfterMs: undefined });
    expect(error.message).toContain('Internal error');
  });

  it('reports a refused key (401) as an HTTP status error carrying the service words', async () => {
    const { client } = clientAnswering(jsonResponse({ result: false, message: 'Invalid API key', code: 401 }, 401));
    expect(await failureOf(client.getContactFields({ client_id: 'c' }))).toMatchObject({
      kind: 'http-status',
      status: 401,
      serviceMessage: 'Invalid API key',
    });
  });

  it('reports a 401 without an envelope as an HTTP status error', async () => {
    const { client } = clientAnswering(new Response('Unauthorized', { status: 401 }));
    expect(await failureOf(client.getContactFields({ client_id: 'c' }))).toMatchObject({
      kind: 'http-status',
      status: 401,
    });
  });
});

describe('answers that cannot be read', () => {
  it('is OutcomeUnknownError for a write (the write may have happened)', async () => {
    const { client } = clientAnswering(new Response('<html>proxy error</html>', { status: 200 }));
    const error = await failureOf(client.pushContact([{ client_id: 'c', PatronEmail: 'a@x.test' }]));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ reason: 'invalid-response' });
  });

  it('is OutcomeUnknownError for a write whose JSON misses required fields', async () => {
    const { client } = clientAnswering({ result: true, message: 'ok' });
    expect(await failureOf(client.campaignCreate({ campaign_name: 'n' }))).toMatchObject({
      kind: 'outcome-unknown',
      reason: 'invalid-response',
    });
  });

  it('is InvalidResponseError for a read', async () => {
    const { client } = clientAnswering({ unexpected: true });
    const error = await failureOf(client.pullDb({ client_id: 'c' }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toContain('pull_db');
  });

  it('is InvalidResponseError for an empty body to a read', async () => {
    const { client } = clientAnswering(new Response('', { status: 200 }));
    expect((await failureOf(client.categories())).message).toContain('empty body');
  });
});
