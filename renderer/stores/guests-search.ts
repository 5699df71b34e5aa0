import { create } from 'zustand';
import type { GuestDatabase } from '../db/guest-db';
import type { SearchHit } from '../search/guest-index';
import { planSearch } from '../search/query';
import { narrowSearch, searchIndexed, type AnsweredSearch, type SearchResult } from '../search/search-guests';
import { useGuests } from './guests';
import { reportBackgroundFailure } from './background-failures';

interface GuestSearchState {
  query: string;
  results: SearchHit[];
  /** More guests matched than were read: staff should keep typing. */
  truncated: boolean;
  /** The result the arrow keys are on. */
  activeIndex: number;
  /** Whether `results` answer the current query (false while typing ahead of the index). */
  settled: boolean;
}

/** Search as you type over the guest cache, with the keyboard's place in the results. */
export const useGuestSearch = create<GuestSearchState>(() => ({
  query: '',
  results: [],
  truncated: false,
  activeIndex: 0,
  settled: true,
}));

let latest = 0;
/** The last answer, with the cache it came from (a key that only narrows it is answered from it). */
let lastAnswer: { answer: AnsweredSearch; db: GuestDatabase; dataVersion: number } | null = null;

/** Sets the query and searches the cache; only the latest search's results are kept. */
export function setGuestQuery(query: string): Promise<void> {
  useGuestSearch.setState({ query, settled: false });
  return runSearch(true);
}

/** Runs the current query again (the cache changed). */
export function refreshGuestSearch(): Promise<void> {
  return runSearch(false);
}

/**
 * Searches for the current query on the cache's search index in memory (from the last answer when the query
 * only narrows it). Once the index is loaded this is synchronous: the results are set in the same React batch
 * as the query, and drawn in the key's own frame. Before that (the desk has just started) the key waits for it.
 */
async function runSearch(narrow: boolean): Promise<void> {
  const run = ++latest;
  const { query } = useGuestSearch.getState();
  const { cache, dataVersion } = useGuests.getState();
  if (!cache || !query.trim()) {
    lastAnswer = null;
    useGuestSearch.setState({ results: [], truncated: false, activeIndex: 0, settled: true });
    return;
  }
  const plan = planSearch(query, cache.planContext);
  const last = narrow && lastAnswer?.db === cache.db && lastAnswer.dataVersion === dataVersion ? lastAnswer : null;
  let result: SearchResult | undefined = last ? narrowSearch(last.answer, plan) : undefined;
  if (!result) {
    const index =
      cache.db.loadedSearchIndex() ??
      (await cache.db.searchIndex().catch((error: unknown) => {
        reportBackgroundFailure('Searching the local guest copy', error);
        return undefined;
      }));
    if (run !== latest) return;
    result = index ? searchIndexed(index, plan) : { rows: [], truncated: false };
    lastAnswer = index ? { answer: { plan, result }, db: cache.db, dataVersion } : null;
  } else lastAnswer = { answer: { plan, result }, db: cache.db, dataVersion };
  const answer = result;
  useGuestSearch.setState((state) => ({
    results: answer.rows,
    truncated: answer.truncated,
    settled: true,
    activeIndex:
      state.query === query && state.settled ? Math.min(state.activeIndex, Math.max(0, answer.rows.length - 1)) : 0,
  }));
}

/** Moves the keyboard's place in the results (arrows, Page keys), staying inside the list. */
export function moveActiveResult(delta: number): void {
  useGuestSearch.setState((state) => ({
    activeIndex: Math.max(0, Math.min(state.results.length - 1, state.activeIndex + delta)),
  }));
}

/** Puts the keyboard's place on a result (the mouse hovered it). */
export function setActiveResult(index: number): void {
  useGuestSearch.setState({ activeIndex: index });
}
