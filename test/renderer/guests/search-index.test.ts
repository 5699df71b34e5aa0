import { describe, expect, it, vi } from 'vitest';
import { GuestDatabase } from '../../../renderer/db/guest-db';
import { toGuestRow } from '../../../renderer/db/guest-row';
import { searchLogOf } from '../../../renderer/db/search-log';
import { GuestSearchIndex, hitOf, type SearchHit } from '../../../renderer/search/guest-index';
import { auPhoneKey, contact, freshDb, GUESTS, seededDb } from './fixtures';

/** Guests sharing names, so prefix ranges hold several terms and several guests per term. */
const CROWD = Array.from({ length: 60 }, (_, i) =>
  contact(String(500 + ((i * 37) % 60)), {
    PatronName: ['Sam', 'Sally', 'Samuel', 'Sue'][i % 4],
    PatronSurname: ['Smith', 'Smyth', 'Smithers', "O'Brien-Smith", 'Salt'][i % 5],
    PatronEmail: `s${i}@example.com`,
    PatronMobile: `+614000${String(i).padStart(5, '0')}`,
  }),
);

/** The entries an IndexedDB multiEntry index of `terms` walks for a prefix: every (term, key), by term then key. */
function entriesFor(hits: readonly SearchHit[], prefix: string): Array<[string, string]> {
  return hits
    .flatMap((hit) =>
      hit.terms.filter((term) => term.startsWith(prefix)).map((term): [string, string] => [term, hit.key]),
    )
    .sort(([termA, keyA], [termB, keyB]) =>
      termA < termB ? -1 : termA > termB ? 1 : keyA < keyB ? -1 : keyA > keyB ? 1 : 0,
    );
}

/** What a guest row search keeps, for these records. */
function hitsOf(records: Record<string, unknown>[]): SearchHit[] {
  return records.map((record) => hitOf(toGuestRow(String(record.contact_id), record, [], auPhoneKey)));
}

/** Everything an index answers for these prefixes (to compare two indexes). */
function answers(index: GuestSearchIndex, prefixes: readonly string[]) {
  return prefixes.map((prefix) => ({
    prefix,
    keys: index.keysWithTermPrefix(prefix, 1000),
    count: index.termPrefixCount(prefix),
    hits: index.withTermPrefix(prefix, 1000),
  }));
}

const PREFIXES = ['n:s', 'n:sm', 'n:smith', 'n:sa', 'e:s1', 'p:614', 'b:sa s', 'k:', 'n:zz', 'e:ada'];

describe('the search index in memory', () => {
  it('walks a prefix as the IndexedDB index did: one entry per term a guest has, by term then key, cut at the limit', () => {
    const hits = hitsOf([...GUESTS, ...CROWD]);
    const index = new GuestSearchIndex();
    for (const hit of hits) index.put(hit);
    for (const prefix of PREFIXES) {
      const entries = entriesFor(hits, prefix);
      for (const limit of [1, 7, 50, 1000]) {
        expect({ prefix, limit, keys: index.keysWithTermPrefix(prefix, limit) }).toEqual({
          prefix,
          limit,
          keys: entries.slice(0, limit).map(([, key]) => key),
        });
      }
      expect(index.termPrefixCount(prefix)).toBe(entries.length);
      const walked: Array<[string, string]> = [];
      index.eachTerm(prefix, (term, key) => void walked.push([term, key]));
      expect(walked).toEqual(entries);
    }
    expect(index.withTerm('n:smith').map((hit) => hit.key)).toEqual(
      entriesFor(hits, 'n:smith')
        .filter(([term]) => term === 'n:smith')
        .map(([, key]) => key),
    );
  });

  it('follows guests replaced and removed, in any order, as an index built afresh from what is left', () => {
    const hits = hitsOf([...GUESTS, ...CROWD]);
    const index = new GuestSearchIndex();
    for (const hit of [...hits].reverse()) index.put(hit);
    index.termPrefixCount('n:');
    const renamed = hitsOf([contact('501', { PatronName: 'Zed', PatronSurname: 'Smithson' })]);
    index.put(renamed[0]!);
    for (const key of ['502', '503', '101']) index.delete(key);
    const left = [...hits.filter((hit) => !['501', '502', '503', '101'].includes(hit.key)), renamed[0]!];
    const afresh = new GuestSearchIndex();
    for (const hit of left) afresh.put(hit);
    expect(index.size).toBe(left.length);
    expect(answers(index, [...PREFIXES, 'n:z', 'n:smithson', 'n:ada'])).toEqual(
      answers(afresh, [...PREFIXES, 'n:z', 'n:smithson', 'n:ada']),
    );
    index.clear();
    expect(index.keysWithTermPrefix('n:', 10)).toEqual([]);
  });

  it('takes guests in page by page, settled after each (as a sync writes them), as an index built at once', () => {
    const hits = hitsOf([...GUESTS, ...CROWD]);
    const index = new GuestSearchIndex();
    for (let at = 0; at < hits.length; at += 7) {
      for (const hit of hits.slice(at, at + 7)) index.put(hit);
      // A guest taken out and put back before the next lookup: its terms are added again, and held once.
      index.delete(hits[at]!.key);
      index.put(hits[at]!);
      index.settle();
    }
    const afresh = new GuestSearchIndex();
    for (const hit of hits) afresh.put(hit);
    expect(answers(index, PREFIXES)).toEqual(answers(afresh, PREFIXES));
    for (const prefix of PREFIXES) {
      const walked: string[] = [];
      index.eachTerm(prefix, (term) => void walked.push(term));
      expect(walked).toEqual(entriesFor(hits, prefix).map(([term]) => term));
    }
  });
});

