import { ROW } from '../../import/check';
import type { GridRow } from '../../import/shown-rows';

/** What a row's status says to staff. */
export function statusText(row: GridRow, columns: readonly string[]): string {
  if (row.status === 'new') return row.rowNote ? `New guest. ${row.rowNote}` : 'New guest';
  if (row.status === 'update') return `Updates guest ${row.contactId}${row.rowNote ? `. ${row.rowNote}` : ''}`;
  if (row.status === 'leave') return `Guest ${row.contactId} left as they are. ${row.rowNote ?? ''}`.trim();
  if (row.status === 'conflict') return `Conflict: ${row.rowProblem ?? ''}`;
  if (row.duplicateOfLine !== undefined) return `Same email or mobile as row ${row.duplicateOfLine}`;
  if (row.rowProblem) return row.rowProblem;
  if (row.problems?.[ROW]) return row.problems[ROW];
  const [column, problem] = Object.entries(row.problems ?? {})[0] ?? [];
  return column === undefined ? 'Problem' : `${columns[Number(column)]}: ${problem}`;
}

/** The colour of each status's sentence on a row. */
export const STATUS_COLOURS: Record<GridRow['status'], string> = {
  new: 'teal',
  update: 'blue',
  leave: 'dimmed',
  problem: 'red',
  conflict: 'orange',
};
