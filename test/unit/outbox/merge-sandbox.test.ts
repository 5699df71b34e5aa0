import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../shared/api/client';
import { createSandbox, type Sandbox } from '../../../sandbox/index';
import { MAX_READ_AGE_MS } from '../../../electron/core/outbox/merge/reader';
import { createHarness, type Harness } from './support/outbox-harness';
import { asKind } from '../../support/outbox-entry';

let sandbox: Sandbox;
let harness: Harness;
/** The service methods the desk called, in order. */
let calls: string[];

beforeEach(() => {
  sandbox = createSandbox({ demo: true });
  calls = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    calls.push(
      String(input instanceof Request ? input.url : input)
        .split('/')
        .pop()!,
    );
    return sandbox.fetch(input, init);
  };
  const client = createServiceClient({ baseUrl: 'http://sandbox.test', apiKey: sandbox.demo.apiKey, fetch });
  harness = createHarness({ client, clientId: sandbox.demo.clientId });
});

afterEach(async () => {
  await harness.outbox.stop();
  sandbox.close();
});

const clientId = () => sandbox.demo.clientId;
const service = () =>
  createServiceClient({
    baseUrl: 'http://sandbox.test',
    apiKey: sandbox.demo.apiKey,
    fetch: sandbox.fetch.bind(sandbox),
  });
/** The desk's cache was pulled a minute ago: the base's time. */
const baseAt = () => new Date(Date.now() - 60_000).toISOString();

/** A booking on the service for one of the demo's guests, as a desk would have cached it. */
async function seedBooking(id: string, guestIndex = 0) {
  const guest = (await service().pullDb({ client_id: clientId() }))[guestIndex];
  const reservation = {
    id,
    total_attendees: 2,
    attendee_names: ['Ann'],
    bookingStatus: 'Unconfirmed',
    Date: '2026-05-01',
    Time: '20:00:00',
  };
  await service().pushReservations([
    { reservation, contact: { client_id: clientId(), contact_id: String(guest!.contact_id) } },
  ]);
  return { reservation, contactId: String(guest!.contact_id) };
}

/** The service's booking now. */
async function serviceBooking(id: string) {
  const all = await service().pullReservations({ client_id: clientId() });
  return all.find((item) => item.reservation.id === id)!.reservation;
}

/** Queues this desk's edit of a booking: the whole booking as staff saved it, with the base it started from. */
function editBooking(seed: Awaited<ReturnType<typeof seedBooking>>, changes: Record<string, unknown>) {
  return harness.outbox.enqueue(
    'push_reservations',
    {
      reservation: { ...seed.reservation, ...changes },
      contact: { contact_id: seed.contactId },
      desk_edit: { base: seed.reservation, baseAt: baseAt() },
    },
    { guestKey: seed.contactId },
  );
}

/** Lets a later round read afresh (a read serves pushes for at most MAX_READ_AGE_MS). */
const nextRound = () => harness.clock.advance(MAX_READ_AGE_MS + 1);

