import { create } from 'zustand';
import type { GuestRow } from '../db/guest-types';
import { planSearch } from '../search/query';
import { searchGuests } from '../search/search-guests';
import { useGuests } from './guests';
import { reportBackgroundFailure } from './background-failures';

interface GuestSearchState {
  query: string;
  results: GuestRow[];
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

/** Sets the query and searches the cache; only the latest search's results are kept. */
export function setGuestQuery(query: string): Promise<void> {
  useGuestSearch.setState({ query, settled: false });
  return refreshGuestSearch();
}

/** Runs the current query again (the cache changed). */
export async function refreshGuestSearch(): Promise<void> {
  const run = ++latest;
  const { query } = useGuestSearch.getState();
  const cache = useGuests.getState().cache;
  if (!cache || !query.trim()) {
    useGuestSearch.setState({ results: [], truncated: false, activeIndex: 0, settled: true });
    return;
  }
  const result = await searchGuests(cache.db, planSearch(query, cache.planContext)).catch((error: unknown) => {
    reportBackgroundFailure('Searching the local guest copy', error);
    return { rows: [], truncated: false };
  });
  if (run !== latest) return;
  useGuestSearch.setState((state) => ({
    results: result.rows,
    truncated: result.truncated,
    settled: true,
    activeIndex:
      state.query === query && state.settled ? Math.min(state.activeIndex, Math.max(0, result.rows.length - 1)) : 0,
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
