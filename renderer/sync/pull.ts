// One pull of a synced collection written into the cache (collection.ts runs them): its pages fetched
// from the desk core, built into rows and written, the next page travelling while this one is written.

/** One page of a pull, how many items the core holds after it, and whether more may still come. */
export interface PulledPage<Item> {
  items: Item[];
  remaining: number;
  /** The service's answer is still arriving: ask again after `remaining`, even when it is 0. */
  more?: boolean;
  /** On the last page: how many of the answer's elements did not match and were left out (the core logs why). */
  leftOut?: number;
}

/** A pull under way in the desk core: its size (when known), the core's clock when it began, and its pages. */
export interface Pull<Item> {
  /** Unknown while the service's answer is still arriving (streamed pulls). */
  total?: number;
  startedAt: string;
  /** Largest page one call may ask for. */
  pageLimit: number;
  page(offset: number, limit: number): Promise<PulledPage<Item>>;
}

/** A pull the desk core holds (pull_db, pull_reservations), fetched page by page through the bridge. */
export function heldPull<Item>(
  started: { pullId: string; total?: number; startedAt: string },
  pageLimit: number,
  fetchPage: (request: { pullId: string; offset: number; limit: number }) => Promise<PulledPage<Item>>,
): Pull<Item> {
  return {
    total: started.total,
    startedAt: started.startedAt,
    pageLimit,
    page: (offset, limit) => fetchPage({ pullId: started.pullId, offset, limit }),
  };
}

/** Writes one pull's pages into the cache: rows built from each page (while the previous is written), then finished. */
export interface PullWriter<Item, Row> {
  rows(items: Item[]): Row[];
  put(rows: Row[]): Promise<unknown>;
  /**
   * How many puts may be under way at once (1 when not said). With 2, a page's rows are cloned into IndexedDB
   * on this thread while the previous page's transaction commits in the browser's storage, instead of one
   * waiting for the other; IndexedDB runs transactions on the same table in the order they were made, so
   * pages land in order, and progress is reported in that order.
   */
  writesAtOnce?: number;
  /** After the last page: a full pull removes what the service no longer has; returns how many rows went. */
  finish(): Promise<number>;
}

/** What one finished pull wrote. */
export interface PullOutcome {
  total: number;
  startedAt: string;
  removed: number;
  /** Records of the answer left out for not matching. */
  leftOut: number;
}

/** A promise's outcome kept as a value: it may wait unobserved (no unhandled rejection) and rethrows when taken. */
function held<T>(promise: Promise<T>): Promise<() => T> {
  return promise.then(
    (value) => () => value,
    (error: unknown) => () => {
      throw error;
    },
  );
}

/** How one pull runs: from when (none: everything), in pages of what size, and who hears of its progress. */
export interface PullOptions {
  touchedFrom?: string;
  pageSize?: number;
  onProgress?: (progress: { done: number; total: number }) => void;
}

/** The first page asked of a pull whose size is not known yet (it is still arriving in the core); later ones double. */
const STREAMED_FIRST_PAGE = 1000;

/**
 * Writes a pull into the cache page by page. Three stages overlap: the next page travels while this
 * page's rows are built and the previous page is written. A streamed pull's pages are asked for until the
 * core says no more will come; its total is reported once known (0, "not known yet", until then).
 */
export async function writePull<Item, Row>(
  pull: Pull<Item>,
  writer: PullWriter<Item, Row>,
  options: Omit<PullOptions, 'touchedFrom'>,
): Promise<PullOutcome> {
  const pageSize = Math.min(options.pageSize ?? pull.pageLimit, pull.pageLimit);
  // A streamed pull's pages start small and double: the first write starts while the rest of the answer
  // arrives, and each next page asks little more than has arrived by the time the previous one is written.
  let nextSize = pull.total === undefined ? Math.min(pageSize, STREAMED_FIRST_PAGE) : pageSize;
  let total = pull.total ?? 0;
  options.onProgress?.({ done: 0, total });
  const fetchPage = (offset: number) => {
    const size = nextSize;
    nextSize = Math.min(pageSize, nextSize * 2);
    return held(pull.page(offset, size));
  };
  let fetched = 0;
  let leftOut = 0;
  const writing: Array<Promise<() => void>> = [];
  let next = pull.total !== 0 ? fetchPage(0) : undefined;
  while (next) {
    const page = await next.then(async (take) => {
      try {
        return take();
      } catch (error) {
        await Promise.all(writing); // the pages in writing are finished before the failure is reported (theirs is the lesser)
        throw error;
      }
    });
    fetched += page.items.length;
    leftOut += page.leftOut ?? 0;
    if (!page.more && pull.total === undefined) total = fetched + page.remaining;
    next = page.more || (page.remaining > 0 && page.items.length > 0) ? fetchPage(fetched) : undefined;
    const rows = writer.rows(page.items);
    if (writing.length >= (writer.writesAtOnce ?? 1)) (await writing.shift()!)();
    const done = fetched;
    writing.push(held(writer.put(rows).then(() => options.onProgress?.({ done, total }))));
  }
  for (const write of writing) (await write)();
  return { total: pull.total ?? fetched, startedAt: pull.startedAt, removed: await writer.finish(), leftOut };
}
