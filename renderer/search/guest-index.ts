// The guests' search index, in memory: for each guest what search ranks and shows, and every search term
// with the guests that have it, so a key is answered synchronously, in its own frame. Its lookups walk
// entries exactly as IndexedDB walked the old multiEntry `terms` index: one entry per (term, guest), in term
// order, then by key, so a search cut at a limit keeps the same guests. How it is kept and stored across
// starts is renderer/db/search-log.ts.
import { FIELD, fieldText } from '../db/contact';
import type { IndexedGuestRow } from '../db/guest-types';
import { nameTokens, TERM } from './terms';

/** A guest as search finds, ranks and lists it. */
export interface SearchHit {
  key: string;
  localId?: string;
  label: string;
  detail: string;
  sortKey: string;
  pending: number;
  /** Search terms of what staff see (renderer/search/terms.ts). */
  terms: readonly string[];
  /** The surname the service holds as name terms: a word matching it ranks a little higher. */
  surname: readonly string[];
}

/** What search keeps of a guest row as written (with its terms). */
export function hitOf(row: IndexedGuestRow): SearchHit {
  const hit: SearchHit = {
    key: row.key,
    label: row.label,
    detail: row.detail,
    sortKey: row.sortKey,
    pending: row.pending,
    terms: row.terms,
    surname: nameTokens(fieldText(row.record, FIELD.surname)).map((part) => TERM.name + part),
  };
  if (row.localId) hit.localId = row.localId;
  return hit;
}

/** Every cached guest's search hit, with its terms indexed for prefix lookups. */
export class GuestSearchIndex {
  private readonly hits = new Map<string, SearchHit>();
  /** Each term's guests, by key in ascending order (as IndexedDB ordered an index's entries of one term). */
  private readonly postings = new Map<string, string[]>();
  /** Every term in order (some may have lost their guests since); terms new since the last lookup wait in `added`. */
  private sorted: string[] = [];
  private added: string[] = [];
  /** Terms left with no guest since the last merge (still in `sorted`: lookups skip them). */
  private dropped = 0;

  /** How many guests it holds. */
  get size(): number {
    return this.hits.size;
  }

  /** Every guest's hit (in no particular order). */
  allHits(): IterableIterator<SearchHit> {
    return this.hits.values();
  }

  /** Adds a guest, or replaces what it held of the guest with the same key. */
  put(hit: SearchHit): void {
    const old = this.hits.get(hit.key);
    if (old) this.unpost(old);
    this.hits.set(hit.key, hit);
    for (const term of hit.terms) {
      const keys = this.postings.get(term);
      if (keys) insertSorted(keys, hit.key);
      else {
        this.postings.set(term, [hit.key]);
        this.added.push(term);
      }
    }
  }

  /** Removes a guest (nothing when it is not held). */
  delete(key: string): void {
    const old = this.hits.get(key);
    if (!old) return;
    this.unpost(old);
    this.hits.delete(key);
  }

  /** Removes every guest. */
  clear(): void {
    this.hits.clear();
    this.postings.clear();
    this.sorted = [];
    this.added = [];
    this.dropped = 0;
  }

  /** The guest with this key, if held. */
  get(key: string): SearchHit | undefined {
    return this.hits.get(key);
  }

  /** The guests with these keys, in the same order, skipping any not held. */
  byKeys(keys: readonly string[]): SearchHit[] {
    return keys.map((key) => this.hits.get(key)).filter((hit): hit is SearchHit => hit !== undefined);
  }

  /** The guests of the first `limit` entries whose term starts with `prefix` (a guest once per term it has there). */
  withTermPrefix(prefix: string, limit: number): SearchHit[] {
    return this.keysWithTermPrefix(prefix, limit).map((key) => this.hits.get(key)!);
  }

  /** The guest keys of the first `limit` entries whose term starts with `prefix`. */
  keysWithTermPrefix(prefix: string, limit: number): string[] {
    const keys: string[] = [];
    this.eachTerm(prefix, (_term, key) => {
      keys.push(key);
      return keys.length < limit;
    });
    return keys;
  }

