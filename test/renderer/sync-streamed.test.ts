// The bookings' first sync over a pull the core fills as the service's answer arrives (as electron/core/pull-store.ts does):
// the collection keeps asking while more may come, shows the total once known, and a pull that breaks off part
// way is reported, sweeps nothing, and is pulled in full again by the next run.
import { describe, expect, it } from 'vitest';
import type { ReservationRecord } from '../../shared/api';
import type { DeskApi } from '../../shared/bridge/contract';
import { UserFacingError } from '../../shared/bridge/result';
import { GuestDatabase } from '../../renderer/db/guest-db';
import { BookingTables } from '../../renderer/db/tables/reservations';
import { createBookingSync } from '../../renderer/sync/booking-collection';
import type { CollectionStatus } from '../../renderer/sync/collection';

const booking = (n: number): ReservationRecord => ({
  reservation: { id: `B${n}`, total_attendees: 2, bookingStatus: 'Confirmed', Date: '2026-12-24', Time: '19:30:00' },
  contact: { client_id: 'c1', contact_id: String(100 + (n % 7)), PatronName: `Guest ${n}` },
});
const BOOKINGS = Array.from({ length: 12_000 }, (_, n) => booking(n));

let databases = 0;

/**
 * A desk core whose pull_reservations answer arrives in `pieces` (counts of bookings), paged as
 * electron/core/pull-store.ts pages it: while a page waits, pieces arrive until it can be answered, then the
 * answer ends; or, at piece `breakAfter`, the answer breaks off and the page it broke off in fails.
 */
function streamingDesk(pieces: number[], options: { breakAfter?: number; leftOut?: number } = {}) {
  let arrived = 0;
  let piece = 0;
  let state: 'arriving' | 'ended' | 'broken' = 'arriving';
  const pages: Array<{ offset: number; limit: number }> = [];
  /** Lets the answer arrive until `wanted` bookings are in, it has ended, or it broke off. */
  const arriveUntil = (wanted: number) => {
    while (state === 'arriving' && arrived < wanted) {
      if (piece === options.breakAfter) state = 'broken';
      else if (piece === pieces.length) state = 'ended';
      else arrived += pieces[piece++]!;
    }
  };
  const desk: Pick<DeskApi, 'pullReservations' | 'pullReservationsPage' | 'listReservationFields'> = {
    listReservationFields: async () => ({ enabled: true, fields: [] }),
    pullReservations: async () => ({ enabled: true, pullId: 'p1', startedAt: new Date().toISOString() }),
    pullReservationsPage: async ({ offset, limit }) => {
      pages.push({ offset, limit });
      arriveUntil(offset + limit);
      if (state === 'broken' && arrived < offset + limit)
        throw new UserFacingError('The service took too long to send the bookings. Try again in a moment.');
      const bookings = BOOKINGS.slice(offset, Math.min(arrived, offset + limit));
      const remaining = arrived - offset - bookings.length;
      const last = state === 'ended' && remaining === 0;
      return {
        bookings,
        remaining,
        more: state !== 'ended',
        ...(last && options.leftOut ? { leftOut: options.leftOut } : {}),
      };
    },
  };
  return { desk, pages };
}

async function freshTables() {
  const db = new GuestDatabase(`streamed-sync-${++databases}`);
  await db.open();
  return new BookingTables(db);
}

describe('bookings synced from a streamed pull', () => {
  it('keeps asking while more may come, writes every booking once, and reports the total once it is known', async () => {
    const { desk, pages } = streamingDesk([3000, 1000, 4500, 3500]);
    const tables = await freshTables();
    const statuses: CollectionStatus[] = [];
    const sync = createBookingSync({ desk, tables, onStatus: (status) => statuses.push(status) });
    await sync.run('full');
    expect(sync.status()).toMatchObject({ phase: 'idle', done: 12_000, total: 12_000 });
    expect(await tables.bookingCount()).toBe(12_000);
    // The first page is small (the first write starts early); the next ones double up to the bridge's limit.
    expect(pages).toEqual([
      { offset: 0, limit: 1000 },
      { offset: 1000, limit: 2000 },
      { offset: 3000, limit: 4000 },
      { offset: 7000, limit: 5000 },
      { offset: 12_000, limit: 5000 },
    ]);
    // No total is shown while the answer still arrives ("Downloading…"), never a count that grows: 0, then all.
    const syncing = statuses.filter((status) => status.phase === 'syncing');
    expect(new Set(syncing.map((status) => status.total))).toEqual(new Set([0, 12_000]));
    expect(syncing.map((status) => status.done)).toEqual([0, 0, 1000, 3000, 7000, 12_000, 12_000]);
  });

  it('carries how many bookings the core left out (its last page says) into the status, for the sync bar', async () => {
    const { desk } = streamingDesk([3000, 1000], { leftOut: 2 });
    const sync = createBookingSync({ desk, tables: await freshTables(), onStatus: () => {} });
    await sync.run('full');
    expect(sync.status()).toMatchObject({ phase: 'idle', done: 4000, total: 4000, leftOut: 2 });
    const clean = createBookingSync({
      desk: streamingDesk([3000]).desk,
      tables: await freshTables(),
      onStatus: () => {},
    });
    await clean.run('full');
    expect(clean.status().leftOut).toBeUndefined();
  });

  it('reports a pull that broke off part way, removes nothing, and pulls everything again on the next run', async () => {
    const tables = await freshTables();
    await tables.putBookings([
      {
        id: 'GONE-OR-NOT',
        guestKey: '1',
        date: '2026-12-24',
        time: '18:00:00',
        partySize: 2,
        status: 'Confirmed',
        attendeeNames: [],
        custom: {},
        guestName: 'Kept',
        guestMobile: '',
        guestEmail: '',
        search: 'kept',
      },
    ]);
    const broken = streamingDesk([5000, 2000, 3000], { breakAfter: 2 });
    const sync = createBookingSync({ desk: broken.desk, tables, onStatus: () => {} });
    await sync.run('full');
    expect(sync.status()).toMatchObject({
      phase: 'failed',
      error: 'The service took too long to send the bookings. Try again in a moment.',
    });
    expect(await tables.bookingById('GONE-OR-NOT')).toBeDefined();
    expect(await tables.bookingCount()).toBe(7001);

    const whole = streamingDesk([12_000]);
    const again = createBookingSync({ desk: whole.desk, tables, onStatus: () => {} });
    await again.run();
    expect(again.status()).toMatchObject({ phase: 'idle', kind: 'full', done: 12_000, total: 12_000 });
    expect(await tables.bookingById('GONE-OR-NOT')).toBeUndefined();
    expect(await tables.bookingCount()).toBe(12_000);
  });
});
