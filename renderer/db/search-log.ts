// How the guests' search index (renderer/search/guest-index.ts) is kept. It lives in memory; across starts it is
// stored as a log: every write to the guest cache's `guests` table (the sync's pages, this desk's overlays,
// sweeps, a rebuilt index) appends, in the same transaction, one entry with the search hits it put or the keys
// it deleted, and a base entry now and then holds every guest at once (a few large records, where one IndexedDB
// index entry per term made a first sync of 100,000 guests 2.4x slower). A Dexie DBCore middleware does both, so
// no caller of the cache has to remember it, and the index in memory takes each write in when its transaction
// commits. A log that cannot say (a cache from before it, a write it could not follow, a count that disagrees)
// is rebuilt from the guests themselves.
import type Dexie from 'dexie';
import type { DBCore, DBCoreTransaction, Middleware, Table } from 'dexie';
import { GuestSearchIndex, hitOf } from '../search/guest-index';
import { mutateAndLog } from './dbcore';
import type { GuestRow, IndexedGuestRow } from './guest-types';
import {
  apply,
  changeOf,
  decodeHits,
  encodeHits,
  entryOf,
  type Logged,
  type SearchLogEntry,
} from './search-log-entries';

/** The search log's table (renderer/db/tables/guests.ts). */
export const SEARCH_LOG_TABLE = 'searchLog';
const GUESTS = 'guests';
/** Entries after the base beyond which the log is folded into a new base (a first sync of 100,000 guests writes 50). */
const FOLD_AFTER = 64;
/** The longest a fold waits for an idle moment. */
const FOLD_WAIT_MS = 10_000;
/** Reads every cached guest with its terms, a page at a time, in key order (GuestDatabase.eachIndexedGuestPage). */
type GuestPages = (each: (page: IndexedGuestRow[]) => void) => Promise<void>;

/** The search index of one guest cache: loaded once, then kept current by every committed write to guests. */
export class SearchIndexKeeper {
  private index: GuestSearchIndex | undefined;
  private loading: Promise<GuestSearchIndex> | undefined;
  /** Changes committed while the index loads, taken in after it (in commit order, so a repeat changes nothing). */
  private heard: Logged[] | undefined;
  /** The log's last entry the index holds: a fold only replaces a log that has nothing else (another tab's write). */
  private knownSeq: number | undefined;
  /** Entries written after the base (an estimate kept to know when to fold). */
  private afterBase = 0;
  private folding = false;
  constructor(
    private readonly db: Dexie,
    private readonly eachGuestPage: GuestPages,
  ) {}

  /** The index, if loaded. */
  loaded(): GuestSearchIndex | undefined {
    return this.index;
  }

  /** The index, loaded on the first call. */
  load(): Promise<GuestSearchIndex> {
    if (this.index) return Promise.resolve(this.index);
    if (this.loading) return this.loading;
    this.heard = [];
    const loading = this.read().finally(() => {
      if (this.loading === loading) this.loading = undefined;
    });
    this.loading = loading;
    return loading;
  }

  /** Takes in the changes of a committed transaction. */

  committed(changes: readonly Logged[]): void {
    if (this.heard) {
      this.heard.push(...changes);
      return;
    }
    if (!this.index) return;
    for (const { change, seq } of changes) {
      if (seq !== undefined && (this.knownSeq === undefined || seq > this.knownSeq)) this.knownSeq = seq;
      if ('broken' in change) {
        // The index cannot follow this write: it is read again on next use (and the log rebuilt).
        this.index = undefined;
        return;
      }
      apply(this.index, change);
    }
    // Ordered now, in the write's time, rather than in the next key's.
    this.index.settle();
    this.afterBase += changes.length;
    if (this.afterBase > FOLD_AFTER) this.foldWhenIdle();
  }

  /** Reads the index from the log (or rebuilds both from the guests), then takes in what was committed meanwhile. */
  private async read(): Promise<GuestSearchIndex> {
    let index: GuestSearchIndex;
    try {
      const replayed = hasLog(this.db) ? await replayLog(this.db) : null;
      if (replayed) {
        index = replayed.index;
        this.afterBase = replayed.after;
        this.knownSeq = replayed.lastSeq;
      } else {
        // What the log holds now is in the guests the rebuild reads (writes meanwhile are heard).
        this.knownSeq = hasLog(this.db) ? await lastSeqOf(this.db) : undefined;
        index = await indexOfGuests(this.eachGuestPage);
        this.afterBase = FOLD_AFTER + 1;
      }
    } catch (error) {
      this.heard = undefined;
      throw error;
    }
    const heard = this.heard ?? [];
    this.heard = undefined;
    this.index = index;
    this.committed(heard);
    if (this.afterBase > FOLD_AFTER) this.foldWhenIdle();
    return index;
  }

