// The booking channels of the desk core, against the real outbox (SQLite) and the sandbox.
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../shared/api/client';
import { openDeskDatabase } from '../../../electron/core/db/open-database';
import { createDeskEvents } from '../../../electron/core/events';
import { createGuestHandlers } from '../../../electron/core/guests/handlers';
import { createOutbox, type Outbox } from '../../../electron/core/outbox/outbox';
import { createReservationHandlers } from '../../../electron/core/reservations/handlers';
import type { ReservationRecord } from '../../../shared/api/response-schemas';
import { BOOKING_GUEST_FIELDS } from '../../../shared/rules/booking-fields';
import type { AccountSettings, DeskServices } from '../../../electron/core/services';
import { createSandbox, type Sandbox } from '../../../sandbox/index';
import { answerBrokenAfter, openingOf } from '../../support/broken-answer';

let sandbox: Sandbox;
let client: ServiceClient;
let db: Database;
let outbox: Outbox;
let online: boolean;
/** Changes the service's answers on their way to the desk (a connection lost part way, a record spoiled). */
let answerTransform: ((response: Response) => Response) | undefined;
let handlers: ReturnType<typeof createReservationHandlers> & ReturnType<typeof createGuestHandlers>;

const settings = (): AccountSettings => ({
  label: 'Demo',
  clientId: sandbox.demo.clientId,
  baseUrl: 'http://sandbox.test',
  timeZone: 'Australia/Sydney',
  defaultPhoneCountry: 'AU',
  demo: true,
});

beforeEach(() => {
  sandbox = createSandbox({ demo: true, demoGuests: 120 });
  online = true;
  answerTransform = undefined;
  const fetchWhenOnline: typeof fetch = async (input, init) => {
    if (!online) throw new TypeError('fetch failed');
    const response = await sandbox.fetch(input, init);
    return answerTransform ? answerTransform(response) : response;
  };
  client = createServiceClient({
    baseUrl: 'http://sandbox.test',
    apiKey: sandbox.demo.apiKey,
    fetch: fetchWhenOnline,
    timeZone: 'Australia/Sydney',
  });
  db = openDeskDatabase(':memory:');
  outbox = createOutbox({
    db,
    account: () => ({ clientId: sandbox.demo.clientId, client, phoneCountry: 'AU' }),
    config: { probeIntervalMs: 20 },
  });
  outbox.start();
  const services: DeskServices = {
    events: createDeskEvents(),
    account: settings,
    requireClient: () => client,
    enqueue: async (kind, payload, options) => outbox.enqueue(kind, payload, options),
  };
  handlers = {
    ...createGuestHandlers(services),
    ...createReservationHandlers(services, {
      pendingEntries: () => outbox.list({ states: ['queued', 'sending', 'waiting', 'needs_attention'] }),
    }),
  };
});

afterEach(async () => {
  await outbox.stop();
  db.close();
  sandbox.close();
});

const booking = (id: string, time = '19:30:00') => ({
  id,
  total_attendees: 4,
  attendee_names: ['Ann Lee'],
  bookingStatus: 'Unconfirmed',
  Date: '2026-12-24',
  Time: time,
  custom: { tableArea: 'Terrace' },
});

/** Bookings as the core hands them on: each guest's contact cut to its ids and BOOKING_GUEST_FIELDS. */
function asHanded(records: ReservationRecord[]): ReservationRecord[] {
  return records.map(({ reservation, contact }) => ({
    reservation,
    contact: {
      client_id: contact.client_id,
      contact_id: contact.contact_id,
      ...Object.fromEntries(BOOKING_GUEST_FIELDS.flatMap((name) => (name in contact ? [[name, contact[name]]] : []))),
    },
  }));
}

