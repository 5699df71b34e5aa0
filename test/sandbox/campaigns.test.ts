// campaign_create, campaign_send (recipients, modifiers, age, gender, credits), campaign_cancel, campaign_test (sections 3, 4.2–4.5).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type TestSandbox } from './support/sandbox';

let t: TestSandbox;
let categories: Record<string, string>;
beforeEach(async () => {
  t = makeSandbox(); // clock: 2025-06-15 10:00 UTC
  await t.json('push_contact', [
    {
      client_id: t.clientId,
      PatronEmail: 'vip.f30@example.com',
      Sex: 'f',
      DateOfBirth: '1995-01-01',
      svc_categories: 'VIP',
    },
    {
      client_id: t.clientId,
      PatronEmail: 'reg.m40@example.com',
      Sex: 'm',
      DateOfBirth: '1985-06-15',
      svc_categories: 'Regulars',
    },
    {
      client_id: t.clientId,
      PatronEmail: 'both.f18@example.com',
      Sex: 'f',
      DateOfBirth: '2007-06-16',
      svc_categories: 'VIP,Regulars',
    },
    { client_id: t.clientId, PatronEmail: 'none.m60@example.com', Sex: 'm', DateOfBirth: '1965-03-03' },
    { client_id: t.clientId, PatronMobile: '0412345678', svc_categories: 'VIP' },
  ]);
  const listed = (await t.form('categories', {})).body.data.categories as { name: string; id: string }[];
  categories = Object.fromEntries(listed.map((c) => [c.name, c.id]));
});
afterEach(() => t.close());

const HTML =
  '<html><body><p>Trivia night this Thursday.</p><p><a href="#unsubscribe#">Unsubscribe</a></p></body></html>';

async function create(): Promise<string> {
  const { body } = await t.form('campaign_create', {
    type: 'email',
    subject: 'Trivia',
    from_name: 'Harbour Lights',
    from_email: 'news@harbour.example',
    html: HTML,
  });
  return body.data.campaign_id;
}

/** Sends and returns the recipients' addresses (or the failure body). */
async function sendTo(params: Record<string, string | string[]>) {
  const id = await create();
  const { body } = await t.form('campaign_send', { campaign_id: id, ...params });
  if (!body.result) return body;
  return t.sandbox.operator
    .messages({ referenceId: id })
    .map((m) => m.to)
    .sort();
}

describe('campaign_create', () => {
  it('creates a draft and answers its campaign_id', async () => {
    const { body } = await t.form('campaign_create', {
      campaign_name: 'x',
      type: 'email',
      subject: 's',
      from_name: 'Harbour',
      html: '<p>x</p>',
      import_images: '1',
    });
    expect(body).toEqual({ result: true, message: expect.any(String), data: { campaign_id: expect.any(String) } });
  });

  it.each([
    [
      { html: '<p>x</p>', url: 'https://example.com/news.html' },
      'You cannot pass both the URL and HTML field options when sending an email',
    ],
    [{ type: undefined }, 'Missing Option type'],
    [{ subject: undefined }, 'Missing Option subject'],
    [{ from_name: undefined }, 'Missing Option from_name'],
    [{ html: undefined }, 'Missing Option html'],
  ])('%j → %s (code 400)', async (overrides, message) => {
    const { body } = await t.form('campaign_create', {
      type: 'email',
      subject: 's',
      from_name: 'Harbour',
      html: '<p>x</p>',
      ...overrides,
    });
    expect(body).toEqual({ result: false, message, code: 400 });
  });

  it('refuses types other than email', async () => {
    expect(
      (await t.form('campaign_create', { type: 'sms', subject: 's', from_name: 'Harbour', html: 'x' })).body,
    ).toMatchObject({ result: false, code: 400 });
  });

  it('answers "Insufficient Credits" without email credits', async () => {
    t.sandbox.operator.setCredits(t.clientId, { email: 0 });
    expect(
      (await t.form('campaign_create', { type: 'email', subject: 's', from_name: 'Harbour', html: 'x' })).body,
    ).toEqual({ result: false, message: 'Insufficient Credits', code: 400 });
  });
});

