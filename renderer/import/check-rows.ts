// Checking each row on its own (check.ts), a few rows at a time in the waits of the read of the guests on file
// (shared-thread.ts); once those are read, the records of the guests checked rows match are read meanwhile.
import { checkRow, type CheckContext } from './check';
import type { EarlyRecordReads } from './early-records';
import type { FileRows } from './file-rows';
import type { RowPlacement } from './row-placement';
import type { SharedThread } from './shared-thread';

/** Rows checked per slice while the guest cache is read (about a tenth of a millisecond of work). */
const ROWS_PER_SLICE = 8;

/** Checks every row on its own (a deleted one is left unchecked); answers the early reads of records it started, if any. */
export async function checkEachRow(
  file: FileRows,
  context: CheckContext,
  thread: SharedThread,
  placement: RowPlacement,
  onProgress?: (done: number, total: number) => void,
): Promise<EarlyRecordReads | null> {
  let next = 0;
  let early: EarlyRecordReads | null = null;
  await thread.run(() => {
    const rows = file.rows;
    const end = Math.min(next + ROWS_PER_SLICE, rows.length);
    for (; next < end; next++) {
      if (onProgress && next % 5000 === 0) onProgress(next, rows.length);
      const row = rows[next]!;
      row.check = row.deleted ? null : checkRow(row.cells, context);
    }
    if (placement.guestsRead) {
      early ??= placement.earlyReads();
      early.lookUp(rows, next);
    }
    return next < rows.length;
  });
  return early;
}
