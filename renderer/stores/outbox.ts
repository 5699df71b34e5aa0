import { create } from 'zustand';
import type { DeskApi, EventPayload } from '../../shared/bridge/contract';
import { pendingTotal } from '../../shared/outbox/states';
import { reportBackgroundFailure } from './background-failures';
import { patchOutboxList } from './outbox-list';

export type OutboxSummary = EventPayload<'outboxChanged'>['summary'];
export type OutboxItem = EventPayload<'outboxChanged'>['changed'][number];

interface OutboxState {
  summary: OutboxSummary | null;
  /** Latest known state of each entry seen in this session, by id; removed entries leave it. */
  items: Record<string, OutboxItem>;
  /** Bumped on every change. The Outbox screen's list is patched by the same events (stores/outbox-list). */
  version: number;
}

/** The outbox as the renderer follows it: the badge counts and entries' latest states. */
export const useOutbox = create<OutboxState>(() => ({ summary: null, items: {}, version: 0 }));

/** Loads the summary once and follows outboxChanged events. */
export function followOutbox(desk: DeskApi): () => void {
  desk.listOutbox({ limit: 1 }).then(
    ({ summary }) => useOutbox.setState({ summary }),
    (error: unknown) => reportBackgroundFailure('Loading the outbox counts', error),
  );
  return desk.on('outboxChanged', ({ summary, changed, removed }) => {
    useOutbox.setState((state) => {
      // Patched in place (readers follow `version`): copying every entry seen on each event made an
      // import of 100,000 guests quadratic on the main thread.
      const items = state.items;
      for (const item of changed) items[item.id] = item;
      for (const id of removed) delete items[id];
      return { summary, items, version: state.version + 1 };
    });
    patchOutboxList(changed, removed);
  });
}

/** Entries still to go out: everything but sent. */
export function pendingCount(summary: OutboxSummary | null): number {
  return summary ? pendingTotal(summary.counts) : 0;
}