describe('campaign_send recipients', () => {
  it('none: every contact with an email', async () => {
    expect(await sendTo({ category_id: 'none' })).toEqual([
      'both.f18@example.com',
      'none.m60@example.com',
      'reg.m40@example.com',
      'vip.f30@example.com',
    ]);
  });

  it('all: contacts in at least one category', async () => {
    expect(await sendTo({ category_id: 'all' })).toEqual([
      'both.f18@example.com',
      'reg.m40@example.com',
      'vip.f30@example.com',
    ]);
  });

  it('uncategorized: contacts in no category', async () => {
    expect(await sendTo({ category_id: 'uncategorized' })).toEqual(['none.m60@example.com']);
  });

  it('category ids, one or several (category_id[])', async () => {
    expect(await sendTo({ category_id: categories.VIP! })).toEqual(['both.f18@example.com', 'vip.f30@example.com']);
    expect(await sendTo({ category_id: [categories.VIP!, categories.Regulars!] })).toEqual([
      'both.f18@example.com',
      'reg.m40@example.com',
      'vip.f30@example.com',
    ]);
  });

  it('gender and age range (birthdays counted in the account zone)', async () => {
    expect(await sendTo({ category_id: 'none', gender: 'f' })).toEqual(['both.f18@example.com', 'vip.f30@example.com']);
    // reg.m40 turns 40 today; both.f18 turns 18 tomorrow.
    expect(await sendTo({ category_id: 'none', age_from: '40' })).toEqual([
      'none.m60@example.com',
      'reg.m40@example.com',
    ]);
    expect(await sendTo({ category_id: 'none', age_to: '17' })).toEqual(['both.f18@example.com']);
    expect(await sendTo({ category_id: 'none', age_from: '18', age_to: '39' })).toEqual(['vip.f30@example.com']);
  });

  it('answers code 400 when no contact matches, and for bad parameters', async () => {
    expect(await sendTo({ category_id: 'uncategorized', gender: 'f' })).toMatchObject({ result: false, code: 400 });
    expect(await sendTo({})).toEqual({ result: false, message: 'Missing Option category_id', code: 400 });
    expect(await sendTo({ category_id: '99999' })).toMatchObject({ result: false, code: 400 });
    expect(await sendTo({ category_id: 'none', gender: 'x' })).toMatchObject({ result: false, code: 400 });
    expect(await sendTo({ category_id: 'none', age_from: '50', age_to: '20' })).toMatchObject({
      result: false,
      code: 400,
    });
    expect((await t.form('campaign_send', { category_id: 'none' })).body).toMatchObject({ result: false, code: 400 });
  });

  it('answers recipients and send_at, moves the campaign to sent, spends credits, logs one email per recipient', async () => {
    const id = await create();
    const before = t.sandbox.operator.getAccount(t.clientId).emailCredits;
    const { body } = await t.form('campaign_send', { campaign_id: id, category_id: 'all' });
    expect(body).toEqual({
      result: true,
      message: expect.any(String),
      data: { campaign_id: id, recipients: 3, send_at: '2025-06-15 10:00:00' },
    });
    expect(t.sandbox.operator.getAccount(t.clientId).emailCredits).toBe(before - 3);
    expect((await t.form('sent_items', { reference_id: id })).body.data[0]).toMatchObject({
      type: 'email',
      count: 3,
      subject: 'Trivia',
    });
    expect((await t.form('campaign_send', { campaign_id: id, category_id: 'all' })).body.code).toBe(609);
  });

  it('answers "Unable to allocate credits" when credits do not cover the recipients', async () => {
    t.sandbox.operator.setCredits(t.clientId, { email: 2 });
    expect(await sendTo({ category_id: 'none' })).toEqual({
      result: false,
      message: 'Unable to allocate credits',
      code: 400,
    });
  });

  it('checks the campaign before sending (6XX codes)', async () => {
    const { body: created } = await t.form('campaign_create', {
      type: 'email',
      subject: 'x',
      from_name: 'Bar',
      from_email: 'a@example.com',
      html: HTML,
    });
    expect(
      (await t.form('campaign_send', { campaign_id: created.data.campaign_id, category_id: 'none' })).body.code,
    ).toBe(603);
  });
});

