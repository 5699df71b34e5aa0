import { describe, expect, it } from 'vitest';
import { GuestDatabase } from '../../../renderer/db/guest-db';
import { toGuestRow } from '../../../renderer/db/guest-row';
import { CACHE_LAYOUT, layoutUpTo } from '../../../renderer/db/layout';
import { searchLogOf } from '../../../renderer/db/search-log';
import { phonePlanOf } from '../../../renderer/search/phone';
import { planSearch } from '../../../renderer/search/query';
import { searchGuests } from '../../../renderer/search/search-guests';
import { auPhoneKey, GUESTS } from '../guests/fixtures';

describe('the guest cache at version 40 (the search index out of IndexedDB)', () => {
  it('upgrades a cache a version-30 desk left: the terms index goes, and search finds its guests as before', async () => {
    const name = `search-log-upgrade-${Date.now()}`;
    const old = new GuestDatabase(name, { layout: layoutUpTo(CACHE_LAYOUT, 30) });
    await old.putGuests(GUESTS.map((record) => toGuestRow(String(record.contact_id), record, [], auPhoneKey)));
    expect(old.verno).toBe(30);
    expect(old.guests.schema.indexes.map((index) => index.name)).toContain('terms');
    old.close();

    // Opened as version 40 (version 41, guest-rows-upgrade.test.ts, takes the rows' terms out).
    const upgraded = new GuestDatabase(name, { layout: layoutUpTo(CACHE_LAYOUT, 40) });
    await upgraded.open();
    expect(upgraded.verno).toBe(40);
    expect(upgraded.guests.schema.indexes.map((index) => index.name)).toEqual(['localId']);
    expect(upgraded.backendDB().transaction('guests').objectStore('guests').indexNames.contains('terms')).toBe(false);
    // The rows (and their terms) are kept; the index is made from them on its first load, and the log from it.
    expect(await upgraded.guests.count()).toBe(GUESTS.length);
    const found = await searchGuests(upgraded, planSearch('lov', phonePlanOf('AU')));
    expect(found.rows.map((row) => row.key)).toEqual(['101', '104', '105']);
    expect((await upgraded.guestsWithTerm('p:61412345678')).map((row) => row.key)).toEqual(['101']);
    await expect.poll(async () => (await searchLogOf(upgraded).toArray()).some((entry) => entry.base)).toBe(true);
    upgraded.close();
  });
});
