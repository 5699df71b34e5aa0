import { describe, expect, it } from 'vitest';
import { GuestDatabase } from '../../../renderer/db/guest-db';
import { toGuestRow } from '../../../renderer/db/guest-row';
import { CACHE_LAYOUT, layoutUpTo } from '../../../renderer/db/layout';
import { searchLogOf } from '../../../renderer/db/search-log';
import { IDENTITY_TABLE } from '../../../renderer/db/tables/import';
import { readIdentities } from '../../../renderer/import/identities';
import { cachedGuestsOf, readCachedIdentities } from '../../../renderer/import/snapshot';
import { phonePlanOf } from '../../../renderer/search/phone';
import { planSearch } from '../../../renderer/search/query';
import { searchGuests } from '../../../renderer/search/search-guests';
import { auPhoneKey, GUESTS, RENAMED } from '../guests/fixtures';
import { putGuestRowsPastDexie, storedGuestRows } from './raw-guest-rows';

const rowsOf = (records: Record<string, unknown>[]) =>
  records.map((record) => toGuestRow(String(record.contact_id), record, [], auPhoneKey));

/** Both logs' entries, oldest first. */
const logsOf = async (db: GuestDatabase) => [await searchLogOf(db).toArray(), await db.table(IDENTITY_TABLE).toArray()];

const keysFound = async (db: GuestDatabase, query: string) =>
  (await searchGuests(db, planSearch(query, phonePlanOf('AU')))).rows.map((row) => row.key);

/** Queues RENAMED, and leaves every guest's row as a desk before version 41 stored it: terms, sort key and all. */
async function leaveAsBefore41(db: GuestDatabase): Promise<void> {
  await db.recordWrite(RENAMED, auPhoneKey);
  await putGuestRowsPastDexie(
    db,
    GUESTS.map((record) =>
      toGuestRow(String(record.contact_id), record, record.contact_id === '102' ? [RENAMED] : [], auPhoneKey),
    ),
  );
  expect((await storedGuestRows(db)).every((row) => 'terms' in row && 'sortKey' in row)).toBe(true);
}

describe('the guest cache at version 41 (guest rows stored without their search terms)', () => {
  it('stores rows without terms or sort key, while both logs, search and SMS-reply linking read them as written', async () => {
    const db = new GuestDatabase(`guest-rows-${Date.now()}`);
    await db.putGuests(rowsOf(GUESTS));
    await db.recordWrite(RENAMED, auPhoneKey);
    expect((await storedGuestRows(db)).filter((row) => 'terms' in row || 'sortKey' in row)).toEqual([]);
    expect(await keysFound(db, 'lov')).toEqual(['101', '104', '105']);
    expect(await keysFound(db, 'king')).toEqual(['102']);
    expect((await db.guestsWithTerm('p:61412345678')).map((row) => row.key)).toEqual(['101']);
    const read = await readIdentities(db);
    expect(read).toEqual(await readCachedIdentities(cachedGuestsOf(db)));
    expect(read.mobiles.get('61413555111')).toBe('102');
    db.close();
  });

  it('upgrades a cache a version-40 desk left: its rows lose their terms and sort keys in place, and the logs stay as they were', async () => {
    const name = `guest-rows-upgrade-40-${Date.now()}`;
    const old = new GuestDatabase(name, { layout: layoutUpTo(CACHE_LAYOUT, 40) });
    await old.putGuests(rowsOf(GUESTS));
    // The rows as a version-40 desk stored them (the logs already hold what they say).
    await leaveAsBefore41(old);
    expect(old.verno).toBe(40);
    const logs = await logsOf(old);
    old.close();

    const upgraded = new GuestDatabase(name);
    await upgraded.open();
    expect(upgraded.verno).toBe(41);
    expect((await storedGuestRows(upgraded)).filter((row) => 'terms' in row || 'sortKey' in row)).toEqual([]);
    expect(await upgraded.guests.count()).toBe(GUESTS.length);
    expect((await upgraded.guestByKey('102'))!.label).toBe('Grace King');
    expect(await logsOf(upgraded)).toEqual(logs);
    expect(await keysFound(upgraded, 'lov')).toEqual(['101', '104', '105']);
    expect(await keysFound(upgraded, 'king')).toEqual(['102']);
    expect((await upgraded.guestsWithTerm('p:61412345678')).map((row) => row.key)).toEqual(['101']);
    expect(await readIdentities(upgraded)).toEqual(await readCachedIdentities(cachedGuestsOf(upgraded)));
    upgraded.close();
  });

  it('upgrades a cache a version-30 desk left (no search log): the index is made from the records and this desk’s writes', async () => {
    const name = `guest-rows-upgrade-30-${Date.now()}`;
    const old = new GuestDatabase(name, { layout: layoutUpTo(CACHE_LAYOUT, 30) });
    await leaveAsBefore41(old);
    old.close();

    const upgraded = new GuestDatabase(name);
    await upgraded.open();
    expect(upgraded.verno).toBe(41);
    expect((await storedGuestRows(upgraded)).filter((row) => 'terms' in row || 'sortKey' in row)).toEqual([]);
    expect(await keysFound(upgraded, 'lov')).toEqual(['101', '104', '105']);
    expect(await keysFound(upgraded, 'king')).toEqual(['102']);
    expect(await keysFound(upgraded, 'hopper')).toEqual([]);
    expect((await upgraded.guestByKey('102'))!.label).toBe('Grace King');
    expect((await upgraded.guestsWithTerm('p:61412345678')).map((row) => row.key)).toEqual(['101']);
    const read = await readIdentities(upgraded);
    expect(read).toEqual(await readCachedIdentities(cachedGuestsOf(upgraded)));
    expect(read.emails.get('ada@example.com')).toBe('101');
    upgraded.close();
  });
});