describe('scheduled campaigns and campaign_cancel', () => {
  it('schedules with send_at, goes out when due (account zone), then is sent', async () => {
    t.sandbox.operator.updateAccount(t.clientId, { timezone: 'Australia/Sydney' });
    const id = await create();
    const { body } = await t.form('campaign_send', {
      campaign_id: id,
      category_id: 'all',
      send_at: '2025-06-16 09:00:00',
    });
    expect(body.data).toEqual({ campaign_id: id, recipients: 3, send_at: '2025-06-16 09:00:00' });
    expect(t.sandbox.operator.messages()).toEqual([]);
    t.clock.set('2025-06-15T22:59:59Z');
    t.sandbox.operator.runDue();
    expect(t.sandbox.operator.messages()).toEqual([]);
    t.clock.set('2025-06-15T23:00:00Z'); // 09:00 in Sydney
    expect(t.sandbox.operator.runDue().campaigns).toBe(1);
    expect(t.sandbox.operator.messages({ referenceId: id })).toHaveLength(3);
    expect((await t.form('campaign_verify', { campaign_id: id })).body.code).toBe(609);
  });

  it('cancel returns a scheduled campaign to draft with its credits; it can be sent again', async () => {
    const id = await create();
    const credits = t.sandbox.operator.getAccount(t.clientId).emailCredits;
    await t.form('campaign_send', { campaign_id: id, category_id: 'all', send_at: '2025-07-01 10:00:00' });
    expect((await t.form('campaign_send', { campaign_id: id, category_id: 'all' })).body.code).toBe(612);
    expect((await t.form('campaign_cancel', { campaign_id: id })).body).toEqual({
      result: true,
      message: expect.any(String),
      data: { campaign_id: id },
    });
    expect(t.sandbox.operator.getAccount(t.clientId).emailCredits).toBe(credits);
    expect((await t.form('campaign_verify', { campaign_id: id })).body.result).toBe(true);
    t.clock.set('2025-07-02T00:00:00Z');
    t.sandbox.operator.runDue();
    expect(t.sandbox.operator.messages()).toEqual([]);
  });

  it('cancel fails with "Could not cancel campaign" (code 500) unless scheduled', async () => {
    const draft = await create();
    expect((await t.form('campaign_cancel', { campaign_id: draft })).body).toEqual({
      result: false,
      message: 'Could not cancel campaign',
      code: 500,
    });
    expect((await t.form('campaign_cancel', { campaign_id: 'nope' })).body.code).toBe(500);
  });

  it('a scheduled send really goes out on the timer', async () => {
    const real = makeSandbox({}, { now: () => new Date(), set: () => undefined, advance: () => undefined });
    try {
      await real.json('push_contact', [{ client_id: real.clientId, PatronEmail: 'a@example.com' }]);
      const { body } = await real.form('campaign_create', {
        type: 'email',
        subject: 'S',
        from_name: 'Harbour',
        from_email: 'h@example.com',
        html: HTML,
      });
      const sendAt = new Date(Date.now() + 300).toISOString();
      await real.form('campaign_send', { campaign_id: body.data.campaign_id, category_id: 'none', send_at: sendAt });
      expect(real.sandbox.operator.messages()).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(real.sandbox.operator.messages()).toHaveLength(1);
    } finally {
      real.close();
    }
  });
});

describe('campaign_test', () => {
  it('sends the draft to the given addresses and leaves it a draft', async () => {
    const id = await create();
    const { body } = await t.form('campaign_test', { campaign_id: id, to: ['me@example.com', 'boss@example.com'] });
    expect(body).toEqual({ result: true, message: expect.any(String), data: { campaign_id: id } });
    expect(t.sandbox.operator.messages({ kind: 'campaign_test' }).map((m) => m.to)).toEqual([
      'me@example.com',
      'boss@example.com',
    ]);
    expect((await t.form('campaign_verify', { campaign_id: id })).body.result).toBe(true);
  });

  it('"There was an error getting that campaign" (code 500) for an unknown campaign; invalid addresses refused', async () => {
    expect((await t.form('campaign_test', { campaign_id: 'nope', to: ['a@example.com'] })).body).toEqual({
      result: false,
      message: 'There was an error getting that campaign',
      code: 500,
    });
    const id = await create();
    expect((await t.form('campaign_test', { campaign_id: id, to: ['not an address'] })).body).toMatchObject({
      result: false,
      code: 400,
    });
  });
});
