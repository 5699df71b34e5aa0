import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { GuestDatabase } from '../../../renderer/db/guest-db';
import type { IndexedGuestRow } from '../../../renderer/db/guest-types';
import { CACHE_LAYOUT, declareLayout, layoutUpTo } from '../../../renderer/db/layout';
import type { TableLayout } from '../../../renderer/db/table-layout';

let counter = 0;
const freshName = () => `layout-test-${++counter}-${Date.now()}`;

/** A feature as a branch would add it: a table of its own and an upgrade of rows it finds. */
const bookingsFeature: TableLayout = {
  feature: 'bookings',
  versions: [
    {
      version: 10,
      stores: { bookings: 'id, guestKey' },
      async upgrade(tx) {
        await tx.table('meta').put({ key: 'bookings', value: { since: 'v10' } });
        await tx
          .table('guests')
          .toCollection()
          .modify((row: { label: string }) => {
            row.label = row.label.toUpperCase();
          });
      },
    },
  ],
};

describe('the guest cache layout (one file per feature)', () => {
  it('opens the cache with every feature table at the latest version', async () => {
    const db = new GuestDatabase(freshName());
    await db.open();
    expect(db.verno).toBe(Math.max(...CACHE_LAYOUT.flatMap((part) => part.versions.map((entry) => entry.version))));
    expect(db.tables.map((table) => table.name).sort()).toEqual([
      'bookingFields',
      'bookings',
      'categories',
      'fields',
      'guests',
      'identities',
      'meta',
      'replyReads',
      'searchLog',
      'sentItems',
      'smsReplies',
      'writes',
    ]);
    db.close();
  });

  it('upgrades a cache an older desk left: the feature’s tables appear and its upgrade rewrites existing rows', async () => {
    const name = freshName();
    // The example stands in for the real reservations tables (same table, same version).
    const layout = [...CACHE_LAYOUT.filter((part) => part.feature !== 'reservations'), bookingsFeature];
    const old = new GuestDatabase(name, { layout: layoutUpTo(layout, 1) });
    const ada: IndexedGuestRow = {
      key: '101',
      record: {},
      terms: [],
      label: 'Ada',
      detail: '',
      sortKey: 'ada',
      pending: 0,
    };
    await old.guests.put(ada);
    expect(old.verno).toBe(1);
    old.close();

    const upgraded = new GuestDatabase(name, { layout });
    await upgraded.open();
    expect(upgraded.verno).toBe(Math.max(...layout.flatMap((part) => part.versions.map((entry) => entry.version))));
    expect((await upgraded.guests.get('101'))!.label).toBe('ADA');
    expect(await upgraded.meta.get('bookings')).toEqual({ key: 'bookings', value: { since: 'v10' } });
    await upgraded.table<{ id: string; guestKey: string }, string>('bookings').put({ id: 'RS1', guestKey: '101' });
    expect(await upgraded.table('bookings').where('guestKey').equals('101').count()).toBe(1);
    upgraded.close();
  });

  it('refuses two features declaring the same table', () => {
    const clash: TableLayout = { feature: 'clash', versions: [{ version: 11, stores: { guests: 'key' } }] };
    expect(() => declareLayout(new Dexie(freshName()), [...CACHE_LAYOUT, clash])).toThrow(/guests.*guests and clash/);
  });
});
