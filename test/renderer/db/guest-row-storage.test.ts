// Guest rows are stored lean (renderer/db/guest-row-storage.ts): label, detail and a pending count of 0 are left out
// when they are what the record alone gives, and every read through the cache gives the row whole, as it was written.
import { describe, expect, it } from 'vitest';
import type { GuestDatabase } from '../../../renderer/db/guest-db';
import { toGuestRow } from '../../../renderer/db/guest-row';
import type { GuestRow, IndexedGuestRow } from '../../../renderer/db/guest-types';
import { auPhoneKey, contact, freshDb, GUESTS, RENAMED } from '../guests/fixtures';
import { putGuestRowsPastDexie, storedGuestRows } from './raw-guest-rows';

/** The guests' rows as IndexedDB itself holds them, by key. */
async function storedRows(db: GuestDatabase): Promise<Map<string, object>> {
  return new Map((await storedGuestRows(db)).map((row) => [row.key, row]));
}

/** A row as read: what was written, less what only search keeps (terms, sort key). */
function asRead({ terms: _terms, sortKey: _sortKey, ...row }: IndexedGuestRow): GuestRow {
  return row;
}

const rowsOf = (records: Record<string, unknown>[]) =>
  records.map((record) => toGuestRow(String(record.contact_id), record, [], auPhoneKey));

describe('guest rows stored lean', () => {
  it('stores a guest without pending writes as its key and record, and reads it back whole by every path', async () => {
    const db = await freshDb();
    const rows = rowsOf(GUESTS);
    await db.putGuests(rows);
    const stored = await storedRows(db);
    expect(stored.get('101')).toEqual({ key: '101', record: GUESTS[0] });
    expect([...stored.values()].filter((row) => 'label' in row || 'detail' in row || 'pending' in row)).toEqual([]);

    const expected = rows.map(asRead);
    expect(await db.guests.get('101')).toEqual(expected[0]);
    expect(await db.guestByKey('101')).toEqual(expected[0]);
    expect(await db.guestsByKeys(['103', '101'])).toEqual([expected[2], expected[0]]);
    expect(await db.guests.toArray()).toEqual(expected);
    expect(await db.guests.where(':id').above('103').toArray()).toEqual(expected.slice(3));
    const each: GuestRow[] = [];
    await db.eachGuestPage((page) => void each.push(...page));
    expect(each).toEqual(expected);
    expect((await db.guestsWithTerm('p:61412345678')).map((row) => row.label)).toEqual(['Ada Lovelace']);
    db.close();
  });

  it('keeps what a pending write changes (here the label) and the pending count, and a local guest’s local id', async () => {
    const db = await freshDb();
    await db.putGuests(rowsOf(GUESTS));
    await db.recordWrite(RENAMED, auPhoneKey);
    const renamed = await db.guestByKey('102');
    expect(renamed).toMatchObject({ label: 'Grace King', pending: 1 });
    expect((await storedRows(db)).get('102')).toEqual({
      key: '102',
      record: GUESTS[1],
      label: 'Grace King',
      pending: 1,
    });
    expect(renamed!.detail).toBe('grace.hopper@navy.example · 0413 555 111 · Member 2002');

    const local = toGuestRow('201', contact('201', { PatronName: 'Ida' }), [], auPhoneKey, 'local-1');
    await db.putGuests([local]);
    expect((await storedRows(db)).get('201')).toEqual({ key: '201', localId: 'local-1', record: local.record });
    expect(await db.guestByKey('local-1')).toEqual(asRead(local));
    db.close();
  });

  it('keeps a label or detail that is not the record’s own, and reads rows stored whole by an earlier desk as they are', async () => {
    const db = await freshDb();
    const odd = { ...toGuestRow('301', contact('301', {}), [], auPhoneKey), label: 'Ada' };
    await db.putGuests([odd]);
    expect((await storedRows(db)).get('301')).toEqual({ key: '301', record: odd.record, label: 'Ada' });
    expect(await db.guests.get('301')).toEqual(asRead(odd));

    // Guest 102 as shown with this desk's rename: a label its record alone would not give.
    const before = GUESTS.map((record) =>
      asRead(toGuestRow(String(record.contact_id), record, record.contact_id === '102' ? [RENAMED] : [], auPhoneKey)),
    );
    await putGuestRowsPastDexie(db, before);
    expect(before[1]).toMatchObject({ label: 'Grace King', pending: 1 });
    expect(await db.guestsByKeys(before.map((row) => row.key))).toEqual(before);
    db.close();
  });
});
