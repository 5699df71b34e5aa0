import { shownDetail } from '../db/contact';
import type { GuestSearchIndex } from './guest-index';
import { planSearch, type PlanContext } from './query';
import { searchIndexed } from './search-guests';

/** Searched for nobody: a letter that starts many names, so the answer has guests to rank and phones to format. */
const WARM_QUERY = 'a';
/** Result rows whose contact line is formatted, as the list draws them. */
const WARM_ROWS = 20;

/**
 * Runs one search nobody sees, and formats its first guests' contact lines as the results list does: the code
 * a key runs is compiled then, and libphonenumber's tables for the venue's country built, so the first key
 * staff type is answered as fast as the next ones.
 */
export function warmUpSearch(index: GuestSearchIndex, context: PlanContext, phone: (raw: string) => string): void {
  const { rows } = searchIndexed(index, planSearch(WARM_QUERY, context));
  for (const row of rows.slice(0, WARM_ROWS)) shownDetail(row.detail, phone);
}
