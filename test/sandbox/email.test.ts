// email: reference_id, credits, #unsubscribe#, scheduling (sections 4.7, 7.1).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type TestSandbox } from './support/sandbox';

let t: TestSandbox;
beforeEach(() => (t = makeSandbox()));
afterEach(() => t.close());

const email = (overrides: Record<string, string | undefined> = {}) =>
  t.form('email', {
    to_name: 'Sam Lee',
    to_email: 'sam@example.com',
    from_name: 'Harbour Lights',
    from_email: 'hello@harbour.example',
    subject: 'Your booking',
    html: '<html><body><p>See you tonight.</p></body></html>',
    reference_id: 'mail1',
    ...overrides,
  });

describe('email', () => {
  it('sends one message with an unsubscribe footer added when the body has no #unsubscribe#', async () => {
    expect((await email()).body).toEqual({ result: true, message: expect.any(String) });
    const [sent] = t.sandbox.operator.messages({ channel: 'email' });
    expect(sent).toMatchObject({ referenceId: 'mail1', to: 'Sam Lee <sam@example.com>', subject: 'Your booking' });
    expect(sent!.message).toMatch(
      /<body><p>See you tonight.<\/p><p class="unsubscribe-footer"><a href="http:\/\/sandbox\.test\/unsubscribe\/[^"]+">Unsubscribe<\/a><\/p><\/body>/,
    );
  });

  it('replaces #unsubscribe# with the unsubscribe address and adds no footer', async () => {
    await email({ html: '<p>Hi</p><a href="#unsubscribe#">Leave</a>' });
    const [sent] = t.sandbox.operator.messages({ channel: 'email' });
    expect(sent!.message).toMatch(
      /^<p>Hi<\/p><a href="http:\/\/sandbox\.test\/unsubscribe\/1001\/mail1\/[A-Za-z0-9_-]+">Leave<\/a>$/,
    );
  });

  it('the unsubscribe link opts the guest out and counts on the sent item', async () => {
    await t.json('push_contact', [{ client_id: t.clientId, PatronEmail: 'sam@example.com' }]);
    await email({ html: '<a href="#unsubscribe#">x</a>' });
    const link = /href="http:\/\/sandbox\.test([^"]+)"/.exec(t.sandbox.operator.messages()[0]!.message!)![1]!;
    expect((await t.raw(link)).status).toBe(200);
    const [item] = (await t.form('sent_items', { reference_id: 'mail1' })).body.data;
    expect(item.count_optout).toBe(1);
  });

  it('makes up a reference_id when none is given', async () => {
    await email({ reference_id: undefined });
    expect(t.sandbox.operator.messages()[0]!.referenceId).toMatch(/^email[A-Za-z0-9]+$/);
  });

  it.each([
    [{ reference_id: 'x'.repeat(42) }, 'Error Sending Email - Invalid Reference ID'],
    [{ reference_id: 'mail 1' }, 'Reference ID contains invalid characters'],
    [{ to_email: 'not-an-address' }, 'Invalid recipient details'],
    [{ subject: undefined }, 'Missing Option subject'],
    [{ html: '' }, 'Missing Option html'],
    [{ from_name: undefined }, 'Missing Option from_name'],
  ])('%j → %s', async (overrides, message) => {
    expect((await email(overrides)).body).toEqual({ result: false, message });
  });

  it('answers "Insufficient Credits" with no email credits', async () => {
    t.sandbox.operator.setCredits(t.clientId, { email: 0 });
    expect((await email()).body).toEqual({ result: false, message: 'Insufficient Credits' });
  });

  it('answers "Unable To Queue Message" under the queue_failure fault', async () => {
    t.sandbox.operator.addFault({ method: 'email', kind: 'queue_failure', count: 1 });
    expect((await email()).body).toEqual({ result: false, message: 'Unable To Queue Message' });
  });

  it('goes out at send_at', async () => {
    await email({ send_at: '2025-06-15 11:00:00' });
    expect(t.sandbox.operator.messages()).toEqual([]);
    t.clock.set('2025-06-15T11:00:00Z');
    t.sandbox.operator.runDue();
    expect(t.sandbox.operator.messages()).toHaveLength(1);
  });
});
