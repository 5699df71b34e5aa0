import type { GuestDatabase } from '../db/guest-db';
import type { GuestSearchIndex, SearchHit } from './guest-index';
import type { PlannedToken, SearchPlan } from './query';
import { rankGuests } from './rank';

/** The ranked guests of a search, and whether more matched than were read (keep typing to narrow). */
export interface SearchResult {
  rows: SearchHit[];
  truncated: boolean;
}

/** How many guests one search shows at most; more than this and staff are asked to keep typing. */
const RESULT_LIMIT = 200;
/** Candidates few enough to read whole and check in memory. */
const READ_LIMIT = 400;
/** Keys read per word of a several-word query; commoner words are checked in memory instead. */
const KEY_LIMIT = 5000;

/** Runs a planned search on the cache's search index, once it is loaded (searchIndexed). */
export async function searchGuests(db: GuestDatabase, plan: SearchPlan, limit = RESULT_LIMIT): Promise<SearchResult> {
  if (plan.tokens.length === 0) return { rows: [], truncated: false };
  return searchIndexed(await db.searchIndex(), plan, limit);
}

/**
 * Runs a planned search on the search index in memory, synchronously. One word reads the guests of each
 * prefix range directly (exact terms sort first in a range, so a cut keeps them). Two name words read
 * their pair ranges, which are small. Other several-word queries are counted first; the rarest is read
 * whole when small, else the keys of the words that are not too common are intersected and every
 * survivor read (only when every word is too common is the answer cut, and marked so). Every word is
 * then checked and ranked.
 */
export function searchIndexed(index: GuestSearchIndex, plan: SearchPlan, limit = RESULT_LIMIT): SearchResult {
  if (plan.tokens.length === 0) return { rows: [], truncated: false };
  if (plan.tokens.length === 1) {
    const { rows, truncated } = readToken(index, plan.tokens[0]!, limit);
    const ranked = rankGuests(rows, plan.tokens);
    return { rows: ranked.slice(0, limit), truncated: truncated || ranked.length > limit };
  }
  if (plan.pairs) {
    const { rows, truncated } = readPrefixes(index, plan.pairs, READ_LIMIT);
    const ranked = rankGuests(rows, plan.tokens);
    return { rows: ranked.slice(0, limit), truncated: truncated || ranked.length > limit };
  }
  const counted = plan.tokens.map((token) => ({ token, count: tokenCount(index, token) }));
  counted.sort((a, b) => a.count - b.count);
  const rarest = counted[0]!;
  if (rarest.count <= READ_LIMIT || rarest.count > KEY_LIMIT) {
    // Few enough to read whole; or every word is too common to gather its keys: read the rarest word's first guests.
    const { rows } = readToken(index, rarest.token, READ_LIMIT);
    const ranked = rankGuests(rows, plan.tokens);
    return { rows: ranked.slice(0, limit), truncated: rarest.count > READ_LIMIT || ranked.length > limit };
  }
  // The keys of every word that is not too common, intersected; each guest left is checked against every word
  // (at most KEY_LIMIT of them), so a guest far into the rarest word's range is found, not cut off.
  const narrowing = counted.filter((entry) => entry.count <= KEY_LIMIT);
  const keySets = narrowing.map((entry) => tokenKeys(index, entry.token));
  let candidates = [...keySets[0]!];
  for (const keys of keySets.slice(1)) candidates = candidates.filter((key) => keys.has(key));
  const ranked = rankGuests(index.byKeys(candidates), plan.tokens);
  return { rows: ranked.slice(0, limit), truncated: ranked.length > limit };
}

/** A search answered: its plan and result, to narrow the next key's search from. */
export interface AnsweredSearch {
  plan: SearchPlan;
  result: SearchResult;
}

/**
 * The next key's answer from the last one, without reading the cache, when the new query can only narrow
 * it: one word both times, every index prefix of the new word extending one of the old word's, and the old
 * answer whole (not truncated). A guest matching the new word has a term starting with an old prefix, so it
 * is in the old answer. Undefined otherwise (read the cache): e.g. "04" → "041" adds phone prefixes.
 */
export function narrowSearch(last: AnsweredSearch, plan: SearchPlan, limit = RESULT_LIMIT): SearchResult | undefined {
  const [before] = last.plan.tokens;
  const [after] = plan.tokens;
  if (last.result.truncated || last.plan.tokens.length !== 1 || plan.tokens.length !== 1 || !before || !after)
    return undefined;
  if (!after.prefixes.every((prefix) => before.prefixes.some((old) => prefix.startsWith(old)))) return undefined;
  const ranked = rankGuests(last.result.rows, plan.tokens);
  return { rows: ranked.slice(0, limit), truncated: ranked.length > limit };
}

/** The guests matching one token (each prefix range up to `limit`), without repeats. */
function readToken(
  index: GuestSearchIndex,
  token: PlannedToken,
  limit: number,
): { rows: SearchHit[]; truncated: boolean } {
  return readPrefixes(index, token.prefixes, limit);
}

/** The guests of several prefix ranges (each up to `limit` entries), without repeats. */
function readPrefixes(
  index: GuestSearchIndex,
  prefixes: string[],
  limit: number,
): { rows: SearchHit[]; truncated: boolean } {
  const ranges = prefixes.map((prefix) => index.withTermPrefix(prefix, limit));
  const byKey = new Map<string, SearchHit>();
  for (const range of ranges) for (const row of range) byKey.set(row.key, row);
  return { rows: [...byKey.values()], truncated: ranges.some((range) => range.length >= limit) };
}

/** How many index entries a token's prefixes cover (an upper bound on the guests it matches). */
function tokenCount(index: GuestSearchIndex, token: PlannedToken): number {
  return token.prefixes.reduce((sum, prefix) => sum + index.termPrefixCount(prefix), 0);
}

/** The keys of guests matching a token (any of its prefixes). */
function tokenKeys(index: GuestSearchIndex, token: PlannedToken): Set<string> {
  return new Set(token.prefixes.flatMap((prefix) => index.keysWithTermPrefix(prefix, KEY_LIMIT)));
}