describe('booking channels', () => {
  it('answers with a plain sentence, not an error, when the account has no reservations', async () => {
    sandbox.operator.enableReservations(sandbox.demo.clientId, false);
    await expect(handlers.pullReservations({})).resolves.toEqual({
      enabled: false,
      message: expect.stringMatching(/^Reservations are not set up for this account\./),
    });
    await expect(handlers.listReservationFields({})).resolves.toMatchObject({ enabled: false });
  });

  it('pulls bookings with their guests in pages, and the reservation fields', async () => {
    const whole = await client.pullReservations({ client_id: sandbox.demo.clientId });
    const pull = await handlers.pullReservations({});
    if (!pull.enabled) throw new Error('reservations should be on');
    // The pull is read as the service's answer arrives: its total is not known when it starts, and the
    // pages say whether more may come (this reworded `pull.total`, which the streamed pull no longer gives).
    expect(pull.total).toBeUndefined();
    const page = await handlers.pullReservationsPage({ pullId: pull.pullId, offset: 0, limit: 10 });
    expect(page.bookings).toHaveLength(10);
    expect(page.bookings[0]!.contact.contact_id).toMatch(/^\d+$/);
    const pulled = [...page.bookings];
    for (let last = page; last.more || last.remaining > 0; pulled.push(...last.bookings))
      last = await handlers.pullReservationsPage({ pullId: pull.pullId, offset: pulled.length, limit: 25 });
    expect(pulled.length).toBeGreaterThan(50);
    expect(page.remaining).toBeLessThanOrEqual(pulled.length - 10);
    // Each booking comes with its guest cut to the fields a cached booking keeps (this, and the two tests below,
    // reworded `toEqual(whole)`: the pages no longer carry the guest's other fields, which nothing read).
    expect(pulled).toEqual(asHanded(whole));
    expect(whole.some(({ contact }) => Object.keys(contact).length > BOOKING_GUEST_FIELDS.length + 2)).toBe(true);
    expect(pulled.some(({ contact }) => typeof contact.PatronName === 'string')).toBe(true);
    await expect(handlers.pullReservationsPage({ pullId: pull.pullId, offset: 0, limit: 10 })).rejects.toThrow(
      /expired/,
    );
    const fields = await handlers.listReservationFields({});
    expect(fields.enabled && fields.fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(['bookingStatus', 'Date', 'Time', 'tableArea', 'specialRequests']),
    );
  });

  it('answers the pull before the service’s answer has ended; a connection lost part way reaches the page asked for, in staff’s words', async () => {
    const whole = await client.pullReservations({ client_id: sandbox.demo.clientId });
    answerTransform = () => answerBrokenAfter(openingOf(whole, 10));
    const pull = await handlers.pullReservations({});
    if (!pull.enabled) throw new Error('reservations should be on');
    const page = await handlers.pullReservationsPage({ pullId: pull.pullId, offset: 0, limit: 10 });
    expect(page.bookings).toEqual(asHanded(whole.slice(0, 10)));
    await expect(handlers.pullReservationsPage({ pullId: pull.pullId, offset: 10, limit: 10 })).rejects.toThrow(
      /^The service took too long to send the bookings/,
    );
  });

  it('leaves out a booking the desk cannot read and brings all the others', async () => {
    const whole = await client.pullReservations({ client_id: sandbox.demo.clientId });
    answerTransform = () => {
      const spoiled = [whole[0], { reservation: { total_attendees: 2 }, contact: {} }, ...whole.slice(1)];
      return new Response(JSON.stringify(spoiled), { status: 200 });
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const pull = await handlers.pullReservations({});
      if (!pull.enabled) throw new Error('reservations should be on');
      const page = await handlers.pullReservationsPage({ pullId: pull.pullId, offset: 0, limit: 5000 });
      expect(page).toEqual({ bookings: asHanded(whole), remaining: 0, more: false, leftOut: 1 });
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[desk\] 1 of the bookings could not be read/));
    } finally {
      warn.mockRestore();
    }
  });

  it('holds a booking for a guest recorded offline until the guest has a contact_id, then pushes it once under the desk’s id; a second push updates it', async () => {
    online = false;
    const localId = 'local-0f8e1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
    await handlers.createGuest({
      localId,
      fields: { PatronName: 'Ann', PatronSurname: 'Lee', PatronEmail: 'ann.lee.booking@example.com' },
    });
    const queued = await handlers.saveBooking({ guestKey: localId, booking: booking('vd-test-1') });
    expect((await handlers.listPendingBookings({})).items.map((item) => item.id)).toEqual([queued.outboxId]);
    online = true;
    outbox.notifyOnline();
    await expect.poll(() => outbox.get(queued.outboxId)?.state, { timeout: 10_000, interval: 20 }).toBe('sent');
    const [guest] = await client.pullDb({
      client_id: sandbox.demo.clientId,
      PatronEmail: 'ann.lee.booking@example.com',
    });
    const mine = async () =>
      (await client.pullReservations({ client_id: sandbox.demo.clientId })).filter(
        (item) => item.reservation.id === 'vd-test-1',
      );
    expect(await mine()).toEqual([
      expect.objectContaining({ contact: expect.objectContaining({ contact_id: guest!.contact_id }) }),
    ]);
    expect((await mine())[0]!.reservation).toMatchObject({
      total_attendees: 4,
      Time: '19:30:00',
      bookingStatus: 'Unconfirmed',
      tableArea: 'Terrace',
      attendee_names: ['Ann Lee'],
    });

    const moved = await handlers.saveBooking({
      guestKey: guest!.contact_id,
      booking: { ...booking('vd-test-1', '21:00:00'), bookingStatus: 'No-show' },
    });
    await expect.poll(() => outbox.get(moved.outboxId)?.state, { timeout: 10_000, interval: 20 }).toBe('sent');
    expect((await mine()).map((item) => [item.reservation.Time, item.reservation.bookingStatus])).toEqual([
      ['21:00:00', 'No-show'],
    ]);
    // The status the desk added exists now as an option of bookingStatus, as a pushed select value creates it.
    const fields = await handlers.listReservationFields({});
    expect(fields.enabled && fields.fields.find((field) => field.name === 'bookingStatus')?.options).toEqual(
      expect.arrayContaining(['Unconfirmed', 'Pending', 'Confirmed', 'No-show']),
    );
  });

  it('refuses a booking that is not one, with the reason, before anything is queued', async () => {
    await expect(handlers.saveBooking({ guestKey: '', booking: booking('x') } as never)).rejects.toThrow();
    expect(outbox.list()).toHaveLength(0);
  });
});
