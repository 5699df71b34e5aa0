import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GuestDatabase } from '../../../renderer/db/guest-db';
import { toGuestRow } from '../../../renderer/db/guest-row';
import { phonePlanOf } from '../../../renderer/search/phone';
import { planSearch } from '../../../renderer/search/query';
import { searchGuests } from '../../../renderer/search/search-guests';
import { guestsChanged, useGuests } from '../../../renderer/stores/guests';
import { readAheadGuestSearch, setGuestQuery, useGuestSearch } from '../../../renderer/stores/guests-search';
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

/** Spies on every way a search reads the cache's index. */
function indexReads(db: GuestDatabase) {
  return [
    vi.spyOn(db, 'guestsWithTermPrefix'),
    vi.spyOn(db, 'guestKeysWithTermPrefix'),
    vi.spyOn(db, 'termPrefixCount'),
    vi.spyOn(db, 'guestsByKeys'),
  ];
}

/** The keys the store shows for `query` and whether it reads the cache to answer it. */
async function typed(db: GuestDatabase, query: string) {
  const reads = indexReads(db);
  await setGuestQuery(query);
  const read = reads.some((spy) => spy.mock.calls.length > 0);
  for (const spy of reads) spy.mockRestore();
  const state = useGuestSearch.getState();
  return { keys: state.results.map((row) => row.key), truncated: state.truncated, read };
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

describe('guest search answers known in memory', () => {
  it('answers every one-character query read ahead without reading the cache, as the cache would', async () => {
    const many = Array.from({ length: 250 }, (_, i) =>
      contact(String(3000 + i), { PatronName: 'Sam', PatronSurname: `Taylor${i}` }),
    );
    const db = await cacheOf([...GUESTS, ...many]);
    await readAheadGuestSearch();
    for (const query of ['a', 'L', 's', 't', '4', 'z', ' g ']) {
      const expected = await fromCache(db, query);
      expect({ query, ...(await typed(db, query)) }).toEqual({ query, ...expected, read: false });
    }
    expect((await typed(db, 's')).truncated).toBe(true);
  });

  it('answers a query asked again in memory, and reads the cache again once the guests changed', async () => {
    const db = await cacheOf();
    expect(await typed(db, 'lov')).toEqual({ ...(await fromCache(db, 'lov')), read: true });
    await setGuestQuery('');
    expect(await typed(db, 'lov')).toEqual({ ...(await fromCache(db, 'lov')), read: false });
    await readAheadGuestSearch();
    await db.putGuests([
      toGuestRow('106', contact('106', { PatronName: 'Lou', PatronSurname: 'Lovegood' }), [], auPhoneKey),
    ]);
    guestsChanged();
    await setGuestQuery('');
    expect(await typed(db, 'lov')).toEqual({ keys: ['106', '101', '104', '105'], truncated: false, read: true });
    expect(await typed(db, 'l')).toEqual({ ...(await fromCache(db, 'l')), read: true });
  });

  it('stops reading ahead when the desk is no longer idle for it', async () => {
    const db = await cacheOf();
    const pause = vi.fn(async () => false);
    await readAheadGuestSearch(pause);
    expect(pause).toHaveBeenCalledTimes(1);
    expect((await typed(db, 'a')).read).toBe(true);
  });
});
