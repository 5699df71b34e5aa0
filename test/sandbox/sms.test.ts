// sms: sender, reference_id, text and recipient rules, credits, #reply#, scheduling (sections 4.8, 7.1, 8).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type TestSandbox } from './support/sandbox';

let t: TestSandbox;
beforeEach(() => (t = makeSandbox()));
afterEach(() => t.close());

const sms = (overrides: Record<string, string | undefined> = {}) =>
  t.form('sms', {
    from: 'Harbour',
    to: '0412 345 678',
    message: 'Your table is ready',
    reference_id: 'ref1',
    ...overrides,
  });

describe('sms', () => {
  it('sends, logs one message to the E.164 number and records the sent item', async () => {
    expect((await sms()).body).toEqual({ result: true, message: expect.any(String) });
    expect(t.sandbox.operator.messages({ channel: 'sms' })).toEqual([
      expect.objectContaining({
        referenceId: 'ref1',
        to: '+61412345678',
        from: 'Harbour',
        message: 'Your table is ready',
        kind: 'sms',
      }),
    ]);
    const items = (await t.form('sent_items', { reference_id: 'ref1' })).body.data;
    expect(items).toEqual([
      {
        reference_id: 'ref1',
        type: 'sms',
        timestamp: '2025-06-15 10:00:00',
        count: 1,
        message: 'Your table is ready',
        from_name: 'Harbour',
        count_optout: 0,
      },
    ]);
  });

  it('does not deduplicate reference ids: a resend is a second message (the desk must check sent_items)', async () => {
    await sms();
    await sms();
    expect(t.sandbox.operator.messages({ referenceId: 'ref1' })).toHaveLength(2);
  });

  it('replaces #reply# in from with the account reply number', async () => {
    await sms({ from: '#reply#' });
    const [sent] = t.sandbox.operator.messages({ channel: 'sms' });
    expect(sent!.from).toBe(t.sandbox.operator.getAccount(t.clientId).replyNumber);
  });

  it.each([
    [{ reference_id: undefined }, 'Reference ID not found'],
    [{ reference_id: '' }, 'Reference ID not found'],
    [{ reference_id: 'a'.repeat(42) }, 'Error Sending SMS - Invalid Reference ID'],
    [{ reference_id: 'ref-1' }, 'Reference ID contains invalid characters'],
    [{ message: 'Café tonight?' }, 'Message contains invalid characters'],
    [{ message: 'It\u2019s ready' }, 'Message contains invalid characters'],
    [{ to: '12' }, 'Invalid recipient details'],
    [{ to: undefined }, 'Invalid recipient details'],
    [{ to: 'call me' }, 'Invalid recipient details'],
  ])('%j → %s', async (overrides, message) => {
    expect((await sms(overrides)).body).toEqual({ result: false, message });
    expect(t.sandbox.operator.messages({ channel: 'sms' })).toEqual([]);
  });

  it.each([['Harbour Bar'], ['HarbourLights'], ['Bar&Grill'], ['']])('refuses the sender %j', async (from) => {
    const { body } = await sms({ from });
    expect(body.result).toBe(false);
    expect(body.message).toMatch(/sender/i);
  });

  it('accepts a 41-character reference and an 11-character sender', async () => {
    expect((await sms({ reference_id: 'a'.repeat(41), from: 'ABCDEFGHIJK' })).body.result).toBe(true);
  });

  it('spends one credit per segment and answers "Insufficient Credits" when short', async () => {
    t.sandbox.operator.setCredits(t.clientId, { sms: 2 });
    expect((await sms({ message: 'x'.repeat(200) })).body.result).toBe(true);
    expect(t.sandbox.operator.getAccount(t.clientId).smsCredits).toBe(0);
    expect((await sms({ reference_id: 'ref2' })).body).toEqual({ result: false, message: 'Insufficient Credits' });
  });

  it('answers "Unable To Queue Message" under the queue_failure fault and sends nothing', async () => {
    t.sandbox.operator.addFault({ method: 'sms', kind: 'queue_failure', count: 1 });
    expect((await sms()).body).toEqual({ result: false, message: 'Unable To Queue Message' });
    expect(t.sandbox.operator.messages()).toEqual([]);
    expect((await sms()).body.result).toBe(true);
  });

  it('holds a message with send_at until due (account time zone), listing it in sent_items at once', async () => {
    t.sandbox.operator.updateAccount(t.clientId, { timezone: 'Europe/London' });
    // 12:00 London in June is 11:00 UTC; the clock is at 10:00 UTC.
    expect((await sms({ send_at: '2025-06-15 12:00:00' })).body.result).toBe(true);
    expect(t.sandbox.operator.messages()).toEqual([]);
    expect((await t.form('sent_items', { reference_id: 'ref1' })).body.data[0].timestamp).toBe('2025-06-15 12:00:00');
    t.clock.advance(59 * 60_000);
    t.sandbox.operator.runDue();
    expect(t.sandbox.operator.messages()).toEqual([]);
    t.clock.advance(60_000);
    expect(t.sandbox.operator.runDue().messages).toBe(1);
    expect(t.sandbox.operator.messages()).toHaveLength(1);
  });

  it('a send_at in the past sends now', async () => {
    await sms({ send_at: '2025-06-15T09:00:00Z' });
    expect(t.sandbox.operator.messages()).toHaveLength(1);
  });

  it('refuses a send_at that is not a datetime', async () => {
    const { body } = await sms({ send_at: 'tomorrow' });
    expect(body.result).toBe(false);
    expect(body.message).toMatch(/send_at/);
  });
});
