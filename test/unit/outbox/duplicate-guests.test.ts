import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../shared/api/client';
import { createSandbox, type Sandbox } from '../../../sandbox/index';
import { createHarness, email, purchase, sms, type Harness } from './support/outbox-harness';
import { asKind } from '../../support/outbox-entry';

// The rule of docs/architecture.md, "The outbox", against the real sandbox (in-process) and the real SQLite outbox:
// "Duplicate check failed" is this entry's own earlier write only when that write's outcome was
// unknown and the guest found holds what it sent; otherwise a person decides.

const LOCAL = 'local-5a1d0b0c-0000-4000-8000-0000000000d1';

let sandbox: Sandbox;
let client: ServiceClient;
let harness: Harness;

beforeEach(() => {
  sandbox = createSandbox();
  client = createServiceClient({
    baseUrl: 'http://sandbox.test',
    apiKey: sandbox.demo.apiKey,
    fetch: sandbox.fetch.bind(sandbox),
  });
  harness = createHarness({ client, clientId: sandbox.demo.clientId });
});

afterEach(async () => {
  await harness.outbox.stop();
  sandbox.close();
});

const fault = (method: string, kind: string) => sandbox.operator.addFault({ method, kind, count: 1 });
const clientId = () => sandbox.demo.clientId;

/** A guest someone else put on the service; returns its contact_id. */
async function existingGuest(fields: Record<string, unknown>): Promise<string> {
  const { success } = await client.pushContact([{ client_id: clientId(), ...fields }] as Parameters<
    ServiceClient['pushContact']
  >[0]);
  return String(success[0]!.contact_id);
}

/** The service's record of a guest, by email. */
async function onService(email: string) {
  return client.pullDb({ client_id: clientId(), PatronEmail: email });
}

describe('a new guest the service refuses as a duplicate', () => {
  it("is someone else's guest when no earlier attempt of this entry is in doubt: that guest is left alone and a person decides", async () => {
    const ada = await existingGuest({
      PatronName: 'Ada',
      PatronSurname: 'Lovelace',
      PatronEmail: 'ada@example.com',
      PatronMobile: '+61412000001',
    });
    const item = harness.outbox.enqueue('push_contact', {
      contact_id: LOCAL,
      PatronName: 'Grace',
      PatronEmail: 'ADA@example.com',
    });
    const bought = harness.outbox.enqueue('add_purchase', purchase(LOCAL));
    await harness.outbox.settle();

    const view = harness.outbox.get(item.id)!;
    expect(view.state).toBe('needs_attention');
    expect(view.problem?.message).toContain('one guest per email and one per mobile');
    expect(view.problem?.existingGuests).toEqual([
      expect.objectContaining({
        contactId: ada,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        mobile: '+61412000001',
      }),
    ]);
    expect(await onService('ada@example.com')).toEqual([
      expect.objectContaining({ contact_id: ada, PatronName: 'Ada', PatronSurname: 'Lovelace' }),
    ]);
    // The purchase still waits on the local id: nothing goes to Ada unless a person says so.
    expect(harness.outbox.get(bought.id)).toMatchObject({ state: 'waiting', payload: { contact_id: LOCAL } });
    expect(sandbox.operator.purchases(clientId())).toHaveLength(0);
  });

  it("is someone else's guest even after an unknown outcome when the guest found does not hold what was sent", async () => {
    const ada = await existingGuest({ PatronName: 'Ada', PatronEmail: 'ada@example.com' });
    fault('push_contact', 'drop_before_commit');
    const item = harness.outbox.enqueue('push_contact', {
      contact_id: LOCAL,
      PatronName: 'Grace',
      PatronEmail: 'ada@example.com',
    });
    await harness.outbox.settle();
    expect(harness.outbox.get(item.id)?.state).toBe('waiting');
    await harness.advance(1000);

    expect(harness.outbox.get(item.id)).toMatchObject({
      state: 'needs_attention',
      problem: { existingGuests: [expect.objectContaining({ contactId: ada })] },
    });
    expect(await onService('ada@example.com')).toEqual([
      expect.objectContaining({ contact_id: ada, PatronName: 'Ada' }),
    ]);
  });

  it('is this entry’s own earlier write when that write’s answer was lost and the guest holds what it sent', async () => {
    fault('push_contact', 'drop_after_commit');
    const item = harness.outbox.enqueue('push_contact', {
      contact_id: LOCAL,
      PatronName: 'Eve',
      PatronSurname: 'Moneypenny',
      PatronEmail: 'eve@example.com',
      PatronMobile: '0412 000 002',
    });
    const bought = harness.outbox.enqueue('add_purchase', purchase(LOCAL));
    await harness.outbox.settle();
    await harness.advance(1000);

    const view = harness.outbox.get(item.id)!;
    expect(view).toMatchObject({ state: 'sent', result: { matchedOwnEarlierWrite: true } });
    const records = await onService('eve@example.com');
    expect(records).toEqual([
      expect.objectContaining({ contact_id: asKind(view, 'push_contact').result?.contact_id, PatronName: 'Eve' }),
    ]);
    await harness.outbox.settle();
    expect(harness.outbox.get(bought.id)?.state).toBe('sent');
    expect(sandbox.operator.purchases(clientId())).toEqual([
      expect.objectContaining({ contact_id: asKind(view, 'push_contact').result?.contact_id }),
    ]);
  });

  it('is not taken as its own when the guest found was changed by someone else after the lost answer', async () => {
    fault('push_contact', 'drop_after_commit');
    const item = harness.outbox.enqueue('push_contact', {
      contact_id: LOCAL,
      PatronName: 'Eve',
      PatronEmail: 'eve@example.com',
    });
    await harness.outbox.settle();
    const [created] = await onService('eve@example.com');
    await client.pushContact([
      { client_id: clientId(), contact_id: String(created!.contact_id), PatronName: 'Evelyn' },
    ] as Parameters<ServiceClient['pushContact']>[0]);
    await harness.advance(1000);

    expect(harness.outbox.get(item.id)).toMatchObject({
      state: 'needs_attention',
      problem: { existingGuests: [expect.objectContaining({ name: 'Evelyn' })] },
    });
    expect(await onService('eve@example.com')).toEqual([expect.objectContaining({ PatronName: 'Evelyn' })]);
  });

  it('names both guests when the email belongs to one and the mobile to another', async () => {
    const ada = await existingGuest({ PatronName: 'Ada', PatronEmail: 'ada@example.com' });
    const bob = await existingGuest({ PatronName: 'Bob', PatronMobile: '+61412000003' });
    const item = harness.outbox.enqueue('push_contact', {
      contact_id: LOCAL,
      PatronName: 'Cy',
      PatronEmail: 'ada@example.com',
      PatronMobile: '0412 000 003',
    });
    await harness.outbox.settle();
    const guests = harness.outbox.get(item.id)?.problem?.existingGuests ?? [];
    expect(guests.map((guest) => guest.contactId).sort()).toEqual([ada, bob].sort());
  });
});