describe('edits merged with the service’s record before they go (issue 20)', () => {
  it('A confirms, B moves the time: the service keeps both', async () => {
    const seed = await seedBooking('RM1');
    sandbox.operator.changeReservation(clientId(), 'RM1', { fields: { bookingStatus: 'Confirmed' } });
    const entry = editBooking(seed, { Time: '20:45:00' });
    await harness.outbox.settle();
    expect(await serviceBooking('RM1')).toMatchObject({
      bookingStatus: 'Confirmed',
      Time: '20:45:00',
      total_attendees: 2,
    });
    expect(asKind(harness.outbox.get(entry.id), 'push_reservations')).toMatchObject({
      state: 'sent',
      result: { merged: { bookingStatus: 'Confirmed', Time: '20:45:00' } },
    });
  });

  it('both set the party size: the entry needs attention with both values, nothing is pushed; Keep mine sends this desk’s', async () => {
    const seed = await seedBooking('RM2');
    sandbox.operator.changeReservation(clientId(), 'RM2', { fields: { total_attendees: 6 } });
    const entry = editBooking(seed, { total_attendees: 3 });
    await harness.outbox.settle();
    const view = asKind(harness.outbox.get(entry.id), 'push_reservations');
    expect(view.state).toBe('needs_attention');
    expect(view.problem?.conflict).toMatchObject({
      record: 'booking',
      fields: [{ field: 'total_attendees', base: 2, mine: 3, theirs: 6 }],
      theirs: { total_attendees: 6, bookingStatus: 'Unconfirmed' },
    });
    expect(view.problem?.message).toContain('party size 3 here, 6 there');
    expect((await serviceBooking('RM2')).total_attendees).toBe(6);

    // Meanwhile another desk confirms it: keeping this desk's party size keeps that too.
    sandbox.operator.changeReservation(clientId(), 'RM2', { fields: { bookingStatus: 'Confirmed' } });
    nextRound();
    expect(harness.outbox.resolveConflict(entry.id, { keep: 'mine' })?.state).toBe('queued');
    await harness.outbox.settle();
    expect(await serviceBooking('RM2')).toMatchObject({ total_attendees: 3, bookingStatus: 'Confirmed' });
    expect(harness.outbox.get(entry.id)?.state).toBe('sent');
  });

  it('Keep theirs leaves the service’s value and the entry leaves the outbox', async () => {
    const seed = await seedBooking('RM3');
    sandbox.operator.changeReservation(clientId(), 'RM3', { fields: { total_attendees: 6 } });
    const entry = editBooking(seed, { total_attendees: 3 });
    await harness.outbox.settle();
    expect(harness.outbox.resolveConflict(entry.id, { keep: 'theirs' })).toBeUndefined();
    expect(harness.outbox.get(entry.id)).toBeUndefined();
    await harness.outbox.settle();
    expect((await serviceBooking('RM3')).total_attendees).toBe(6);
  });

  it('a booking cancelled elsewhere while moved here waits for a person; Keep mine reinstates it', async () => {
    const seed = await seedBooking('RM4');
    sandbox.operator.changeReservation(clientId(), 'RM4', { fields: { bookingStatus: 'Cancelled' } });
    const entry = editBooking(seed, { Time: '21:30:00' });
    await harness.outbox.settle();
    const view = asKind(harness.outbox.get(entry.id), 'push_reservations');
    expect(view.problem?.conflict).toMatchObject({ cancelledElsewhere: true });
    expect(view.problem?.message).toBe('This booking was cancelled on another desk while it was changed here.');
    expect(await serviceBooking('RM4')).toMatchObject({ bookingStatus: 'Cancelled', Time: '20:00:00' });
    nextRound();
    harness.outbox.resolveConflict(entry.id, { keep: 'mine' });
    await harness.outbox.settle();
    expect(await serviceBooking('RM4')).toMatchObject({ bookingStatus: 'Unconfirmed', Time: '21:30:00' });
  });

  it('a base whose time is unknown (the first pull still under way) merges with the whole list read', async () => {
    const seed = await seedBooking('RM9');
    sandbox.operator.changeReservation(clientId(), 'RM9', { fields: { total_attendees: 6 } });
    // The other desk's change looks a day old: only a read of every booking still finds it.
    sandbox.operator.ageReservations(clientId(), 86_400_000);
    const entry = harness.outbox.enqueue(
      'push_reservations',
      {
        reservation: { ...seed.reservation, total_attendees: 3 },
        contact: { contact_id: seed.contactId },
        desk_edit: { base: seed.reservation },
      },
      { guestKey: seed.contactId },
    );
    await harness.outbox.settle();
    expect(asKind(harness.outbox.get(entry.id), 'push_reservations').problem?.conflict?.fields).toEqual([
      { field: 'total_attendees', base: 2, mine: 3, theirs: 6 },
    ]);
  });

  it('attendee names added on both desks are all kept', async () => {
    const seed = await seedBooking('RM5');
    sandbox.operator.changeReservation(clientId(), 'RM5', { fields: { attendee_names: ['Ann', 'Cleo'] } });
    editBooking(seed, { attendee_names: ['Ann', 'Bob'] });
    await harness.outbox.settle();
    expect((await serviceBooking('RM5')).attendee_names).toEqual(['Ann', 'Cleo', 'Bob']);
  });

  it('reads once for a batch of edits, and not at all for new bookings', async () => {
    const seeds = [await seedBooking('RM6', 0), await seedBooking('RM7', 1), await seedBooking('RM8', 2)];
    calls = [];
    harness.outbox.enqueue('push_reservations', {
      reservation: {
        id: 'RNEW',
        total_attendees: 2,
        bookingStatus: 'Unconfirmed',
        Date: '2026-05-02',
        Time: '19:00:00',
      },
      contact: { contact_id: seeds[0]!.contactId },
    });
    await harness.outbox.settle();
    expect(calls).toEqual(['push_reservations']);
    nextRound();
    calls = [];
    // Three guests' bookings edited: one batch, one read, one push.
    for (const [index, seed] of seeds.entries()) editBooking(seed, { total_attendees: 3 + index });
    await harness.outbox.settle();
    expect(calls).toEqual(['pull_reservations', 'push_reservations']);
    expect((await serviceBooking('RM8')).total_attendees).toBe(5);
    // The same booking edited again: its read must begin after this desk's push of it, so it reads again.
    editBooking(
      { ...seeds[2]!, reservation: { ...seeds[2]!.reservation, total_attendees: 5 } },
      { total_attendees: 9 },
    );
    await harness.outbox.settle();
    expect(calls).toEqual(['pull_reservations', 'push_reservations', 'pull_reservations', 'push_reservations']);
    expect((await serviceBooking('RM8')).total_attendees).toBe(9);
  });

  it('a guest: VIP added elsewhere and Brunch here makes both; a name changed on both is a conflict', async () => {
    const [guest] = await service().pullDb({ client_id: clientId() });
    const contactId = String(guest!.contact_id);
    const categories = String(guest!.svc_categories ?? '');
    sandbox.operator.changeContact(clientId(), contactId, { addCategories: ['VIP'], fields: { PatronName: 'Theirs' } });
    const brunch = [categories, 'Brunch'].filter(Boolean).join(',');
    const added = harness.outbox.enqueue('push_contact', {
      contact_id: contactId,
      svc_categories: brunch,
      desk_edit: { base: { svc_categories: categories }, baseAt: baseAt() },
    });
    const renamed = harness.outbox.enqueue('push_contact', {
      contact_id: contactId,
      PatronName: 'Mine',
      desk_edit: { base: { PatronName: String(guest!.PatronName ?? '') }, baseAt: baseAt() },
    });
    await harness.outbox.settle();
    await harness.advance(MAX_READ_AGE_MS + 1);
    const [after] = (await service().pullDb({ client_id: clientId() })).filter(
      (record) => String(record.contact_id) === contactId,
    );
    expect(String(after!.svc_categories).split(',')).toEqual(expect.arrayContaining(['VIP', 'Brunch']));
    expect(harness.outbox.get(added.id)?.state).toBe('sent');
    expect(asKind(harness.outbox.get(renamed.id), 'push_contact').problem?.conflict?.fields).toEqual([
      { field: 'PatronName', base: guest!.PatronName, mine: 'Mine', theirs: 'Theirs' },
    ]);
    expect(after!.PatronName).toBe('Theirs');
  });
});
