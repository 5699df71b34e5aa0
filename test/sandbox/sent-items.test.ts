// sent_items filters and counts, sms_inbox with injected replies, delivery events (sections 2.7, 2.8, 4.9, 4.10).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type TestSandbox } from './support/sandbox';

let t: TestSandbox;
beforeEach(async () => {
  t = makeSandbox();
  await t.form('sms', { from: 'Bar', to: '0412345678', message: 'one', reference_id: 'deskAsms1' });
  t.clock.advance(3_600_000);
  await t.form('email', {
    to_email: 'a@example.com',
    from_name: 'Harbour',
    from_email: 'h@example.com',
    subject: 'S',
    html: '<p>x</p>',
    reference_id: 'deskAmail1',
  });
  t.clock.advance(3_600_000);
  await t.form('sms', { from: 'Bar', to: '0412345679', message: 'two', reference_id: 'deskBsms2' });
});
afterEach(() => t.close());

const refs = async (params: Record<string, string>) =>
  (await t.form('sent_items', params)).body.data.map((i: { reference_id: string }) => i.reference_id);

describe('sent_items', () => {
  it('lists everything, oldest first', async () => {
    expect(await refs({})).toEqual(['deskAsms1', 'deskAmail1', 'deskBsms2']);
  });

  it.each([
    [{ prefix: 'deskA' }, ['deskAsms1', 'deskAmail1']],
    [{ reference_id: 'deskBsms2' }, ['deskBsms2']],
    [{ type: 'sms' }, ['deskAsms1', 'deskBsms2']],
    [{ type: 'email' }, ['deskAmail1']],
    [{ type: 'social' }, []],
    [{ date_start: '2025-06-15 11:00:00' }, ['deskAmail1', 'deskBsms2']],
    [{ date_end: '2025-06-15 11:00:00' }, ['deskAsms1', 'deskAmail1']],
    [{ date_start: '2025-06-15 10:30:00', date_end: '2025-06-15 11:30:00' }, ['deskAmail1']],
  ])('filters %j', async (params, expected) => {
    expect(await refs(params)).toEqual(expected);
  });

  it('gives email items their extra counts; delivery events add to them', async () => {
    const operator = t.sandbox.operator;
    operator.recordDeliveryEvent({ clientId: t.clientId, referenceId: 'deskAmail1', event: 'open', count: 3 });
    operator.recordDeliveryEvent({ clientId: t.clientId, referenceId: 'deskAmail1', event: 'bounce' });
    operator.recordDeliveryEvent({ clientId: t.clientId, referenceId: 'deskAmail1', event: 'optout' });
    operator.recordDeliveryEvent({ clientId: t.clientId, referenceId: 'deskAmail1', event: 'auto_optout' });
    operator.recordDeliveryEvent({ clientId: t.clientId, referenceId: 'deskAmail1', event: 'spam' });
    operator.recordDeliveryEvent({ clientId: t.clientId, referenceId: 'deskAsms1', event: 'optout' });
    const items = (await t.form('sent_items', {})).body.data;
    expect(items[1]).toEqual({
      reference_id: 'deskAmail1',
      type: 'email',
      timestamp: '2025-06-15 11:00:00',
      count: 1,
      message: '<p>x</p>',
      from_name: 'Harbour',
      subject: 'S',
      count_optout: 1,
      count_open: 3,
      count_auto_optout: 1,
      count_bounced: 1,
      count_spam: 1,
    });
    expect(items[0].count_optout).toBe(1);
    expect(items[0]).not.toHaveProperty('count_open');
    expect(() =>
      operator.recordDeliveryEvent({ clientId: t.clientId, referenceId: 'deskAsms1', event: 'open' }),
    ).toThrow(/email only/);
  });

  it('refuses an unknown type', async () => {
    const { status, body } = await t.form('sent_items', { type: 'fax' });
    expect(status).toBe(400);
    expect(body.message).toMatch(/type must be email, sms or social/);
  });

  it('answers "account disabled" for a disabled account', async () => {
    t.sandbox.operator.disableAccount(t.clientId);
    expect((await t.form('sent_items', {})).body).toEqual({ result: false, message: 'account disabled' });
  });
});

describe('sms_inbox', () => {
  it('lists replies with timestamp, number, to, reference_id and message; links a reply to the last SMS to that number', async () => {
    const reply = t.sandbox.operator.injectSmsReply({ clientId: t.clientId, number: '0412 345 678', message: 'YES' });
    expect(reply.referenceId).toBe('deskAsms1');
    const { body } = await t.form('sms_inbox', {});
    expect(body).toEqual({
      result: true,
      message: expect.any(String),
      data: [
        {
          timestamp: '2025-06-15 12:00:00',
          number: '+61412345678',
          to: t.sandbox.operator.getAccount(t.clientId).replyNumber,
          reference_id: 'deskAsms1',
          message: 'YES',
        },
      ],
    });
  });

  it('filters by reference prefix and dates', async () => {
    const operator = t.sandbox.operator;
    operator.injectSmsReply({
      clientId: t.clientId,
      number: '0412345678',
      message: 'a',
      timestamp: '2025-06-15T12:00:00Z',
    });
    operator.injectSmsReply({
      clientId: t.clientId,
      number: '0412345679',
      message: 'b',
      timestamp: '2025-06-15T13:00:00Z',
    });
    const messages = async (params: Record<string, string>) =>
      (await t.form('sms_inbox', params)).body.data.map((r: { message: string }) => r.message);
    expect(await messages({ prefix: 'deskB' })).toEqual(['b']);
    expect(await messages({ date_start: '2025-06-15 12:30:00' })).toEqual(['b']);
    expect(await messages({ date_end: '2025-06-15 12:30:00' })).toEqual(['a']);
  });

  it('answers "account disabled" for a disabled account', async () => {
    t.sandbox.operator.disableAccount(t.clientId);
    expect((await t.form('sms_inbox', {})).body).toEqual({ result: false, message: 'account disabled' });
  });
});
