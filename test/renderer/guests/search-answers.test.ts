import { afterEach, describe, expect, it } from 'vitest';
import type { GuestDatabase } from '../../../renderer/db/guest-db';
import { toGuestRow } from '../../../renderer/db/guest-row';
import { phonePlanOf } from '../../../renderer/search/phone';
import { planSearch } from '../../../renderer/search/query';
import { searchGuests } from '../../../renderer/search/search-guests';
import { guestsChanged, useGuests } from '../../../renderer/stores/guests';
import { setGuestQuery, useGuestSearch } from '../../../renderer/stores/guests-search';
import { IDLE_STATUS } from '../../../renderer/sync/collection';
import { auPhoneKey, contact, GUESTS, seededDb } from './fixtures';

const context = phonePlanOf('AU');

/** The guest cache the search store reads: `db`, for an Australian venue (no sync: the tests change the cache themselves). */
async function cacheOf(records = GUESTS): Promise<GuestDatabase> {
  const db = await seededDb(records);
  useGuests.setState({
    cache: {
      clientId: 'answers',
      country: 'AU',
      db,
      phoneKey: auPhoneKey,
      planContext: context,
      sync: { run: async () => {}, start: () => () => {}, status: () => IDLE_STATUS },
    },
  });
  useGuestSearch.setState({ query: '', results: [], truncated: false, activeIndex: 0, settled: true });
  return db;
}

/**
 * The keys the store shows for `query`, and whether it answered in the same call (synchronously: nothing was
 * read from IndexedDB, and the results are drawn with the key).
 */
async function typed(query: string) {
  const typing = setGuestQuery(query);
  const inKey = useGuestSearch.getState().settled;
  await typing;
  const state = useGuestSearch.getState();
  return { keys: state.results.map((row) => row.key), truncated: state.truncated, inKey };
}

/** What the cache answers for `query`. */
async function fromCache(db: GuestDatabase, query: string) {
  const result = await searchGuests(db, planSearch(query, context));
  return { keys: result.rows.map((row) => row.key), truncated: result.truncated };
}

afterEach(() => {
  useGuests.getState().cache?.db.close();
  useGuests.setState({ cache: null });
});

describe('guest search answered in memory', () => {
  it('answers every key in its own call once the index is loaded, as the search of the cache does', async () => {
    const many = Array.from({ length: 250 }, (_, i) =>
      contact(String(3000 + i), { PatronName: 'Sam', PatronSurname: `Taylor${i}` }),
    );
    const db = await cacheOf([...GUESTS, ...many]);
    await db.searchIndex();
    for (const query of ['a', 'L', 's', 't', '4', 'z', ' g ', 'lov', 'sam tay', 'taylor24', '0412', 'nobody']) {
      const expected = await fromCache(db, query);
      expect({ query, ...(await typed(query)) }).toEqual({ query, ...expected, inKey: true });
    }
    expect((await typed('s')).truncated).toBe(true);
  });

  it('waits for the index while it loads, then answers as the cache would', async () => {
    const db = await cacheOf();
    db.close();
    await db.open();
    expect(db.loadedSearchIndex()).toBeUndefined();
    expect(await typed('lov')).toEqual({ ...(await fromCache(db, 'lov')), inKey: false });
    expect((await typed('lovel')).inKey).toBe(true);
  });

  it('finds a guest written to the cache as soon as the write commits', async () => {
    const db = await cacheOf();
    await db.searchIndex();
    expect(await typed('lov')).toEqual({ keys: ['101', '104', '105'], truncated: false, inKey: true });
    await db.putGuests([
      toGuestRow('106', contact('106', { PatronName: 'Lou', PatronSurname: 'Lovegood' }), [], auPhoneKey),
    ]);
    guestsChanged();
    await setGuestQuery('');
    expect(await typed('lov')).toEqual({ keys: ['106', '101', '104', '105'], truncated: false, inKey: true });
    expect(await typed('l')).toEqual({ ...(await fromCache(db, 'l')), inKey: true });
  });
});
