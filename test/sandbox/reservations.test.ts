// Reservations: push with contacts, pull with touched filters, fields with bookingStatus options (sections 2.6, 4.17–4.19).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findAccountByClientId } from '../../sandbox/store/accounts';
import { upsertReservation } from '../../sandbox/store/reservations';
import { sql } from '../../sandbox/store/schema';
import { makeSandbox, type TestSandbox } from './support/sandbox';

let t: TestSandbox;
beforeEach(() => {
  t = makeSandbox();
  t.sandbox.operator.enableReservations(t.clientId);
});
afterEach(() => t.close());

const NOT_SET_UP = { result: false, message: 'Reservations not setup for this account' };

describe('reservations not enabled', () => {
  it('all three methods answer "Reservations not setup for this account"', async () => {
    t.sandbox.operator.enableReservations(t.clientId, false);
    expect((await t.json('pull_reservations', { client_id: t.clientId })).body).toEqual(NOT_SET_UP);
    expect((await t.json('get_reservation_fields', { client_id: t.clientId })).body).toEqual(NOT_SET_UP);
    expect((await t.json('push_reservations', [])).body).toEqual(NOT_SET_UP);
  });
});

describe('get_reservation_fields', () => {
  it('lists the fields with bookingStatus options Unconfirmed, Pending, Confirmed', async () => {
    const { body } = await t.json('get_reservation_fields', { client_id: t.clientId });
    const byName = Object.fromEntries(body.fields.map((f: { name: string }) => [f.name, f]));
    expect(byName.bookingStatus).toMatchObject({
      type: 'singleSelect',
      options: ['Unconfirmed', 'Pending', 'Confirmed'],
    });
    expect(byName.Date.type).toBe('date');
    expect(byName.Time.type).toBe('time');
    expect(byName.total_attendees.type).toBe('number');
  });

  it('answers the client id messages', async () => {
    expect((await t.json('get_reservation_fields', {})).body).toEqual({
      result: false,
      message: 'No client ID provided',
    });
    expect((await t.json('get_reservation_fields', { client_id: 'x' })).body).toEqual({
      result: false,
      message: 'Invalid client ID provided',
    });
  });
});

