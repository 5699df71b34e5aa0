// The search log's entries (renderer/db/search-log.ts keeps the log): what one write to guests changes in the
// search index, and how hits are stored, as one JSON string per entry (one string stores and loads far faster
// than a million small ones).
import type { DBCoreMutateRequest } from 'dexie';
import { hitOf, type GuestSearchIndex, type SearchHit } from '../search/guest-index';
import { WHOLE_RANGE } from './dbcore';
import { isGuestRow } from './guest-row';

/**
 * One entry of the search log. `hits` is JSON (one string stores and loads far faster than a million small
 * ones): the hits a write put, or for a base every guest's.
 */
export interface SearchLogEntry {
  /** The log's order (IndexedDB's auto-increment; a base rewritten in place keeps the place of what it folds in). */
  seq?: number;
  base?: true;
  /** A write the log could not follow (a partial range deleted, a row that is not a guest): the next load rebuilds it. */
  broken?: true;
  hits?: string;
  /** Guests deleted by the write. */
  gone?: string[];
}

/** A hit as the log stores it: key, label, detail, sort key, pending, terms, surname terms, local id. */
type StoredHit = [string, string, string, string, number, readonly string[], readonly string[], string?];

/** One write to guests, as the index takes it in. */
export type Change = { put: SearchHit[] } | { gone: string[] } | { cleared: true } | { broken: true };

/** A change with the place of its log entry (none when the transaction had no log: an upgrade from before it). */
export interface Logged {
  change: Change;
  seq?: number;
}
/** Applies one change to an index. */
export function apply(index: GuestSearchIndex, change: Exclude<Change, { broken: true }>): void {
  if ('put' in change) for (const hit of change.put) index.put(hit);
  else if ('gone' in change) for (const key of change.gone) index.delete(key);
  else index.clear();
}

/** Hits as the log stores them. */
export function encodeHits(hits: Iterable<SearchHit>): string {
  const stored: StoredHit[] = [];
  for (const hit of hits) {
    const row: StoredHit = [hit.key, hit.label, hit.detail, hit.sortKey, hit.pending, hit.terms, hit.surname];
    if (hit.localId) row.push(hit.localId);
    stored.push(row);
  }
  return JSON.stringify(stored);
}

/** Hits as the log stored them. */
export function decodeHits(json: string): SearchHit[] {
  return (JSON.parse(json) as StoredHit[]).map(([key, label, detail, sortKey, pending, terms, surname, localId]) => {
    const hit: SearchHit = { key, label, detail, sortKey, pending, terms, surname };
    if (localId) hit.localId = localId;
    return hit;
  });
}

/** What one write to guests changes in the index. */
export function changeOf(request: DBCoreMutateRequest): Change {
  switch (request.type) {
    case 'add':
    case 'put':
      return request.values.every(isGuestRow) ? { put: request.values.map(hitOf) } : { broken: true };
    case 'delete':
      return { gone: request.keys.map(String) };
    case 'deleteRange':
      return request.range.type === WHOLE_RANGE ? { cleared: true } : { broken: true };
  }
}

/** The log entry of one change (a cleared table is an empty base). */
export function entryOf(change: Change): SearchLogEntry {
  if ('put' in change) return { hits: encodeHits(change.put) };
  if ('gone' in change) return { gone: change.gone };
  if ('cleared' in change) return { base: true, hits: '[]' };
  return { broken: true };
}
