import type { SearchHit } from './guest-index';
import type { PlannedToken } from './query';
import { TERM } from './terms';

/** Points for the best way a token matches a guest: exact ids first, then exact names, then starts. */
const POINTS = {
  exact: { [TERM.key]: 100, [TERM.phone]: 95, [TERM.email]: 90, [TERM.name]: 60 },
  start: { [TERM.key]: 40, [TERM.phone]: 35, [TERM.name]: 30, [TERM.email]: 20 },
} as const;
const SURNAME_BONUS = 5;

/** How well a guest matches every token (0 when a token does not match at all). */
function scoreGuest(row: SearchHit, tokens: PlannedToken[]): number {
  let total = 0;
  for (const token of tokens) {
    let best = 0;
    for (const prefix of token.prefixes) {
      const kind = prefix.slice(0, 2) as keyof (typeof POINTS)['exact'];
      for (const term of row.terms) {
        if (!term.startsWith(prefix)) continue;
        let points = term.length === prefix.length ? POINTS.exact[kind] : POINTS.start[kind];
        if (kind === TERM.name && row.surname.some((part) => part.startsWith(prefix))) points += SURNAME_BONUS;
        best = Math.max(best, points);
      }
    }
    if (best === 0) return 0;
    total += best;
  }
  return total;
}

/** Guests ordered best match first, then by surname and first name. */
export function rankGuests(rows: SearchHit[], tokens: PlannedToken[]): SearchHit[] {
  return rows
    .map((row) => ({ row, score: scoreGuest(row, tokens) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || (a.row.sortKey < b.row.sortKey ? -1 : a.row.sortKey > b.row.sortKey ? 1 : 0))
    .map((entry) => entry.row);
}