describe('push_reservations and pull_reservations', () => {
  it('creates the contact and the reservation; attendee names as CSV or array', async () => {
    const { body } = await t.json('push_reservations', [
      {
        reservation: {
          total_attendees: 2,
          attendee_names: 'Sam Lee, Ana Costa',
          bookingStatus: 'Pending',
          Date: '2025-06-20',
          Time: '19:30:00',
        },
        contact: { client_id: t.clientId, PatronEmail: 'sam@example.com', PatronName: 'Sam' },
      },
      {
        reservation: { id: 'EXT-7', total_attendees: 1, attendee_names: ['Jo'] },
        contact: { client_id: t.clientId, PatronMobile: '0412 345 678' },
      },
    ]);
    expect(body.failures).toEqual([]);
    expect(body.success).toEqual([
      { client_id: t.clientId, contact_id: expect.any(String), reservation_id: expect.any(String) },
      { client_id: t.clientId, contact_id: expect.any(String), reservation_id: 'EXT-7' },
    ]);
    const pulled = (await t.json('pull_reservations', { client_id: t.clientId })).body;
    expect(pulled).toHaveLength(2);
    expect(pulled[0]).toEqual({
      reservation: {
        id: body.success[0].reservation_id,
        total_attendees: 2,
        attendee_names: ['Sam Lee', 'Ana Costa'],
        bookingStatus: 'Pending',
        Date: '2025-06-20',
        Time: '19:30:00',
      },
      contact: {
        client_id: t.clientId,
        contact_id: body.success[0].contact_id,
        PatronEmail: 'sam@example.com',
        PatronName: 'Sam',
      },
    });
  });

  it('links to an existing contact by contact_id alone and updates a reservation by id', async () => {
    const contactId = (await t.json('push_contact', [{ client_id: t.clientId, PatronEmail: 'a@example.com' }])).body
      .success[0].contact_id;
    await t.json('push_reservations', [
      {
        reservation: { id: 'B1', total_attendees: 2, bookingStatus: 'Pending' },
        contact: { client_id: t.clientId, contact_id: contactId },
      },
    ]);
    await t.json('push_reservations', [
      {
        reservation: { id: 'B1', bookingStatus: 'Confirmed' },
        contact: { client_id: t.clientId, contact_id: contactId },
      },
    ]);
    const pulled = (await t.json('pull_reservations', { client_id: t.clientId })).body;
    expect(pulled).toHaveLength(1);
    expect(pulled[0].reservation).toEqual({ id: 'B1', total_attendees: 2, bookingStatus: 'Confirmed' });
    expect(pulled[0].contact.contact_id).toBe(contactId);
  });

  it('reports per-item failures with client, contact and reservation ids', async () => {
    const { body } = await t.json('push_reservations', [
      { reservation: { id: 'X1' }, contact: { PatronEmail: 'a@example.com' } },
      { reservation: { id: 'X2' }, contact: { client_id: 'other', PatronEmail: 'a@example.com' } },
      { reservation: { id: 'X3' }, contact: { client_id: t.clientId, contact_id: '424242' } },
      { reservation: { id: 'X4' } },
    ]);
    expect(body.success).toEqual([]);
    expect(body.failures).toEqual([
      {
        client_id: null,
        contact_id: null,
        reservation_id: 'X1',
        reason: { code: 1007, desc: 'No client ID provided' },
      },
      {
        client_id: 'other',
        contact_id: null,
        reservation_id: 'X2',
        reason: { code: 1008, desc: 'Invalid client ID provided' },
      },
      {
        client_id: t.clientId,
        contact_id: '424242',
        reservation_id: 'X3',
        reason: { code: 1009, desc: 'No such contact in database' },
      },
      {
        client_id: null,
        contact_id: null,
        reservation_id: 'X4',
        reason: { code: 1031, desc: expect.stringMatching(/reservation and contact/) },
      },
    ]);
    expect((await t.json('pull_reservations', { client_id: t.clientId })).body).toEqual([]);
  });

  it('pull_reservations filters by touched_from / touched_to', async () => {
    t.clock.set('2025-06-01T10:00:00Z');
    await t.json('push_reservations', [
      { reservation: { id: 'A' }, contact: { client_id: t.clientId, PatronEmail: 'a@example.com' } },
    ]);
    t.clock.set('2025-06-05T10:00:00Z');
    await t.json('push_reservations', [
      { reservation: { id: 'B' }, contact: { client_id: t.clientId, PatronEmail: 'b@example.com' } },
    ]);
    const ids = async (filter: object) =>
      (await t.json('pull_reservations', { client_id: t.clientId, ...filter })).body.map(
        (r: { reservation: { id: string } }) => r.reservation.id,
      );
    expect(await ids({ touched_from: '2025-06-03 00:00:00' })).toEqual(['B']);
    expect(await ids({ touched_to: '2025-06-03 00:00:00' })).toEqual(['A']);
    expect(await ids({})).toEqual(['A', 'B']);
  });

  it('pull_reservations answers each stored reservation with its contact, as the stored objects spread after the ids', async () => {
    await t.json('push_reservations', [
      { reservation: { id: 'X1' }, contact: { client_id: t.clientId, PatronEmail: 'a@example.com' } },
      { reservation: { id: 'X2' }, contact: { client_id: t.clientId, PatronEmail: 'b@example.com' } },
    ]);
    const { db } = t.sandbox.context;
    const account = findAccountByClientId(db, t.clientId)!;
    const contactId = (id: number, data: object) => {
      sql(db, 'UPDATE contacts SET data = ? WHERE id = ?').run(JSON.stringify(data), id);
      return id;
    };
    const [first, second] = (
      sql(db, 'SELECT id FROM contacts WHERE account_id = ? ORDER BY id LIMIT 2').all(account.id) as { id: number }[]
    ).map((row) => row.id);
    contactId(first!, {});
    contactId(second!, { PatronName: 'Zoë "Z" \\ 渡辺', contact_id: 'stored', client_id: 7 });
    sql(db, 'DELETE FROM reservations WHERE account_id = ?').run(account.id);
    upsertReservation(db, account.id, 'R1', first!, {}, Date.now());
    upsertReservation(
      db,
      account.id,
      'R2',
      second!,
      { id: 'stored', note: '[,]{}"', nested: { a: [1, null] } },
      Date.now(),
    );
    upsertReservation(db, account.id, 'R3', second!, { __proto__: null, total_attendees: 2 }, Date.now());
    const stored = sql(
      db,
      `SELECT r.id, r.data, c.id AS contact_id, c.data AS contact_data FROM reservations r
        JOIN contacts c ON c.id = r.contact_id WHERE r.account_id = ? ORDER BY r.pk`,
    ).all(account.id) as { id: string; data: string; contact_id: number; contact_data: string }[];
    // The reference: the objects spread, later fields winning (the answer as it was built before it was text).
    const expected = stored.map((row) => ({
      reservation: { id: row.id, ...(JSON.parse(row.data) as object) },
      contact: {
        client_id: t.clientId,
        contact_id: String(row.contact_id),
        ...(JSON.parse(row.contact_data) as object),
      },
    }));
    const { body } = await t.json('pull_reservations', { client_id: t.clientId });
    expect(body).toStrictEqual(expected);
    expect(body.map((item: { reservation: { id: string } }) => item.reservation.id)).toEqual(['R1', 'stored', 'R3']);
    expect(body[1].contact).toMatchObject({ client_id: 7, contact_id: 'stored', PatronName: 'Zoë "Z" \\ 渡辺' });
  });

  it('pull_reservations answers "account disabled" for a disabled account', async () => {
    t.sandbox.operator.disableAccount(t.clientId);
    expect((await t.json('pull_reservations', { client_id: t.clientId })).body).toEqual({
      result: false,
      message: 'account disabled',
    });
  });
});
