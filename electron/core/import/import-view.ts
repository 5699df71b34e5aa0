import type { z } from 'zod';
import type { importCounts, importView } from '../../../shared/bridge/channels/import';
import type { ImportRecord } from './import-records';
import type { RowStateCount } from './import-rows';

export type ImportView = z.output<typeof importView>;
export type ImportCounts = z.output<typeof importCounts>;

/** What the core knows of an import beyond its record: whether this run of the desk is queueing it now. */
export interface ImportActivity {
  /** Rows are being handed over, or the core's loop is putting them in the outbox. */
  busy: boolean;
  lastStagedLine: number;
}

/** An import's counts from its record and its rows' states (or the counts frozen when its data was dropped). */
export function importCountsOf(record: ImportRecord, states: readonly RowStateCount[]): ImportCounts {
  if (record.finalCounts) return record.finalCounts;
  const counts: ImportCounts = {
    totalRows: record.totalRows,
    readyRows: record.readyRows,
    stagedRows: 0,
    queuedRows: 0,
    newGuests: 0,
    updated: 0,
    pending: 0,
    failed: 0,
    leftRows: record.leftRows,
    heldRows: record.heldRows,
  };
  for (const { action, state, count } of states) {
    counts.stagedRows += count;
    if (state === 'staged') continue;
    if (state !== 'refused') counts.queuedRows += count;
    if (!rowHasEnded(state)) counts.pending += count;
    // An entry forgotten after it finished was sent or discarded; the desk no longer knows which, and counts it sent.
    else if ((state === 'sent' || state === 'gone') && action === 'new') counts.newGuests += count;
    else if (state === 'sent' || state === 'gone') counts.updated += count;
    else if (state === 'needs_attention' || state === 'refused') counts.failed += count;
  }
  return counts;
}

/** The states in which a row has reached its end: sent (or forgotten once finished), failed, refused, discarded. */
const ENDED_STATES: ReadonlySet<string> = new Set(['sent', 'gone', 'needs_attention', 'refused', 'discarded']);

/** Whether a row in this state has reached its end: neither waiting to be queued nor still to go. */
export function rowHasEnded(state: string): boolean {
  return ENDED_STATES.has(state);
}

/** Where an import stands. */
function importPhaseOf(record: ImportRecord, counts: ImportCounts, activity: ImportActivity): ImportView['phase'] {
  if (record.cancelledAt !== null) return 'cancelled';
  if (record.queuedAt === null) return activity.busy ? 'queueing' : 'interrupted';
  return counts.pending > 0 ? 'delivering' : 'done';
}

/** An import as staff see it. */
export function toImportView(record: ImportRecord, counts: ImportCounts, activity: ImportActivity): ImportView {
  return {
    ...counts,
    id: record.id,
    fileName: record.fileName,
    createdAt: new Date(record.createdAt).toISOString(),
    phase: importPhaseOf(record, counts, activity),
    staged: record.stagedAt !== null,
    lastStagedLine: activity.lastStagedLine,
    mapping: record.mapping,
    categories: record.categories,
  };
}
