// Single messages and their history against the sandbox (reference §4.7–4.10, §7.1), in-process and over HTTP.
import { describe, expect, it } from 'vitest';
import { ServiceFailureError } from '../../../shared/api/errors';
import { failureOf } from './support/fake-fetch';
import { TARGETS, useTarget } from './support/sandbox-targets';

const sms = { from: 'HarbourLts', to: '0412345678', message: 'Your table is ready', reference_id: 'sms001' };
const email = {
  to_name: 'Ann',
  to_email: 'ann@example.com',
  from_name: 'Harbour Lights',
  from_email: 'hello@harbourlights.example',
  subject: 'See you tonight',
  html: '<p>Hi Ann</p>',
  reference_id: 'mail001',
};

describe.each(TARGETS)('messages on the sandbox ($name)', (kind) => {
  const target = useTarget(kind);

  describe('sms', () => {
    it('sends, and sent_items finds it by reference_id', async () => {
      const { client, sandbox } = target.current;
      expect((await client.sms(sms)).message).not.toBe('');
      expect(sandbox.operator.messages({ referenceId: 'sms001' })).toHaveLength(1);
      const items = await client.sentItems({ reference_id: 'sms001', type: 'sms' });
      expect(items).toEqual([
        expect.objectContaining({ reference_id: 'sms001', type: 'sms', message: 'Your table is ready' }),
      ]);
    });

    it.each([
      [{ reference_id: undefined }, 'Reference ID not found'],
      [{ reference_id: 'bad ref!' }, 'Reference ID contains invalid characters'],
      [{ reference_id: 'a'.repeat(42) }, 'Error Sending SMS - Invalid Reference ID'],
      [{ message: 'Café ce soir ?' }, 'Message contains invalid characters'],
      [{ to: '12' }, 'Invalid recipient details'],
    ])('refuses %o: %s', async (change, message) => {
      const error = await failureOf(target.current.client.sms({ ...sms, ...change }));
      expect(error).toBeInstanceOf(ServiceFailureError);
      expect(error).toMatchObject({ serviceMessage: message });
      expect(target.current.sandbox.operator.messages()).toEqual([]);
    });
  });

  describe('email', () => {
    it('sends now, or schedules with send_at in the account zone', async () => {
      const { client } = target.current;
      expect((await client.email(email)).message).toMatch(/sent/i);
      const scheduled = await client.email({ ...email, reference_id: 'mail002', send_at: '2099-01-01 09:00:00' });
      expect(scheduled.message).toContain('2099-01-01 09:00:00');
      expect((await client.sentItems({ prefix: 'mail', type: 'email' })).map((item) => item.reference_id)).toEqual([
        'mail001',
        'mail002',
      ]);
    });

    it.each([
      [{ reference_id: 'bad ref!' }, 'Reference ID contains invalid characters'],
      [{ reference_id: 'b'.repeat(42) }, 'Error Sending Email - Invalid Reference ID'],
    ])('refuses %o: %s', async (change, message) => {
      expect(await failureOf(target.current.client.email({ ...email, ...change }))).toMatchObject({
        kind: 'service-failure',
        serviceMessage: message,
      });
    });
  });

  it.each(['sms', 'email'] as const)(
    '%s refuses when the service cannot queue, and without credits',
    async (channel) => {
      const { client, sandbox, demo } = target.current;
      const send = () => (channel === 'sms' ? client.sms(sms) : client.email(email));
      sandbox.operator.addFault({ method: channel, kind: 'queue_failure', count: 1 });
      expect(await failureOf(send())).toMatchObject({ serviceMessage: 'Unable To Queue Message' });
      sandbox.operator.setCredits(demo.clientId, { [channel]: 0 });
      expect(await failureOf(send())).toMatchObject({ serviceMessage: 'Insufficient Credits' });
      expect(sandbox.operator.messages()).toEqual([]);
    },
  );

  describe('sent_items and sms_inbox', () => {
    it('lists replies to an SMS by its reference prefix and dates', async () => {
      const { client, sandbox, demo } = target.current;
      await client.sms(sms);
      sandbox.operator.injectSmsReply({ clientId: demo.clientId, number: '0412345678', message: 'YES' });
      const replies = await client.smsInbox({ prefix: 'sms', date_start: new Date(Date.now() - 60_000) });
      expect(replies).toEqual([expect.objectContaining({ reference_id: 'sms001', message: 'YES' })]);
      expect(await client.smsInbox({ date_start: new Date(Date.now() + 3_600_000) })).toEqual([]);
    });

    it('answers "account disabled" for a disabled account', async () => {
      const { client, sandbox, demo } = target.current;
      sandbox.operator.disableAccount(demo.clientId);
      expect(await failureOf(client.sentItems())).toMatchObject({
        kind: 'service-failure',
        serviceMessage: 'account disabled',
      });
      expect(await failureOf(client.smsInbox())).toMatchObject({
        kind: 'service-failure',
        serviceMessage: 'account disabled',
      });
    });
  });
});
