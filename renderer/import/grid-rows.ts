// The rows the import grid shows, fetched from the worker a page at a time for the rows in view:
// the checked rows stay in the worker (100,000 of them in the page made its garbage collector hold
// the page up for hundreds of milliseconds).
import type { GridRow } from './shown-rows';

/** Rows fetched per request. */
const PAGE_ROWS = 100;
/** Pages kept beyond those in view (scrolling back shows them at once). */
const KEPT_PAGES = 40;

/** Which rows the grid shows: the rows' version (bumped by every check, edit, deletion or choice) and the filter. */
export interface GridView {
  version: number;
  onlyProblems: boolean;
}

/** Reads a page of the shown rows from the worker. */
export type FetchShownRows = (from: number, count: number, onlyProblems: boolean) => Promise<{ rows: GridRow[] }>;

/** The grid's rows as fetched so far: read synchronously while rendering, asked for after. */
export interface GridRows {
  /** The row at `index` as last fetched (possibly of an earlier version, until the fresh one arrives), if any. */
  row(index: number): GridRow | undefined;
  /** Asks for the rows first..last of this view that are missing or older; listeners hear when they arrive. */
  want(first: number, last: number, view: GridView): void;
  /** Fetches the first page of a view and resolves once it is in (a grid shown for the first time is not blank). */
  prefetch(view: GridView): Promise<void>;
  /** Forgets every row (another file). */
  clear(): void;
  /** Called when fetched rows arrive; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Changes with every arrival (what a React external store compares). */
  revision(): number;
}

/** A page cache of the grid's rows over `fetch`; a failed fetch is reported and asked again on the next `want`. */
export function createGridRows(fetch: FetchShownRows, onError: (error: unknown) => void): GridRows {
  const pages = new Map<number, { rows: GridRow[]; version: number }>();
  const loading = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();
  let revision = 0;
  let filter: boolean | null = null;
  /** Bumped by clear(): answers asked for before it (another file, a closed worker) are dropped unheard. */
  let generation = 0;

  const changed = () => {
    revision += 1;
    for (const listener of listeners) listener();
  };
  const showing = (view: GridView) => {
    if (filter === view.onlyProblems) return;
    // Another filter puts other rows at each position: what was fetched for the old one is not shown.
    filter = view.onlyProblems;
    pages.clear();
    changed();
  };
  const load = (page: number, view: GridView): Promise<void> => {
    const asked = `${generation}:${view.version}:${view.onlyProblems}#${page}`;
    const pending = loading.get(asked);
    if (pending) return pending;
    if ((pages.get(page)?.version ?? -1) >= view.version) return Promise.resolve();
    const mine = generation;
    const fetched = fetch(page * PAGE_ROWS, PAGE_ROWS, view.onlyProblems).then(
      ({ rows }) => {
        loading.delete(asked);
        // An answer for a filter no longer shown is of no use; one of an older version still beats nothing.
        if (mine !== generation || filter !== view.onlyProblems) return;
        if ((pages.get(page)?.version ?? -1) > view.version) return;
        pages.set(page, { rows, version: view.version });
        changed();
      },
      (error: unknown) => {
        loading.delete(asked);
        if (mine === generation) onError(error);
      },
    );
    loading.set(asked, fetched);
    return fetched;
  };

  return {
    row(index) {
      return pages.get(Math.floor(index / PAGE_ROWS))?.rows[index % PAGE_ROWS];
    },
    want(first, last, view) {
      showing(view);
      const from = Math.floor(Math.max(0, first) / PAGE_ROWS);
      const to = Math.floor(Math.max(0, last) / PAGE_ROWS);
      // Failures are reported through onError; the next want asks again.
      for (let page = from; page <= to; page++) void load(page, view);
      for (const page of pages.keys())
        if (page < from - KEPT_PAGES / 2 || page > to + KEPT_PAGES / 2) pages.delete(page);
    },
    prefetch(view) {
      showing(view);
      return load(0, view);
    },
    clear() {
      generation += 1;
      pages.clear();
      loading.clear();
      filter = null;
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    revision: () => revision,
  };
}
