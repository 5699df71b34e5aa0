// pull_db filters, touched_from / touched_to and categories (sections 4.13, 4.15).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type TestSandbox } from './support/sandbox';

let t: TestSandbox;
beforeEach(async () => {
  t = makeSandbox();
  t.clock.set('2025-06-01T08:00:00Z');
  await t.json('push_contact', [
    {
      client_id: t.clientId,
      PatronName: 'Sam',
      PatronSurname: 'Lee',
      PatronEmail: 'sam@example.com',
      PatronMobile: '0412 345 678',
      MemberNumber: 'M1',
      CardNumber: 'C1',
      member_id: 'POS1',
    },
  ]);
  t.clock.set('2025-06-02T08:00:00Z');
  await t.json('push_contact', [
    {
      client_id: t.clientId,
      PatronName: 'Ana',
      PatronSurname: 'Costa',
      PatronEmail: 'ana@example.com',
      MemberNumber: 2,
    },
  ]);
  t.clock.set('2025-06-03T08:00:00Z');
  await t.json('push_contact', [
    { client_id: t.clientId, PatronName: 'sam', PatronSurname: 'Ng', PatronMobile: '+61 499 000 111' },
  ]);
});
afterEach(() => t.close());

/** pull_db with filters; the names of the contacts returned. */
const pulled = async (filters: Record<string, unknown>) => {
  const { status, body } = await t.json('pull_db', { client_id: t.clientId, ...filters });
  expect(status).toBe(200);
  return (body as { PatronSurname: string }[]).map((c) => c.PatronSurname);
};

describe('pull_db', () => {
  it('returns the whole database with client_id, contact_id, svc_categories and fields', async () => {
    const { body } = await t.json('pull_db', { client_id: t.clientId });
    expect(body).toHaveLength(3);
    expect(body[0]).toEqual({
      client_id: t.clientId,
      contact_id: expect.any(String),
      svc_categories: '',
      PatronName: 'Sam',
      PatronSurname: 'Lee',
      PatronEmail: 'sam@example.com',
      PatronMobile: '0412 345 678',
      MemberNumber: 'M1',
      CardNumber: 'C1',
      member_id: 'POS1',
    });
  });

  it.each([
    [{ PatronEmail: 'SAM@example.com' }, ['Lee']],
    [{ PatronMobile: '+61412345678' }, ['Lee']],
    [{ PatronMobile: '0499 000 111' }, ['Ng']],
    [{ PatronName: 'sam' }, ['Lee', 'Ng']],
    [{ PatronSurname: 'costa' }, ['Costa']],
    [{ MemberNumber: 'M1' }, ['Lee']],
    [{ MemberNumber: '2' }, ['Costa']],
    [{ CardNumber: 'C1' }, ['Lee']],
    [{ member_id: 'POS1' }, ['Lee']],
    [{ PatronName: 'Nobody' }, []],
    [{ PatronName: 'Sam', PatronSurname: 'Ng' }, ['Ng']],
  ])('filters %j', async (filters, names) => {
    expect(await pulled(filters)).toEqual(names);
  });

  it('filters by touched_from and touched_to, each alone or together, inclusive', async () => {
    expect(await pulled({ touched_from: '2025-06-02 08:00:00' })).toEqual(['Costa', 'Ng']);
    expect(await pulled({ touched_to: '2025-06-02 08:00:00' })).toEqual(['Lee', 'Costa']);
    expect(await pulled({ touched_from: '2025-06-01 12:00:00', touched_to: '2025-06-02T12:00:00Z' })).toEqual([
      'Costa',
    ]);
  });

  it('an update moves a contact into a later window', async () => {
    const { body } = await t.json('pull_db', { client_id: t.clientId, PatronSurname: 'Lee' });
    t.clock.set('2025-06-04T08:00:00Z');
    await t.json('push_contact', [{ client_id: t.clientId, contact_id: body[0].contact_id, PatronName: 'Samuel' }]);
    expect(await pulled({ touched_from: '2025-06-04 00:00:00' })).toEqual(['Lee']);
  });

  it('reads times without an offset in the account time zone', async () => {
    t.sandbox.operator.updateAccount(t.clientId, { timezone: 'Australia/Sydney' });
    // 2025-06-02 18:00 in Sydney is 08:00 UTC.
    expect(await pulled({ touched_from: '2025-06-02 18:00:00' })).toEqual(['Costa', 'Ng']);
    expect(await pulled({ touched_from: '2025-06-02 18:00:01' })).toEqual(['Ng']);
  });

  it('answers the client id messages', async () => {
    expect((await t.json('pull_db', {})).body).toEqual({ result: false, message: 'No client ID provided' });
    expect((await t.json('pull_db', { client_id: 'other' })).body).toEqual({
      result: false,
      message: 'Invalid client ID provided',
    });
  });

  it('refuses a touched_from that is not a datetime, saying which', async () => {
    const { status, body } = await t.json('pull_db', { client_id: t.clientId, touched_from: 'yesterday' });
    expect(status).toBe(400);
    expect(body.result).toBe(false);
    expect(body.message).toMatch(/touched_from/);
  });
});

describe('categories', () => {
  it('lists name and id', async () => {
    await t.json('push_contact', [{ client_id: t.clientId, PatronEmail: 'c@example.com', svc_categories: 'VIP' }]);
    const { body } = await t.form('categories', {});
    expect(body).toEqual({
      result: true,
      message: expect.any(String),
      data: { categories: [{ name: 'VIP', id: expect.stringMatching(/^\d+$/) }] },
    });
  });

  it('fails with error (not message) and code 400: "An error occured"', async () => {
    t.sandbox.operator.addFault({ method: 'categories', kind: 'store_failure', count: 1 });
    expect((await t.form('categories', {})).body).toEqual({ result: false, error: 'An error occured', code: 400 });
  });

  it('takes no parameters: any body is ignored', async () => {
    const { body } = await t.raw(`/v1/${t.apiKey}/categories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"x":1}',
    });
    expect(body.result).toBe(true);
  });
});
