// Answers of guest searches kept in memory for one state of the cache, so a key whose answer is known is
// answered in the key's own frame, without a read: a query asked before, and every one-character query,
// read ahead when the desk is idle (each search starts with one; reading its up to 400 guests is most of
// a key's time). Any change to the cached guests (a new data version) starts an empty set.
import type { GuestDatabase } from '../db/guest-db';
import type { SearchPlan } from './query';
import { searchGuests, type SearchResult } from './search-guests';

/** How many answers one state of the cache keeps besides those read ahead (a long session forgets the oldest). */
const KEPT = 16;

/** The one-character queries read ahead: every search starts with one. */
export const READ_AHEAD = [...'abcdefghijklmnopqrstuvwxyz0123456789'];

/** Searches answered on one cache at one data version, by their plan (what a query looks up, not how it was typed). */
export class KnownAnswers {
  private readonly answers = new Map<string, SearchResult>();
  private readonly readAhead = new Map<string, SearchResult>();

  constructor(
    readonly db: GuestDatabase,
    readonly dataVersion: number,
  ) {}

  /** Whether these answers hold for this cache as it is now. */
  holdFor(db: GuestDatabase, dataVersion: number): boolean {
    return this.db === db && this.dataVersion === dataVersion;
  }

  /** The answer to a plan already searched or read ahead, if any. */
  get(plan: SearchPlan): SearchResult | undefined {
    const key = planKey(plan);
    return this.readAhead.get(key) ?? this.answers.get(key);
  }

  /** Keeps an answer read from the cache (the oldest goes past the limit). */
  keep(plan: SearchPlan, result: SearchResult): void {
    const key = planKey(plan);
    this.answers.delete(key);
    this.answers.set(key, result);
    if (this.answers.size > KEPT) this.answers.delete(this.answers.keys().next().value!);
  }

  /**
   * Reads the answers of `plans` not known yet, one at a time after `pause()` (the desk idle; false: stop),
   * while `stillWanted()` (the cache has not changed since); each is searched exactly as a typed query would be.
   */
  async readAheadOf(
    plans: readonly SearchPlan[],
    stillWanted: () => boolean,
    pause: () => Promise<boolean>,
  ): Promise<void> {
    for (const plan of plans) {
      if (!(await pause()) || !stillWanted()) return;
      const key = planKey(plan);
      if (plan.tokens.length === 0 || this.readAhead.has(key)) continue;
      const result = await searchGuests(this.db, plan);
      if (!stillWanted()) return;
      this.readAhead.set(key, result);
    }
  }
}

/** What identifies a search's answer: the index prefixes it reads and ranks by ("Smi" and "smi " look up the same). */
function planKey(plan: SearchPlan): string {
  return JSON.stringify([plan.tokens.map((token) => token.prefixes), plan.pairs ?? []]);
}