describe('adding a refused new guest’s details to the guest the service has (a person’s choice)', () => {
  it('pushes only the chosen details to that guest’s contact_id, never blanks a field, then sends the waiting purchase to it', async () => {
    const ada = await existingGuest({
      PatronName: 'Ada',
      PatronSurname: 'Lovelace',
      PatronEmail: 'ada@example.com',
      svc_categories: 'VIP',
    });
    const item = harness.outbox.enqueue('push_contact', {
      contact_id: LOCAL,
      PatronName: 'Augusta',
      PatronSurname: '',
      PatronEmail: 'ada@example.com',
      PatronMobile: '0412 000 004',
      svc_categories: 'Regular',
    });
    const bought = harness.outbox.enqueue('add_purchase', purchase(LOCAL));
    await harness.outbox.settle();
    expect(harness.outbox.get(item.id)?.state).toBe('needs_attention');

    harness.outbox.addToExistingGuest(item.id, ada, ['PatronMobile', 'svc_categories']);
    await harness.outbox.settle();

    expect(harness.outbox.get(item.id)).toMatchObject({
      state: 'sent',
      result: { contact_id: ada, addedToExistingGuest: true },
    });
    const [record] = await onService('ada@example.com');
    expect(record).toMatchObject({
      contact_id: ada,
      PatronName: 'Ada',
      PatronSurname: 'Lovelace',
      PatronMobile: '0412 000 004',
    });
    expect(String(record!.svc_categories).split(',').sort()).toEqual(['Regular', 'VIP']);
    expect(harness.outbox.get(bought.id)?.state).toBe('sent');
    expect(sandbox.operator.purchases(clientId())).toEqual([expect.objectContaining({ contact_id: ada })]);
  });

  it('an edit made after the choice (while offline) still goes to the guest on file', async () => {
    const ada = await existingGuest({ PatronName: 'Ada', PatronEmail: 'ada@example.com' });
    const item = harness.outbox.enqueue('push_contact', {
      contact_id: LOCAL,
      PatronName: 'Grace',
      PatronEmail: 'ada@example.com',
      MemberNumber: 'M1',
    });
    await harness.outbox.settle();
    await sandbox.operator.setOffline(true);
    harness.outbox.addToExistingGuest(item.id, ada, ['MemberNumber']);
    await harness.outbox.settle();
    const queued = harness.outbox.get(item.id)!;
    harness.outbox.edit(item.id, {
      kind: 'push_contact',
      payload: { ...asKind(queued, 'push_contact').payload, MemberNumber: 'M2' },
    });
    await sandbox.operator.setOffline(false);
    harness.outbox.notifyOnline();
    await harness.outbox.settle();
    expect(harness.outbox.get(item.id)).toMatchObject({ state: 'sent', result: { contact_id: ada } });
    expect(await onService('ada@example.com')).toEqual([
      expect.objectContaining({ contact_id: ada, PatronName: 'Ada', MemberNumber: 'M2' }),
    ]);
  });

  it('with nothing ticked, the entry is done at once (nothing pushed) and the waiting purchase goes to the guest on file', async () => {
    const ada = await existingGuest({ PatronName: 'Ada', PatronEmail: 'ada@example.com' });
    const item = harness.outbox.enqueue('push_contact', {
      contact_id: LOCAL,
      PatronName: 'Grace',
      PatronEmail: 'ada@example.com',
    });
    const bought = harness.outbox.enqueue('add_purchase', purchase(LOCAL));
    await harness.outbox.settle();
    harness.outbox.addToExistingGuest(item.id, ada, []);
    await harness.outbox.settle();
    expect(harness.outbox.get(item.id)).toMatchObject({
      state: 'sent',
      result: { contact_id: ada, addedToExistingGuest: true },
    });
    expect(await onService('ada@example.com')).toEqual([expect.objectContaining({ PatronName: 'Ada' })]);
    expect(harness.outbox.get(bought.id)?.state).toBe('sent');
    expect(sandbox.operator.purchases(clientId())).toEqual([expect.objectContaining({ contact_id: ada })]);
    // Later entries for the local id are written for the guest on file at once.
    expect(
      asKind(harness.outbox.enqueue('add_purchase', purchase(LOCAL, 'Coffee')), 'add_purchase').payload.contact_id,
    ).toBe(ada);
  });

  it('refuses a guest the entry does not name', async () => {
    await existingGuest({ PatronName: 'Ada', PatronEmail: 'ada@example.com' });
    const other = await existingGuest({ PatronName: 'Zoe', PatronEmail: 'zoe@example.com' });
    const item = harness.outbox.enqueue('push_contact', {
      contact_id: LOCAL,
      PatronName: 'Grace',
      PatronEmail: 'ada@example.com',
    });
    await harness.outbox.settle();
    expect(() => harness.outbox.addToExistingGuest(item.id, other, ['PatronName'])).toThrow(/does not name that guest/);
    expect(harness.outbox.get(item.id)?.state).toBe('needs_attention');
  });
});