  /** Folds the log when the page is next idle: writing 100,000 guests' hits holds the thread for a moment. */
  private foldWhenIdle(): void {
    if (this.folding || !hasLog(this.db)) return;
    this.folding = true;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => this.fold(), { timeout: FOLD_WAIT_MS });
    else setTimeout(() => this.fold(), 0);
  }

  /** Replaces the log with one base holding the index as it is now (in the background; a failure leaves the log as it was). */
  private fold(): void {
    // A cache closed meanwhile (another account, local data cleared) has nothing to fold; its next load folds.
    if (!this.db.isOpen()) {
      this.folding = false;
      return;
    }
    const log = this.db.table<SearchLogEntry, number>(SEARCH_LOG_TABLE);
    this.db
      .transaction('rw', log, async () => {
        // No write to guests can commit while this runs (every one writes the log): the index in memory is the log
        // up to its last entry, unless another tab wrote there.
        const last = await lastSeqOf(this.db);
        const index = this.index;
        if (last !== this.knownSeq || !index) return;
        const base: SearchLogEntry = { base: true, hits: encodeHits(index.allHits()) };
        if (last !== undefined) {
          await log.where(':id').belowOrEqual(last).delete();
          base.seq = last;
        }
        this.knownSeq = await log.put(base);
        this.afterBase = 0;
      })
      .catch((error: unknown) =>
        console.warn('[guests] folding the search log failed (the next load folds it):', error),
      )
      .finally(() => {
        this.folding = false;
      });
  }
}

/** Whether this database has the search log (a layout from before it does not). */
function hasLog(db: Dexie): boolean {
  return db.tables.some((table) => table.name === SEARCH_LOG_TABLE);
}

/** The place of the log's last entry (undefined when it is empty). */
async function lastSeqOf(db: Dexie): Promise<number | undefined> {
  const last = await db.table<SearchLogEntry, number>(SEARCH_LOG_TABLE).orderBy(':id').lastKey();
  return typeof last === 'number' ? last : undefined;
}

/** The index played from the log's last base, with the entries after it; null when the log cannot say. */
async function replayLog(
  db: Dexie,
): Promise<{ index: GuestSearchIndex; after: number; lastSeq: number | undefined } | null> {
  const log = db.table<SearchLogEntry, number>(SEARCH_LOG_TABLE);
  const guests = db.table<GuestRow, string>(GUESTS);
  const [entries, count] = await db.transaction('r', log, guests, () => Promise.all([log.toArray(), guests.count()]));
  const from = entries.findLastIndex((entry) => entry.base);
  if (from < 0) return null;
  const index = new GuestSearchIndex();
  for (const entry of entries.slice(from)) {
    if (entry.broken) return null;
    apply(index, entry.hits === undefined ? { gone: entry.gone ?? [] } : { put: decodeHits(entry.hits) });
  }
  return index.size === count ? { index, after: entries.length - 1 - from, lastSeq: entries.at(-1)?.seq } : null;
}

/** The index made from the guests themselves (the log is then folded from it). */
async function indexOfGuests(eachGuestPage: GuestPages): Promise<GuestSearchIndex> {
  const index = new GuestSearchIndex();
  await eachGuestPage((page) => {
    for (const row of page) index.put(hitOf(row));
  });
  return index;
}

/** Keeps a cache's search log and index: every write to guests logs its hits, and the index takes them in on commit. */
export function keepSearchIndex(db: Dexie, eachGuestPage: GuestPages): SearchIndexKeeper {
  const keeper = new SearchIndexKeeper(db, eachGuestPage);
  db.use(searchLogMiddleware(keeper));
  return keeper;
}

function searchLogMiddleware(keeper: SearchIndexKeeper): Middleware<DBCore> {
  /** The changes each open transaction made to guests, taken in when it commits. */
  const changesOf = new WeakMap<DBCoreTransaction, Logged[]>();
  return {
    stack: 'dbcore',
    name: 'guest-search-log',
    create: (down) => {
      /** Whether this database has the log (a layout from before it does not: the index is then only kept in memory). */
      const logged = down.schema.tables.some((table) => table.name === SEARCH_LOG_TABLE);
      return {
        ...down,
        // A transaction that may write guests writes the log too, and the index hears of it when it commits
        // (heard before anyone awaiting the transaction goes on: this listener is added first).
        transaction(stores, mode, options) {
          const writesGuests = mode === 'readwrite' && stores.includes(GUESTS);
          const widened =
            writesGuests && logged && !stores.includes(SEARCH_LOG_TABLE) ? [...stores, SEARCH_LOG_TABLE] : stores;
          const trans = down.transaction(widened, mode, options);
          if (writesGuests && isEventTarget(trans))
            trans.addEventListener('complete', () => keeper.committed(changesOf.get(trans) ?? []));
          return trans;
        },
        table(name) {
          const table = down.table(name);
          if (name !== GUESTS) return table;
          return {
            ...table,
            mutate(request) {
              const logged: Logged = { change: changeOf(request) };
              const changes = changesOf.get(request.trans) ?? [];
              changes.push(logged);
              changesOf.set(request.trans, changes);
              // Without the log (an upgrade from before its version) the next load rebuilds it.
              return mutateAndLog(down, table, request, SEARCH_LOG_TABLE, entryOf(logged.change), (response) => {
                if (typeof response.lastResult === 'number') logged.seq = response.lastResult;
              });
            },
          };
        },
      };
    },
  };
}

/** Whether a transaction can be listened to (IndexedDB's transaction is Dexie's DBCoreTransaction underneath). */
function isEventTarget(trans: DBCoreTransaction): trans is DBCoreTransaction & EventTarget {
  return 'addEventListener' in trans && typeof trans.addEventListener === 'function';
}

/** The log's table, typed (for tests and the fold). */
export function searchLogOf(db: Dexie): Table<SearchLogEntry, number> {
  return db.table<SearchLogEntry, number>(SEARCH_LOG_TABLE);
}
