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
  /** Read-ahead answers on their way: a key typed meanwhile waits for its own rather than reading it again. */
  private readonly reading = new Map<string, Promise<SearchResult>>();

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

  /** A plan's answer: known, or its read-ahead on the way, or read from the cache; kept for next time. */
  async read(plan: SearchPlan): Promise<SearchResult> {
    const key = planKey(plan);
    const known = this.get(plan);
    if (known) return known;
    const result = await (this.reading.get(key) ?? searchGuests(this.db, plan));
    this.answers.delete(key);
    this.answers.set(key, result);
    if (this.answers.size > KEPT) this.answers.delete(this.answers.keys().next().value!);
    return result;
  }

  /**
   * Reads the answers of `plans` not known yet, once `pause()` says the desk is idle (false: not at all), while
   * `stillWanted()` (the cache has not changed since). They are read together, so the cache is busy with them for
   * one short stretch rather than under every key of a search typed meanwhile; each is searched exactly as a typed
   * query would be.
   */
  async readAheadOf(
    plans: readonly SearchPlan[],
    stillWanted: () => boolean,
    pause: () => Promise<boolean>,
  ): Promise<void> {
    if (!(await pause()) || !stillWanted()) return;
    const wanted = plans
      .map((plan) => ({ plan, key: planKey(plan) }))
      .filter(({ plan, key }) => plan.tokens.length > 0 && !this.readAhead.has(key) && !this.reading.has(key));
    await Promise.all(
      wanted.map(async ({ plan, key }) => {
        const read = searchGuests(this.db, plan);
        this.reading.set(key, read);
        try {
          const result = await read;
          if (stillWanted()) this.readAhead.set(key, result);
        } finally {
          this.reading.delete(key);
        }
      }),
    );
  }
}

/** What identifies a search's answer: the index prefixes it reads and ranks by ("Smi" and "smi " look up the same). */
function planKey(plan: SearchPlan): string {
  return JSON.stringify([plan.tokens.map((token) => token.prefixes), plan.pairs ?? []]);
}
