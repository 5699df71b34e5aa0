// add_purchase and the reservation methods against the sandbox (reference §4.16–4.19), in-process and over HTTP.
import { describe, expect, it } from 'vitest';
import { failureOf } from './support/fake-fetch';
import { TARGETS, useTarget, type Target } from './support/sandbox-targets';

/** A guest of the demo account; its contact_id. */
async function guest(target: Target, email = 'ann@example.com'): Promise<string> {
  const pushed = await target.client.pushContact([
    { client_id: target.demo.clientId, PatronName: 'Ann', PatronEmail: email },
  ]);
  return pushed.success[0]!.contact_id;
}

describe.each(TARGETS)('purchases on the sandbox ($name)', (kind) => {
  const target = useTarget(kind);

  it('adds items (quantity 1 when blank, Date written as the service datetime) and echoes them', async () => {
    const { client, demo, sandbox } = target.current;
    const contactId = await guest(target.current);
    const item = {
      client_id: demo.clientId,
      contact_id: contactId,
      tx_id: 'tx1',
      item_desc: 'Pint',
      price: 9.5,
      purchased_at: new Date(Date.UTC(2025, 5, 1, 20, 15, 0)),
    };
    const result = await client.addPurchase([item]);
    expect(result.failures).toEqual([]);
    expect(result.success).toEqual([{ ...item, purchased_at: '2025-06-01 20:15:00' }]);
    expect(sandbox.operator.purchases(demo.clientId)).toEqual([
      expect.objectContaining({ tx_id: 'tx1', item_qty: 1, price: 9.5 }),
    ]);
  });

  it('reports each documented per-item failure with the item and its reason', async () => {
    const { client, demo } = target.current;
    const contactId = await guest(target.current);
    const base = {
      client_id: demo.clientId,
      contact_id: contactId,
      item_desc: 'Pint',
      price: 9.5,
      purchased_at: '2025-06-01 20:15:00',
    };
    const result = await client.addPurchase([
      { ...base, client_id: '' },
      { ...base, client_id: '4242' },
      { ...base, contact_id: '999999' },
      { client_id: demo.clientId, contact_id: contactId },
      { ...base, item_desc: '' },
      { ...base, price: 'free' },
      { ...base, purchased_at: 'yesterday' },
      { ...base, tx_id: 'ok1' },
    ]);
    expect(result.success).toEqual([expect.objectContaining({ tx_id: 'ok1' })]);
    expect(result.failures.map((failure) => failure.reason.desc)).toEqual([
      'No client ID provided',
      'Invalid client ID provided',
      'No such contact in database',
      'No purchase information to add',
      'No item description provided',
      'No item price provided',
      'No purchase date and time provided',
    ]);
    expect(result.failures[5]).toMatchObject({ price: 'free' });
  });

  it('reports "Purchase add failed" per item when the store fails', async () => {
    const { client, demo, sandbox } = target.current;
    const contactId = await guest(target.current);
    sandbox.operator.addFault({ method: 'add_purchase', kind: 'store_failure', count: 1 });
    const result = await client.addPurchase([
      {
        client_id: demo.clientId,
        contact_id: contactId,
        item_desc: 'Pint',
        price: 9,
        purchased_at: '2025-06-01 20:15:00',
      },
    ]);
    expect(result.failures[0]!.reason.desc).toBe('Purchase add failed');
  });
});

describe.each(TARGETS)('reservations on the sandbox ($name)', (kind) => {
  const target = useTarget(kind);
  const enable = () => target.current.sandbox.operator.enableReservations(target.current.demo.clientId);

  it('pushes a reservation with a new guest, pulls it and lists the reservation fields', async () => {
    enable();
    const { client, demo } = target.current;
    const pushed = await client.pushReservations([
      {
        reservation: {
          id: 'R1',
          total_attendees: 4,
          attendee_names: ['Ann Lee', 'Bob Lee'],
          bookingStatus: 'Confirmed',
          Date: '2025-06-20',
          Time: '19:30:00',
        },
        contact: { client_id: demo.clientId, PatronName: 'Ann', PatronEmail: 'ann@example.com' },
      },
    ]);
    expect(pushed.failures).toEqual([]);
    expect(pushed.success).toEqual([
      { client_id: demo.clientId, contact_id: expect.any(String), reservation_id: 'R1' },
    ]);

    const pulled = await client.pullReservations({
      client_id: demo.clientId,
      touched_from: new Date(Date.now() - 60_000),
    });
    expect(pulled).toEqual([
      expect.objectContaining({
        reservation: expect.objectContaining({ id: 'R1', total_attendees: 4, bookingStatus: 'Confirmed' }),
        contact: expect.objectContaining({
          client_id: demo.clientId,
          contact_id: pushed.success[0]!.contact_id,
          PatronEmail: 'ann@example.com',
        }),
      }),
    ]);

    const { fields } = await client.getReservationFields({ client_id: demo.clientId });
    expect(fields).toContainEqual(
      expect.objectContaining({
        name: 'bookingStatus',
        type: 'singleSelect',
        options: ['Unconfirmed', 'Pending', 'Confirmed'],
      }),
    );
  });

  it('reports per-item failures: no client id, invalid client id, unknown contact', async () => {
    enable();
    const { client } = target.current;
    const result = await client.pushReservations([
      { reservation: { id: 'R2' }, contact: { client_id: '', contact_id: '1' } },
      { reservation: { id: 'R3' }, contact: { client_id: '777', contact_id: '1' } },
      { reservation: { id: 'R4' }, contact: { client_id: target.current.demo.clientId, contact_id: '999999' } },
    ]);
    expect(result.failures.map((failure) => [failure.reservation_id, failure.reason.desc])).toEqual([
      ['R2', 'No client ID provided'],
      ['R3', 'Invalid client ID provided'],
      ['R4', 'No such contact in database'],
    ]);
  });

  it('answers "Reservations not setup for this account" on each reservation method', async () => {
    const { client, demo, sandbox } = target.current;
    sandbox.operator.enableReservations(demo.clientId, false);
    const message = 'Reservations not setup for this account';
    expect(await failureOf(client.pullReservations({ client_id: demo.clientId }))).toMatchObject({
      kind: 'service-failure',
      serviceMessage: message,
    });
    expect(await failureOf(client.getReservationFields({ client_id: demo.clientId }))).toMatchObject({
      serviceMessage: message,
    });
    expect(
      await failureOf(
        client.pushReservations([
          { reservation: { id: 'R5' }, contact: { client_id: demo.clientId, contact_id: '1' } },
        ]),
      ),
    ).toMatchObject({
      serviceMessage: message,
    });
  });

  it.each([
    ['', 'No client ID provided'],
    ['9999', 'Invalid client ID provided'],
  ])('get_reservation_fields and pull_reservations with client_id "%s" → %s', async (id, message) => {
    enable();
    const { client } = target.current;
    expect(await failureOf(client.getReservationFields({ client_id: id }))).toMatchObject({ serviceMessage: message });
    expect(await failureOf(client.pullReservations({ client_id: id }))).toMatchObject({ serviceMessage: message });
  });

  it('answers "account disabled" to pull_reservations of a disabled account', async () => {
    enable();
    const { client, demo, sandbox } = target.current;
    sandbox.operator.disableAccount(demo.clientId);
    expect(await failureOf(client.pullReservations({ client_id: demo.clientId }))).toMatchObject({
      serviceMessage: 'account disabled',
    });
  });
});