  /** How many entries have a term starting with `prefix` (an upper bound on the guests it matches). */
  termPrefixCount(prefix: string): number {
    const terms = this.termsInOrder();
    let count = 0;
    for (let at = lowerBound(terms, prefix); at < terms.length && terms[at]!.startsWith(prefix); at++)
      count += this.postings.get(terms[at]!)?.length ?? 0;
    return count;
  }

  /** The guests with exactly this term, by key. */
  withTerm(term: string): SearchHit[] {
    return this.byKeys(this.postings.get(term) ?? []);
  }

  /** Calls `each` for every entry whose term starts with `prefix`, in term then key order, until it returns false. */
  eachTerm(prefix: string, each: (term: string, key: string) => boolean | void): void {
    const terms = this.termsInOrder();
    for (let at = lowerBound(terms, prefix); at < terms.length && terms[at]!.startsWith(prefix); at++) {
      const term = terms[at]!;
      for (const key of this.postings.get(term) ?? []) if (each(term, key) === false) return;
    }
  }

  /** Puts the terms added since the last lookup in order now (after a write), so the next key does not wait for it. */
  settle(): void {
    this.termsInOrder();
  }

  /** Takes a guest's terms out of the postings (a term left with no guest is dropped at the next merge). */
  private unpost(hit: SearchHit): void {
    for (const term of hit.terms) {
      const keys = this.postings.get(term);
      if (!keys) continue;
      const at = lowerBound(keys, hit.key);
      if (keys[at] === hit.key) keys.splice(at, 1);
      if (keys.length === 0) {
        this.postings.delete(term);
        this.dropped++;
      }
    }
  }

  /** Every term in order, with the terms added since the last lookup merged in (and those left with no guest out). */
  private termsInOrder(): string[] {
    if (this.added.length === 0) return this.sorted;
    // The default order of strings is by UTF-16 code units, as IndexedDB orders them.
    // Added terms have guests unless some term lost its guests since (a delete, a replaced guest).
    const added = (this.dropped > 0 ? this.added.filter((term) => this.postings.has(term)) : this.added).sort();
    const old = this.dropped > 0 ? this.sorted.filter((term) => this.postings.has(term)) : this.sorted;
    this.sorted = mergeSorted(old, added);
    this.added = [];
    this.dropped = 0;
    return this.sorted;
  }
}

/**
 * Two sorted lists as one, without repeats (`added` may repeat itself and `old`). Each added term finds its place
 * by binary search and the old terms before it are copied without comparing: a sync page adds a few thousand terms
 * to some 500,000, where comparing every old term at every page took most of the time the index took.
 */
function mergeSorted(old: readonly string[], added: readonly string[]): string[] {
  // Filled in place over a copy of both (a list made at its full length is slower to fill in V8).
  const merged = old.concat(added);
  let size = 0;
  let from = 0;
  for (const term of added) {
    const at = gallop(old, term, from);
    for (let copy = from; copy < at; copy++) merged[size++] = old[copy]!;
    from = at;
    if (old[at] !== term && (size === 0 || merged[size - 1] !== term)) merged[size++] = term;
  }
  for (let copy = from; copy < old.length; copy++) merged[size++] = old[copy]!;
  merged.length = size;
  return merged;
}

/** As lowerBound from `from` on, for a value likely near it: steps of doubling length, then a binary search. */
function gallop(values: readonly string[], value: string, from: number): number {
  let low = from;
  let high = from;
  for (let step = 1; high < values.length && values[high]! < value; step *= 2) {
    low = high + 1;
    high = low + step;
  }
  return lowerBound(values, value, low, Math.min(high, values.length));
}

/** The first place in sorted `values` (between `low` and `high`) whose value is not below `value`. */
function lowerBound(values: readonly string[], value: string, low = 0, high = values.length): number {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Inserts `value` into sorted `values` unless it is there already. */
function insertSorted(values: string[], value: string): void {
  const last = values[values.length - 1]!;
  if (last < value) {
    values.push(value);
    return;
  }
  const at = lowerBound(values, value);
  if (values[at] !== value) values.splice(at, 0, value);
}