describe('other reconciliations apply a write only to its own record', () => {
  it('several new guests in one call each get the id of the guest that holds what they sent', async () => {
    await harness.outbox.stop();
    harness = createHarness({ client, clientId: clientId(), start: false });
    const emails = ['one@example.com', 'two@example.com', 'three@example.com'];
    const items = emails.map((address, index) =>
      harness.outbox.enqueue('push_contact', { contact_id: `${LOCAL.slice(0, -2)}e${index}`, PatronEmail: address }),
    );
    harness.outbox.start();
    await harness.outbox.settle();
    for (const [index, item] of items.entries()) {
      const view = harness.outbox.get(item.id)!;
      expect(view.state).toBe('sent');
      expect(await onService(emails[index]!)).toEqual([
        expect.objectContaining({ contact_id: asKind(view, 'push_contact').result?.contact_id }),
      ]);
    }
  });

  it('several new guests without a local id, all created: sent, and no id is given to a guest on a guess', async () => {
    await harness.outbox.stop();
    harness = createHarness({ client, clientId: clientId(), start: false });
    const items = ['a1@example.com', 'a2@example.com'].map((address) =>
      harness.outbox.enqueue('push_contact', { PatronEmail: address }),
    );
    harness.outbox.start();
    await harness.outbox.settle();
    for (const item of items) {
      const view = harness.outbox.get(item.id)!;
      expect(view).toMatchObject({ state: 'sent', result: { created: true } });
      expect(asKind(view, 'push_contact').result?.contact_id).toBeUndefined();
    }
    expect(await onService('a1@example.com')).toHaveLength(1);
  });

  it('a call where one of several new guests is refused: the created ones get their own ids by lookup, the refused one is judged alone', async () => {
    const ada = await existingGuest({ PatronName: 'Ada', PatronEmail: 'ada@example.com' });
    await harness.outbox.stop();
    harness = createHarness({ client, clientId: clientId(), start: false });
    const locals = [0, 1, 2].map((index) => `${LOCAL.slice(0, -2)}f${index}`);
    const emails = ['b1@example.com', 'ada@example.com', 'b3@example.com'];
    const items = emails.map((address, index) =>
      harness.outbox.enqueue('push_contact', {
        contact_id: locals[index],
        PatronName: `Guest ${index}`,
        PatronEmail: address,
      }),
    );
    harness.outbox.start();
    await harness.outbox.settle();
    await harness.advance(1000);
    for (const index of [0, 2]) {
      const view = harness.outbox.get(items[index]!.id)!;
      expect(await onService(emails[index]!)).toEqual([
        expect.objectContaining({ contact_id: asKind(view, 'push_contact').result?.contact_id }),
      ]);
    }
    expect(harness.outbox.get(items[1]!.id)).toMatchObject({
      state: 'needs_attention',
      problem: { existingGuests: [expect.objectContaining({ contactId: ada })] },
    });
    expect(await onService('ada@example.com')).toEqual([
      expect.objectContaining({ contact_id: ada, PatronName: 'Ada' }),
    ]);
  });

  it('an SMS whose reference the service lists for a different message is not taken as sent', async () => {
    await client.sms({ from: 'Other', to: '+61412000005', message: 'Someone else', reference_id: 'shared42' });
    fault('sms', 'drop_before_commit');
    const item = harness.outbox.enqueue('sms', { ...sms('Your table is ready'), reference_id: 'shared42' });
    await harness.outbox.settle();
    await harness.advance(1000);
    expect(harness.outbox.get(item.id)).toMatchObject({
      state: 'needs_attention',
      problem: { message: expect.stringContaining('different SMS') },
    });
  });

  it('an email whose reference the service lists with another subject is not taken as sent; one with its own subject is', async () => {
    await client.email({
      to_email: 'x@example.com',
      to_name: 'X',
      from_email: 'desk@venue.example',
      from_name: 'Other desk',
      subject: 'Not yours',
      html: '<p>x</p>',
      reference_id: 'shared43',
    });
    fault('email', 'drop_before_commit');
    const theirs = harness.outbox.enqueue('email', { ...email('Your booking'), reference_id: 'shared43' });
    await harness.outbox.settle();
    await harness.advance(1000);
    expect(harness.outbox.get(theirs.id)).toMatchObject({
      state: 'needs_attention',
      problem: { message: expect.stringContaining('different email') },
    });

    fault('email', 'drop_after_commit');
    const ours = harness.outbox.enqueue('email', email('Only once'));
    await harness.outbox.settle();
    await harness.advance(1000);
    expect(harness.outbox.get(ours.id)).toMatchObject({ state: 'sent', result: { confirmedBy: 'sent_items' } });
    expect(
      sandbox.operator
        .messages({ clientId: clientId(), channel: 'email' })
        .filter((message) => message.subject === 'Only once'),
    ).toHaveLength(1);
  });

  it('a booking for a new guest with someone else’s email is not pushed onto that guest', async () => {
    sandbox.operator.enableReservations(clientId());
    const ada = await existingGuest({ PatronName: 'Ada', PatronEmail: 'ada@example.com' });
    const item = harness.outbox.enqueue('push_reservations', {
      reservation: { id: 'RDUP1', total_attendees: 2 },
      contact: { PatronName: 'Grace', PatronEmail: 'ada@example.com' },
    });
    await harness.outbox.settle();
    expect(harness.outbox.get(item.id)).toMatchObject({
      state: 'needs_attention',
      problem: { existingGuests: [expect.objectContaining({ contactId: ada })] },
    });
    expect(await onService('ada@example.com')).toEqual([expect.objectContaining({ PatronName: 'Ada' })]);
    expect(await client.pullReservations({ client_id: clientId() })).toEqual([]);
  });

  it('a booking for a new guest refused as a duplicate goes to the guest on file once a person chose it, with only the chosen details', async () => {
    sandbox.operator.enableReservations(clientId());
    const ada = await existingGuest({ PatronName: 'Ada', PatronEmail: 'ada@example.com' });
    const item = harness.outbox.enqueue('push_reservations', {
      reservation: { id: 'RDUP2', total_attendees: 4 },
      contact: { PatronName: 'Grace', PatronEmail: 'ada@example.com', PatronMobile: '0412 000 006' },
    });
    await harness.outbox.settle();
    expect(harness.outbox.get(item.id)?.state).toBe('needs_attention');
    harness.outbox.addToExistingGuest(item.id, ada, ['PatronMobile']);
    await harness.outbox.settle();
    expect(harness.outbox.get(item.id)?.state).toBe('sent');
    expect(await client.pullReservations({ client_id: clientId() })).toEqual([
      expect.objectContaining({
        reservation: expect.objectContaining({ id: 'RDUP2' }),
        contact: expect.objectContaining({ contact_id: ada }),
      }),
    ]);
    expect(await onService('ada@example.com')).toEqual([
      expect.objectContaining({ PatronName: 'Ada', PatronMobile: '0412 000 006' }),
    ]);
  });
});
