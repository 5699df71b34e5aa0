import { randomUUID } from 'node:crypto';
import type { StreamedSink, StreamedSummary } from '../../shared/api/streamed-answer';
import { UserFacingError } from '../../shared/bridge/result';

/** How long a pulled list waits for the renderer to fetch its pages. */
const PULL_TTL_MS = 10 * 60_000;

/** One page of a pulled list: its items, how many the core holds after them, and whether more may still come. */
export interface PulledPage<Item> {
  items: Item[];
  remaining: number;
  /** The service's answer is still arriving: ask again after `remaining`, even when it is 0. */
  more: boolean;
  /** On the last page: how many of the answer's elements did not match and were left out. */
  leftOut?: number;
}

/** A list filled as the service's answer arrives (see PullStore.open). */
export interface PullFeed<Item> {
  pullId: string;
  add(items: Item[]): void;
  /** The answer is complete; `leftOut` of its elements did not match and were left out. */
  end(leftOut?: number): void;
  /** The answer broke off: waiting and later page requests get `error`. */
  fail(error: Error): void;
}

/** Pulled lists (guests, bookings) held in the core while the renderer fetches them page by page. */
export interface PullStore<Item> {
  /** Keeps a whole pulled list; returns its id. */
  keep(items: Item[]): string;
  /** Starts a list that fills as the answer arrives: its pages can be asked for at once. */
  open(): PullFeed<Item>;
  /**
   * One page: waits until `limit` items after `offset` are in (or the answer ended or failed). The list is
   * forgotten once its last page is taken; a page the answer broke off in throws the failure.
   */
  page(pullId: string, offset: number, limit: number): Promise<PulledPage<Item>>;
}

interface HeldPull<Item> {
  items: Item[];
  complete: boolean;
  leftOut: number;
  failure?: Error;
  expiresAt: number;
  /** Page requests waiting for items, woken on every change. */
  waiting: Array<() => void>;
}

/**
 * Creates the store of one kind of list (`what`: "guest list", "bookings", in the expiry message);
 * lists not fully fetched expire (a closed window never comes back for them).
 */
export function createPullStore<Item>(what: string, now: () => number = Date.now): PullStore<Item> {
  const pulls = new Map<string, HeldPull<Item>>();
  const expire = () => {
    for (const [id, pull] of pulls) if (pull.complete && pull.expiresAt < now()) pulls.delete(id);
  };
  const hold = (items: Item[], complete: boolean) => {
    expire();
    const id = `pull_${randomUUID()}`;
    const pull: HeldPull<Item> = { items, complete, leftOut: 0, expiresAt: now() + PULL_TTL_MS, waiting: [] };
    pulls.set(id, pull);
    return { id, pull };
  };
  const wake = (pull: HeldPull<Item>) => {
    for (const waiter of pull.waiting.splice(0)) waiter();
  };
  return {
    keep: (items) => hold(items, true).id,
    open() {
      const { id, pull } = hold([], false);
      return {
        pullId: id,
        add(items) {
          for (const item of items) pull.items.push(item);
          wake(pull);
        },
        end(leftOut = 0) {
          pull.complete = true;
          pull.leftOut = leftOut;
          pull.expiresAt = now() + PULL_TTL_MS;
          wake(pull);
        },
        fail(error) {
          pull.failure = error;
          pull.complete = true;
          wake(pull);
        },
      };
    },
    async page(pullId, offset, limit) {
      const pull = pulls.get(pullId);
      if (!pull) throw new UserFacingError(`That download of the ${what} has expired. Sync again.`);
      while (!pull.complete && pull.items.length < offset + limit)
        await new Promise<void>((resolve) => pull.waiting.push(resolve));
      // What arrived before a failure is still handed out; the page it broke off in gets the failure.
      if (pull.failure && pull.items.length < offset + limit) {
        pulls.delete(pullId);
        throw pull.failure;
      }
      pull.expiresAt = now() + PULL_TTL_MS;
      const items = pull.items.slice(offset, offset + limit);
      const remaining = Math.max(0, pull.items.length - offset - items.length);
      const more = !pull.complete || pull.failure !== undefined;
      if (remaining === 0 && !more) {
        pulls.delete(pullId);
        if (pull.leftOut > 0) return { items, remaining, more, leftOut: pull.leftOut };
      }
      return { items, remaining, more };
    },
  };
}

/** A streamed read of the service (client.stream.*), told where to hand what it reads. */
export type StreamedRead<Item> = (sink: StreamedSink<Item>) => Promise<StreamedSummary>;

/**
 * Runs a streamed read into a feed. Resolves once the answer is known to be a list (its items then keep
 * filling the feed), or rejects with the read's own failure before that. A failure after that is the feed's,
 * as `explain` words it: the page requests get it. Elements left out for not matching are logged, and
 * counted on the last page (staff are told how many).
 */
export function streamInto<Item>(
  feed: PullFeed<Item>,
  read: StreamedRead<Item>,
  options: { what: string; explain: (error: unknown) => Error },
): Promise<void> {
  return new Promise((resolve, reject) => {
    let started = false;
    read({
      started() {
        started = true;
        resolve();
      },
      items: (items) => feed.add(items),
    }).then(
      (summary) => {
        if (summary.skipped > 0)
          console.warn(
            `[desk] ${summary.skipped} of the ${options.what} could not be read and were left out (first: ${summary.firstProblem})`,
          );
        feed.end(summary.skipped);
      },
      (error: unknown) => {
        feed.fail(options.explain(error));
        if (!started) reject(error);
      },
    );
  });
}
