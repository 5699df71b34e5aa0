// The merge read (docs/architecture.md, "Several desks of one venue"): right before edits are pushed, the
// desk reads what changed on the service since their bases were read (pull_reservations / pull_db with
// touched_from), once for a delivery round rather than once per entry. Calls launched together share one
// read; a read serves a later call only while it is fresh (MAX_READ_AGE_MS), only for entries that were
// already waiting when it began (an edit staff make later gets a read of its own, so a lone edit's window is
// one read and one push), and only for records this desk has not pushed since the read began, so an entry
// never merges against a read older than its own last push. Shortly before a read in use reaches that age
// (twice its own round trip ahead, at least MIN_READ_AHEAD_MS), the next one travels beside the pushes, so a
// backlog never waits for a read after its first, and reads about once a second, not once per call: each read
// of a backlog brings what this desk pushed since the bases (touched_from reaches back past them), so every
// read saved is one such answer fewer to make, send and check.
import { formatServiceDateTime } from '../../../../shared/rules/datetime';
import type { ServiceAccess } from '../senders/sender';

/** The longest a read may serve the pushes of a backlog after it began: the widest window in which another desk's write is not seen. */
export const MAX_READ_AGE_MS = 1000;

/**
 * The next read starts at least this long before the read in use is too old (and at most half its age before):
 * it brings all that was pushed since the bases, so it takes longer than the last, and calls that outlive the
 * read in use would wait for it.
 */
export const MIN_READ_AHEAD_MS = 250;

/** The service's current records, read once for the calls of a round. */
export interface MergeRead<Item> {
  /** The core's clock when the read began, and when its answer came. */
  startedAt: number;
  answeredAt: number;
  /** Every record changed since this instant (ms, touched_from) is in it; a record absent did not change since. */
  since: number;
  records: ReadonlyMap<string, Item>;
}

/** A read lent to one call; released with the records the call pushed (a later read must begin after them). */
export interface MergeLease<Item> {
  read: MergeRead<Item>;
  release(pushedKeys: readonly string[]): void;
}

/** Reads for the calls of one kind. */
export interface MergeReader<Item> {
  /**
   * A read covering `since` that began after this desk's last push of any of `keys` and, when given, at or after
   * `queuedAt` (when the call's newest entry was queued). Rejects as the read's call did.
   */
  lease(
    service: ServiceAccess,
    need: { since: number; keys: readonly string[]; queuedAt?: number },
  ): Promise<MergeLease<Item>>;
}

/** What a reader reads with. */
export interface MergeReaderOptions<Item> {
  /** The service's list method (pull_reservations, pull_db), asked for what changed since touched_from (none: all). */
  list(service: ServiceAccess, request: { client_id: string; touched_from?: string }): Promise<readonly Item[]>;
  /** A record's key (reservation id, contact_id). */
  keyOf(item: Item): string | undefined;
  now(): number;
}

/** A read under way: what it will cover, and its answer. */
interface Pending<Item> {
  startedAt: number;
  since: number;
  done: Promise<MergeRead<Item>>;
}

/** Creates a merge reader; its state belongs to one account and starts afresh when the account changes. */
export function createMergeReader<Item>(options: MergeReaderOptions<Item>): MergeReader<Item> {
  let account: string | null = null;
  let latest: MergeRead<Item> | null = null;
  let inFlight: Pending<Item> | null = null;
  const pushedAt = new Map<string, number>();

  const start = (service: ServiceAccess, since: number): Pending<Item> => {
    const startedAt = options.now();
    const request = { client_id: service.clientId, ...touchedFrom(since, service) };
    const done = options.list(service, request).then((items) => {
      const records = new Map<string, Item>();
      for (const item of items) {
        const key = options.keyOf(item);
        if (key !== undefined) records.set(key, item);
      }
      const read: MergeRead<Item> = { startedAt, answeredAt: options.now(), since, records };
      if (account === service.clientId && (!latest || latest.startedAt < startedAt)) latest = read;
      return read;
    });
    const pending: Pending<Item> = { startedAt, since, done };
    inFlight = pending;
    const settled = () => void (inFlight === pending && (inFlight = null));
    done.then(settled, settled); // a failure goes to the calls that wait for this read; one read ahead has none, and is read again
    return pending;
  };

  const lend = (service: ServiceAccess, read: MergeRead<Item>): MergeLease<Item> => {
    // Its time is nearly up: the next read travels beside this round's pushes and lands before this one is too old.
    if (!inFlight && options.now() - read.startedAt > MAX_READ_AGE_MS - readAheadOf(read)) start(service, read.since);
    let released = false;
    return {
      read,
      release(pushedKeys) {
        if (released) return;
        released = true;
        const at = options.now();
        for (const key of pushedKeys) pushedAt.set(key, at);
      },
    };
  };

  return {
    async lease(service, need) {
      if (account !== service.clientId) {
        account = service.clientId;
        latest = null;
        inFlight = null;
        pushedAt.clear();
      }
      forgetOldPushes(
        pushedAt,
        Math.min(options.now(), latest?.startedAt ?? Infinity, inFlight?.startedAt ?? Infinity),
      );
      const after = Math.max(-Infinity, ...need.keys.map((key) => pushedAt.get(key) ?? -Infinity));
      const queuedAt = need.queuedAt ?? -Infinity;
      const serves = (read: { startedAt: number; since: number }) =>
        read.since <= need.since && read.startedAt > after && read.startedAt >= queuedAt;
      if (latest && serves(latest) && options.now() - latest.startedAt <= MAX_READ_AGE_MS) return lend(service, latest);
      const pending =
        inFlight && serves(inFlight) ? inFlight : start(service, Math.min(need.since, inFlight?.since ?? need.since));
      return lend(service, await pending.done);
    },
  };
}

/** How long before a read is too old the next one starts: twice this read's round trip, within bounds. */
function readAheadOf(read: MergeRead<unknown>): number {
  return Math.min(MAX_READ_AGE_MS / 2, Math.max(MIN_READ_AHEAD_MS, 2 * (read.answeredAt - read.startedAt)));
}

/** The touched_from of a read since `since` (ms), in the account's zone; none (the whole list) for -Infinity. */
function touchedFrom(since: number, service: ServiceAccess): { touched_from?: string } {
  return Number.isFinite(since)
    ? { touched_from: formatServiceDateTime(new Date(since), service.timeZone ?? 'UTC') }
    : {};
}

/** Forgets pushes made before `oldestRead` began: every read that can still be lent began after them. */
function forgetOldPushes(pushedAt: Map<string, number>, oldestRead: number): void {
  if (pushedAt.size < 1000) return;
  for (const [key, at] of pushedAt) if (at < oldestRead) pushedAt.delete(key);
}
