import { create } from 'zustand';
import type { DeskApi } from '../../shared/bridge/contract';
import type { OutboxKind } from '../../shared/outbox/kinds';
import { PENDING_STATES, type OutboxState } from '../../shared/outbox/states';
import { followOutboxEntries, type OutboxEntryChange, type OutboxItem, type OutboxSummary } from './outbox-follow';

/** The Outbox screen's state filters: what needs a person, what is still to go out, what went out. */
export const OUTBOX_FILTERS = {
  attention: { label: 'Needs attention', states: ['needs_attention'], empty: 'Nothing needs a person.' },
  pending: { label: 'To go out', states: PENDING_STATES, empty: 'Nothing is waiting: everything has gone out.' },
  sent: { label: 'Sent', states: ['sent'], empty: 'Nothing has gone out yet.' },
} as const satisfies Record<string, { label: string; states: readonly OutboxState[]; empty: string }>;

export type OutboxFilter = keyof typeof OUTBOX_FILTERS;

/** Whether a value names one of the Outbox screen's tabs. */
export function isOutboxFilter(value: string): value is OutboxFilter {
  return Object.hasOwn(OUTBOX_FILTERS, value);
}

/** Entries read per page. */
export const OUTBOX_PAGE_SIZE = 100;

interface OutboxListState {
  filter: OutboxFilter;
  /** One kind, or every kind. */
  kind: OutboxKind | null;
  /** The loaded entries, newest first. */
  items: OutboxItem[];
  /** More entries match beyond those loaded. */
  hasMore: boolean;
  loading: boolean;
  /** Why the last load failed, in staff's words; the list shows it instead of its tab's empty words. */
  error: string | null;
}

/** The Outbox screen's list: loaded a page at a time, then patched as outboxChanged notices say. */
export const useOutboxList = create<OutboxListState>(() => ({
  filter: 'pending',
  kind: null,
  items: [],
  hasMore: false,
  loading: false,
  error: null,
}));

let latest = 0;

/** Whether an entry (or a notice of one) belongs in the list under the current filters. */
function fits(
  item: { state: OutboxState; kind: OutboxKind },
  state: Pick<OutboxListState, 'filter' | 'kind'>,
): boolean {
  const states: readonly OutboxState[] = OUTBOX_FILTERS[state.filter].states;
  return states.includes(item.state) && (state.kind === null || item.kind === state.kind);
}

/** Loads the first page under the given filters (the current ones when not given); resolves to the fresh summary, if it loaded. */
export async function loadOutboxList(
  desk: Pick<DeskApi, 'listOutbox'>,
  filters: Partial<Pick<OutboxListState, 'filter' | 'kind'>> = {},
): Promise<OutboxSummary | undefined> {
  const run = ++latest;
  useOutboxList.setState({ ...filters, loading: true, error: null });
  const { filter, kind } = useOutboxList.getState();
  try {
    const { items, summary } = await desk.listOutbox({
      states: [...OUTBOX_FILTERS[filter].states],
      ...(kind ? { kinds: [kind] } : {}),
      limit: OUTBOX_PAGE_SIZE,
    });
    if (run === latest) useOutboxList.setState({ items, hasMore: items.length === OUTBOX_PAGE_SIZE, loading: false });
    return summary;
  } catch (error) {
    if (run === latest) useOutboxList.setState({ items: [], hasMore: false, loading: false, error: messageOf(error) });
    return undefined;
  }
}

/** Loads the next page after the last entry shown. */
export async function loadMoreOutbox(desk: Pick<DeskApi, 'listOutbox'>): Promise<void> {
  const { filter, kind, items, hasMore, loading } = useOutboxList.getState();
  const last = items.at(-1);
  if (!hasMore || loading || !last) return;
  const run = ++latest;
  useOutboxList.setState({ loading: true, error: null });
  try {
    const page = await desk.listOutbox({
      states: [...OUTBOX_FILTERS[filter].states],
      ...(kind ? { kinds: [kind] } : {}),
      before: last.id,
      limit: OUTBOX_PAGE_SIZE,
    });
    if (run !== latest) return;
    useOutboxList.setState((state) => {
      const known = new Set(state.items.map((item) => item.id));
      return {
        items: [...state.items, ...page.items.filter((item) => !known.has(item.id))],
        hasMore: page.items.length === OUTBOX_PAGE_SIZE,
        loading: false,
      };
    });
  } catch (error) {
    if (run === latest) useOutboxList.setState({ loading: false, error: messageOf(error) });
  }
}

/**
 * Patches the loaded list with entries that changed and ids removed: an entry that now fits is
 * updated in place, or added in order when it is newer than the end of what is loaded; one that no
 * longer fits (sent while looking at what is to go out, discarded) leaves the list.
 */
export function patchOutboxList(changed: readonly OutboxItem[], removed: readonly string[]): void {
  if (changed.length === 0 && removed.length === 0) return;
  useOutboxList.setState((state) => {
    const gone = new Set(removed);
    const byId = new Map(changed.map((item) => [item.id, item]));
    const kept = state.items.flatMap((item) => {
      if (gone.has(item.id)) return [];
      const next = byId.get(item.id);
      byId.delete(item.id);
      if (!next) return [item];
      return fits(next, state) ? [next] : [];
    });
    const oldest = state.hasMore ? kept.at(-1)?.createdAt : undefined;
    const added = [...byId.values()].filter(
      (item) => fits(item, state) && (oldest === undefined || item.createdAt >= oldest),
    );
    if (added.length === 0 && kept.length === state.items.length && kept.every((item, i) => item === state.items[i]))
      return state;
    const items = [...added, ...kept].sort((a, b) =>
      a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1,
    );
    // Bounded by what was loaded (at least a page): an import's thousands of new entries leave the
    // rest for "load more" instead of growing and re-sorting the list on every event.
    const limit = Math.max(state.items.length, OUTBOX_PAGE_SIZE);
    return items.length > limit ? { items: items.slice(0, limit), hasMore: true } : { items };
  });
}

/**
 * Follows the outbox's change notices for the list: an entry shown that no longer fits the filters
 * (sent while looking at what is to go out) leaves at once; entries shown that changed, and entries
 * that now fit and sort among those loaded, are read (the newest page of them at most) and patched in.
 */
export function followOutboxList(desk: Pick<DeskApi, 'on' | 'listOutbox'>): () => void {
  return followOutboxEntries(desk, {
    label: 'Following the outbox list',
    pick: (changed) => {
      const state = useOutboxList.getState();
      const loaded = new Set(state.items.map((item) => item.id));
      const oldest = state.hasMore ? state.items.at(-1)?.createdAt : undefined;
      const left = changed.filter((change) => loaded.has(change.id) && !fits(change, state));
      if (left.length > 0)
        patchOutboxList(
          [],
          left.map((change) => change.id),
        );
      const wanted = changed.filter(
        (change) =>
          fits(change, state) && (loaded.has(change.id) || oldest === undefined || change.createdAt >= oldest),
      );
      return newestFirst(wanted)
        .slice(0, Math.max(state.items.length, OUTBOX_PAGE_SIZE))
        .map((change) => change.id);
    },
    apply: (items, removed) => patchOutboxList(items, removed),
  });
}

/** Notices newest first (as the list sorts). */
function newestFirst(changes: readonly OutboxEntryChange[]): OutboxEntryChange[] {
  return [...changes].sort((a, b) => (a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1));
}

/** An error's message for staff. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