describe('the search log (the index across starts)', () => {
  /** Whether the guests themselves are read in order from here on (as a rebuild of the index does). */
  function guestsWalked(db: GuestDatabase): () => boolean {
    const orderBy = vi.spyOn(Object.getPrototypeOf(db.guests) as typeof db.guests, 'orderBy');
    return () =>
      orderBy.mock.contexts.some(
        (table: unknown) => typeof table === 'object' && table !== null && 'name' in table && table.name === 'guests',
      );
  }

  /** The same cache opened again, as the desk does at its next start. */
  async function reopened(db: GuestDatabase): Promise<GuestDatabase> {
    db.close();
    const again = new GuestDatabase(db.name);
    await again.open();
    return again;
  }

  it('loads the index a write left, without reading the guests, after writes, deletes and a sweep', async () => {
    const db = await seededDb([...GUESTS, ...CROWD]);
    const before = await db.searchIndex();
    await db.putGuests([
      toGuestRow('900', contact('900', { PatronName: 'Sam', PatronSurname: 'Newman' }), [], auPhoneKey),
    ]);
    await db.guests.delete('102');
    await db.sweepGuests(
      new Set(
        [...GUESTS, ...CROWD, { contact_id: '900' }]
          .map((record) => String(record.contact_id))
          .filter((key) => key !== '503'),
      ),
    );
    const expected = answers(before, [...PREFIXES, 'n:newman', 'n:grace']);
    expect(expected.find((answer) => answer.prefix === 'n:newman')!.keys).toEqual(['900']);
    expect(expected.find((answer) => answer.prefix === 'n:grace')!.keys).toEqual([]);

    const again = await reopened(db);
    // The guests themselves are not read (only counted), as a rebuild would.
    const walked = guestsWalked(again);
    const loaded = await again.searchIndex();
    expect(walked()).toBe(false);
    expect(answers(loaded, [...PREFIXES, 'n:newman', 'n:grace'])).toEqual(expected);
  });

  it('folds a long log into one base, and loads the same index from it', async () => {
    const db = await freshDb();
    await db.searchIndex();
    for (let page = 0; page < 70; page++)
      await db.putGuests([
        toGuestRow(String(1000 + page), contact(String(1000 + page), { PatronSurname: `Page${page}` }), [], auPhoneKey),
      ]);
    await expect
      .poll(async () => (await searchLogOf(db).toArray()).filter((entry) => !entry.base).length)
      .toBeLessThan(10);
    const again = await reopened(db);
    const loaded = await again.searchIndex();
    expect(loaded.size).toBe(70);
    expect(loaded.keysWithTermPrefix('n:page6', 100)).toEqual([
      '1006',
      '1060',
      '1061',
      '1062',
      '1063',
      '1064',
      '1065',
      '1066',
      '1067',
      '1068',
      '1069',
    ]);
  });

  it('rebuilds the index from the guests when the log cannot say (no base, or a guest count that disagrees)', async () => {
    const db = await seededDb();
    await searchLogOf(db).clear();
    const again = await reopened(db);
    const walked = guestsWalked(again);
    expect((await again.searchIndex()).keysWithTermPrefix('n:lov', 10)).toEqual(['101', '104', '105']);
    expect(walked()).toBe(true);
    // A guest the log did not hear of (written by a desk before it) makes the counts disagree.
    const third = await reopened(again);
    await third.searchIndex();
    await searchLogOf(third).add({ gone: ['101'] });
    const fourth = await reopened(third);
    expect((await fourth.searchIndex()).keysWithTermPrefix('n:lov', 10)).toEqual(['101', '104', '105']);
  });
});
