import { create } from 'zustand';
import type { DeskApi } from '../../shared/bridge/contract';
import { pendingTotal } from '../../shared/outbox/states';
import { reportBackgroundFailure } from './background-failures';
import type { OutboxSummary } from './outbox-follow';
import { followOutboxList } from './outbox-list';

export type { OutboxItem, OutboxSummary } from './outbox-follow';

interface OutboxState {
  summary: OutboxSummary | null;
  /** Bumped on every change notice. The Outbox screen's list follows the same notices (stores/outbox-list). */
  version: number;
}

/** The outbox as the renderer follows it: the badge counts. */
export const useOutbox = create<OutboxState>(() => ({ summary: null, version: 0 }));

/** Loads the summary once and follows outboxChanged notices: the badge, and the Outbox screen's list. */
export function followOutbox(desk: Pick<DeskApi, 'on' | 'listOutbox'>): () => void {
  desk.listOutbox({ limit: 1 }).then(
    ({ summary }) => useOutbox.setState({ summary }),
    (error: unknown) => reportBackgroundFailure('Loading the outbox counts', error),
  );
  const stopCounts = desk.on('outboxChanged', ({ summary }) =>
    useOutbox.setState((state) => ({ summary, version: state.version + 1 })),
  );
  const stopList = followOutboxList(desk);
  return () => {
    stopCounts();
    stopList();
  };
}

/** Entries still to go out: everything but sent. */
export function pendingCount(summary: OutboxSummary | null): number {
  return summary ? pendingTotal(summary.counts) : 0;
}
