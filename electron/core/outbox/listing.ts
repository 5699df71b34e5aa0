import type { OutboxStore } from './store';
import type { OutboxItemView, OutboxKind, OutboxState, StoredState } from './types';
import { toItemView, type ViewContext } from './views';

/** Which entries a listing returns, newest first. */
export interface OutboxQuery {
  states?: readonly OutboxState[];
  kinds?: readonly OutboxKind[];
  /** Only these entries, in this order; ids no longer in the outbox are left out. */
  ids?: readonly string[];
  guestKey?: string;
  /** The next page: entries queued before this one. */
  before?: string;
  limit?: number;
}

/** Rows read per step while filtering by what SQL cannot see (the shown state). */
const STEP = 200;

/** The entries a query asks for, as staff see them. */
export function listEntries(store: OutboxStore, query: OutboxQuery, ctx: ViewContext): OutboxItemView[] {
  if (query.ids) {
    return query.ids.flatMap((id) => {
      const row = store.get(id);
      const found = row && row.state !== 'discarded' ? toItemView(row, ctx) : undefined;
      return found && matches(found, query) && (query.guestKey === undefined || found.guestKey === query.guestKey)
        ? [found]
        : [];
    });
  }
  const limit = query.limit ?? 500;
  let beforeSeq: number | undefined;
  if (query.before !== undefined) {
    beforeSeq = store.get(query.before)?.seq;
    // The page it followed is gone (forgotten after a month): nothing comes after it.
    if (beforeSeq === undefined) return [];
  }
  const shown = query.states;
  if (!shown && !query.kinds)
    return store.list({ guestKey: query.guestKey, limit, beforeSeq }).map((row) => toItemView(row, ctx));
  // A shown state comes from one or two stored ones (queued shows as waiting while offline):
  // narrow in SQL, then keep what shows as asked, page by page until the limit is reached.
  const stored = shown && [
    ...new Set(
      shown.flatMap((state): StoredState[] =>
        state === 'queued' || state === 'waiting' ? ['queued', 'waiting'] : [state],
      ),
    ),
  ];
  const found: OutboxItemView[] = [];
  const step = Math.max(limit, STEP);
  for (let cursor = beforeSeq; found.length < limit;) {
    const page = store.list({
      states: stored,
      guestKey: query.guestKey,
      limit: step,
      ...(cursor === undefined ? {} : { beforeSeq: cursor }),
    });
    for (const row of page) {
      const view = toItemView(row, ctx);
      if (matches(view, query) && found.length < limit) found.push(view);
    }
    if (page.length < step) break;
    cursor = page[page.length - 1]!.seq;
  }
  return found;
}

/** Whether an entry fits the query's state and kind filters (SQL has already applied the guest's). */
function matches(view: OutboxItemView, query: OutboxQuery): boolean {
  return (!query.states || query.states.includes(view.state)) && (!query.kinds || query.kinds.includes(view.kind));
}
