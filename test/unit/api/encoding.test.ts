import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../../shared/api/errors';
import { encodeForm } from '../../../shared/api/encode';
import { clientAnswering, failureOf, TEST_KEY } from './support/fake-fetch';

const ok = { result: true, message: 'ok', data: { campaign_id: 'c1' } };

describe('request encoding', () => {
  it('POSTs to /v1/<url-encoded key>/<method>', async () => {
    const { client, seen } = clientAnswering(ok, { baseUrl: 'https://service.test/' });
    await client.campaignVerify({ campaign_id: 'c1' });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.url).toBe(`https://service.test/v1/${encodeURIComponent(TEST_KEY)}/campaign_verify`);
  });

  it('sends form methods as x-www-form-urlencoded with arrays repeated as name[]', async () => {
    const { client, seen } = clientAnswering(ok);
    await client.campaignTest({ campaign_id: 'c1', to: ['a@x.test', 'b@x.test'] });
    expect(seen[0]!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(seen[0]!.body);
    expect(form.getAll('to[]')).toEqual(['a@x.test', 'b@x.test']);
    expect(form.has('to')).toBe(false);
    expect(form.get('campaign_id')).toBe('c1');
  });

  it('writes booleans as 1/0 and leaves absent options out', async () => {
    const { client, seen } = clientAnswering(ok);
    await client.campaignCreate({ campaign_name: 'Spring', subject: 'Hi', html: '<p>x</p>', import_images: true });
    const form = new URLSearchParams(seen[0]!.body);
    expect(form.get('import_images')).toBe('1');
    expect(form.get('type')).toBe('email');
    expect(form.has('url')).toBe(false);
  });

  it('writes a Date as YYYY-MM-DD HH:MM:SS in the account zone and passes text through', async () => {
    const { client, seen } = clientAnswering(
      { result: true, message: 'ok', data: { campaign_id: 'c1', recipients: 3, send_at: 'x' } },
      { timeZone: 'Australia/Sydney' },
    );
    // 2024-01-15 00:30 UTC is 11:30 in Sydney (AEDT, +11).
    await client.campaignSend({
      campaign_id: 'c1',
      category_id: ['7', '9'],
      send_at: new Date(Date.UTC(2024, 0, 15, 0, 30, 0)),
    });
    const form = new URLSearchParams(seen[0]!.body);
    expect(form.get('send_at')).toBe('2024-01-15 11:30:00');
    expect(form.getAll('category_id[]')).toEqual(['7', '9']);

    await client.campaignSend({ campaign_id: 'c1', category_id: 'all', send_at: '2024-02-01 09:00:00' });
    const second = new URLSearchParams(seen[1]!.body);
    expect(second.get('send_at')).toBe('2024-02-01 09:00:00');
    expect(second.get('category_id')).toBe('all');
  });

  it('writes Dates in UTC when no zone is given', async () => {
    const { client, seen } = clientAnswering({ result: true, message: '', data: [] });
    await client.sentItems({ date_start: new Date(Date.UTC(2024, 5, 1, 23, 5, 9)) });
    expect(new URLSearchParams(seen[0]!.body).get('date_start')).toBe('2024-06-01 23:05:09');
  });

  it('sends JSON methods as application/json, Dates formatted inside arrays', async () => {
    const { client, seen } = clientAnswering({ success: [], failures: [] });
    await client.addPurchase([
      {
        client_id: 'c',
        contact_id: '1',
        item_desc: 'Beer',
        price: 7.5,
        purchased_at: new Date(Date.UTC(2024, 2, 3, 4, 5, 6)),
      },
    ]);
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual([
      { client_id: 'c', contact_id: '1', item_desc: 'Beer', price: 7.5, purchased_at: '2024-03-03 04:05:06' },
    ]);
  });

  it('keeps custom contact fields and svc_multiselect_modify in push_contact', async () => {
    const { client, seen } = clientAnswering({ success: [], failures: [] });
    const contact = {
      client_id: 'c',
      PatronEmail: 'a@x.test',
      MemberNumber: 42,
      svc_multiselect_modify: [{ field: 'Likes', option: 'Jazz', checked: true }],
    };
    await client.pushContact([contact]);
    expect(JSON.parse(seen[0]!.body)).toEqual([contact]);
  });

  it('sends categories with an empty body', async () => {
    const { client, seen } = clientAnswering({ result: true, message: '', data: { categories: [] } });
    await client.categories();
    expect(seen[0]!.body).toBe('');
  });

  it('refuses a request that does not match its declaration without sending it', async () => {
    const { client, seen } = clientAnswering(ok);
    const error = await failureOf(client.campaignVerify({ campaign_id: 'c1', campain_name: 'typo' } as never));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.message).toContain('campaign_verify');
    const badDate = await failureOf(client.sentItems({ date_start: new Date('not a date') }));
    expect(badDate).toBeInstanceOf(InvalidRequestError);
    expect(seen).toHaveLength(0);
  });
});

describe('encodeForm', () => {
  it('skips null and undefined, writes numbers as text', () => {
    expect(encodeForm({ a: undefined, b: null, c: 3, d: false }).toString()).toBe('c=3&d=0');
  });
});
