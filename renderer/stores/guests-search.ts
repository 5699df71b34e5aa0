import { create } from 'zustand';
import type { GuestDatabase } from '../db/guest-db';
import type { GuestRow } from '../db/guest-types';
import { KnownAnswers, READ_AHEAD } from '../search/answers';
import { planSearch } from '../search/query';
import { narrowSearch, type AnsweredSearch, type SearchResult } from '../search/search-guests';
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
/** The last answer read or narrowed, with the cache it came from (a key that only narrows it is answered in memory). */
let lastAnswer: { answer: AnsweredSearch; db: GuestDatabase; dataVersion: number } | null = null;
/** Answers known for the cache as it is now (asked before, or read ahead): a key with one needs no read. */
let known: KnownAnswers | null = null;

/** The known answers of this cache at this data version (a new, empty set once the guests changed). */
function knownAnswersOf(db: GuestDatabase, dataVersion: number): KnownAnswers {
  if (!known?.holdFor(db, dataVersion)) known = new KnownAnswers(db, dataVersion);
  return known;
}

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
 * Searches for the current query, with the cache unchanged: from the last answer when the query only narrows
 * it, or from an answer known for the same lookup (asked before, or read ahead); else from the cache.
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
  const answers = knownAnswersOf(cache.db, dataVersion);
  // Answered in memory when possible: then the results are drawn with the key, in its own frame.
  let result: SearchResult | undefined = (last ? narrowSearch(last.answer, plan) : undefined) ?? answers.get(plan);
  let failed = false;
  result ??= await answers.read(plan).catch((error: unknown) => {
    reportBackgroundFailure('Searching the local guest copy', error);
    failed = true;
    return { rows: [], truncated: false };
  });
  if (run !== latest) return;
  lastAnswer = failed ? null : { answer: { plan, result }, db: cache.db, dataVersion };
  useGuestSearch.setState((state) => ({
    results: result.rows,
    truncated: result.truncated,
    settled: true,
    activeIndex:
      state.query === query && state.settled ? Math.min(state.activeIndex, Math.max(0, result.rows.length - 1)) : 0,
  }));
}

/**
 * Reads ahead the answers of every one-character query for the cache as it is now, once `pause()` says the
 * desk is idle (false: not at all), so the first key of a search is answered in its own frame. Answers read
 * after the guests changed are dropped (their next version reads ahead again); a read that fails is left to
 * the search itself, which reads again and reports it.
 */
export async function readAheadGuestSearch(pause: () => Promise<boolean> = () => Promise.resolve(true)): Promise<void> {
  const { cache, dataVersion } = useGuests.getState();
  if (!cache) return;
  const answers = knownAnswersOf(cache.db, dataVersion);
  const plans = READ_AHEAD.map((query) => planSearch(query, cache.planContext));
  await answers
    .readAheadOf(plans, () => known === answers && useGuests.getState().dataVersion === dataVersion, pause)
    .catch(() => undefined); // nothing is lost: a key without a known answer reads the cache (and reports a failure)
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
