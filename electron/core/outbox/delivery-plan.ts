// What the delivery loop sends in a round: calls planned from the line (bulk kinds in batches, in order per
// guest), and a claimed call typed by its kind. delivery-loop.ts claims, sends and records them.
import { batchSizeOf, type OutboxConfig } from './config';
import { createLineWalker, type LineEntry } from './line';
import type { OutboxStore } from './store';
import { isRowOfKind, type OutboxKind, type OutboxRow } from './types';

/** A call: entries of one kind, typed by it. */
export type Job<K extends OutboxKind = OutboxKind> = { [P in K]: { kind: P; rows: OutboxRow<P>[] } }[K];

/** The job of a kind from claimed rows, all of that kind (the planner groups by kind). */
export function jobOf<K extends OutboxKind>(kind: K, rows: readonly OutboxRow[]): Job<K> {
  const own: OutboxRow<K>[] = [];
  for (const row of rows) {
    if (!isRowOfKind(row, kind)) throw new Error(`A ${kind} call was planned with a ${row.kind} entry.`);
    own.push(row);
  }
  return { kind, rows: own };
}

/** A call being formed: which entries go in it. */
export interface PlannedJob {
  kind: OutboxKind;
  entries: LineEntry[];
}

/** How far down the line one round looks for work, and the sizes of the pages it reads. */
const MAX_CANDIDATES = 5000;
const FIRST_PAGE = 16;
const LAST_PAGE = 512;

/**
 * Walks the line page by page and groups due entries into calls: bulk kinds share a call up to
 * the batch size, at most `free` calls; stops once those calls are full.
 */
export function planJobs(
  store: OutboxStore,
  config: OutboxConfig,
  busyGuests: ReadonlySet<string>,
  round: { account: string; now: number; free: number },
): PlannedJob[] {
  const jobs: PlannedJob[] = [];
  const openBatch = new Map<OutboxKind, PlannedJob>();
  const isFull = () =>
    jobs.length >= round.free &&
    [...openBatch.values()].every((job) => job.entries.length >= batchSizeOf(config, job.kind));
  const mayGo = createLineWalker({
    account: round.account,
    now: round.now,
    pausedKinds: new Set(store.pausedKinds().map((paused) => paused.kind)),
    busyGuests,
  });
  // At most what the calls being formed could still take (a page past that is read for nothing).
  const largestBatch = Math.max(1, ...Object.values(config.batchSize));
  const room = () =>
    (round.free - jobs.length) * largestBatch +
    [...openBatch.values()].reduce((sum, job) => sum + batchSizeOf(config, job.kind) - job.entries.length, 0);
  let after = 0;
  // Pages start small (a few single messages fill the free slots) and grow for batches.
  for (
    let scanned = 0, pageSize = FIRST_PAGE;
    scanned < MAX_CANDIDATES && !isFull();
    pageSize = Math.min(pageSize * 4, LAST_PAGE, Math.max(FIRST_PAGE, room()))
  ) {
    const page = store.line(after, pageSize);
    for (const entry of page) {
      if (!mayGo(entry)) continue;
      // An entry whose earlier outcome is unknown goes alone, so the answer is unmistakably its own.
      const size = entry.outcomeUnknown ? 1 : batchSizeOf(config, entry.kind);
      const open = size > 1 ? openBatch.get(entry.kind) : undefined;
      if (open && open.entries.length < size) {
        open.entries.push(entry);
        continue;
      }
      if (jobs.length >= round.free) continue;
      const job: PlannedJob = { kind: entry.kind, entries: [entry] };
      jobs.push(job);
      if (size > 1) openBatch.set(entry.kind, job);
    }
    if (page.length < pageSize) break;
    scanned += page.length;
    after = page[page.length - 1]!.seq;
  }
  return jobs;
}
