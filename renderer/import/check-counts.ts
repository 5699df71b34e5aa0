// What a check comes to: the counts shown at the top of the grid, and the rows a change placed anew.
import type { CheckedRow } from './file-rows';
import type { RowResolution } from './resolve';

/** Counts shown at the top of the grid. */
export interface CheckCounts {
  rows: number;
  ready: number;
  newGuests: number;
  updates: number;
  /** Guests the file matched and the desk leaves as they are. */
  left: number;
  /** Rows with problems (held back). */
  problems: number;
  /** Rows whose email and mobile clash with the guests on file, held back (left out). */
  conflicts: number;
  /** Rows whose identifiers clash with the guests on file, whatever was chosen for them (the grid shows their choice). */
  clashing: number;
  duplicates: number;
}

/** Counts the rows (deleted ones left out) by where the check placed them. */
export function countRows(rows: readonly CheckedRow[]): CheckCounts {
  const counts: CheckCounts = {
    rows: 0,
    ready: 0,
    newGuests: 0,
    updates: 0,
    left: 0,
    problems: 0,
    conflicts: 0,
    clashing: 0,
    duplicates: 0,
  };
  for (const row of rows) {
    if (row.deleted) continue;
    const resolution = row.resolution;
    counts.rows += 1;
    if (resolution.conflict) counts.clashing += 1;
    if (resolution.duplicate) counts.duplicates += 1;
    if (resolution.status === 'new') counts.newGuests += 1;
    else if (resolution.status === 'update') counts.updates += 1;
    else if (resolution.status === 'leave') counts.left += 1;
    else if (resolution.status === 'conflict') counts.conflicts += 1;
    else counts.problems += 1;
  }
  counts.ready = counts.newGuests + counts.updates;
  return counts;
}

/**
 * The rows whose result changed since `before` (their resolutions, by position), `first` ahead of them,
 * deleted ones left out.
 */
export function changedRows(
  first: readonly CheckedRow[],
  before: readonly RowResolution[],
  rows: readonly CheckedRow[],
): CheckedRow[] {
  const changed = new Set(first);
  rows.forEach((row, index) => {
    const old = before[index]!;
    const now = row.resolution;
    if (
      old.status !== now.status ||
      old.duplicateOf !== now.duplicateOf ||
      old.problem !== now.problem ||
      old.note !== now.note ||
      old.conflict?.choice !== now.conflict?.choice
    )
      changed.add(row);
  });
  return [...changed].filter((row) => !row.deleted);
}
