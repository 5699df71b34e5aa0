// The rows handed over to the desk core, a batch at a time within the bridge's limits, and the rows held
// back with what is wrong with them (in the batches and in the "rows with problems" file).
import { IMPORT_KEPT_CELL_MAX_LENGTH } from '../../shared/bridge/channels/import';
import { contactPayload, utf8Length } from './check';
import type { CheckedRow, FileRows } from './file-rows';

/** One row ready to queue: its row number, the push_contact item, and its mapped cells (for the failed-rows file). */
export interface QueueRow {
  line: number;
  action: 'new' | 'update';
  contact: Record<string, string>;
  original: string[];
}

/** One row held back: its mapped cells and why. */
export interface HeldRow {
  line: number;
  reason: string;
  original: string[];
}

/**
 * The ready rows from position `from`: at most `count` rows and `maxBytes` bytes (UTF-8 JSON; a hand-over
 * stays within the bridge's limits), with `categories` added to every guest; `columns` are the mapped ones.
 */
export function queueBatch(
  file: FileRows,
  columns: readonly number[],
  categories: readonly string[],
  from: number,
  count: number,
  existingCategories: ReadonlyMap<string, string[]>,
  maxBytes: number,
): { rows: QueueRow[]; held: HeldRow[]; next: number } {
  const all = file.rows;
  const rows: QueueRow[] = [];
  const held: HeldRow[] = [];
  let bytes = 0;
  let index = from;
  for (; index < all.length && rows.length + held.length < count; index++) {
    const row = all[index]!;
    if (row.deleted || !row.check) continue;
    const status = row.resolution.status;
    if (status === 'leave') continue;
    let item: QueueRow | HeldRow;
    if (status === 'new' || status === 'update') {
      const existing =
        status === 'update' && row.resolution.contactId ? (existingCategories.get(row.resolution.contactId) ?? []) : [];
      item = {
        line: row.line,
        action: status,
        contact: contactPayload(row.check, row.resolution, categories, existing),
        original: mappedCells(row.cells, columns),
      };
    } else item = { line: row.line, reason: reasonOf(row, file), original: mappedCells(row.cells, columns) };
    const size = utf8Length(JSON.stringify(item));
    if (rows.length + held.length > 0 && bytes + size > maxBytes) break;
    bytes += size;
    if ('action' in item) rows.push(item);
    else held.push(item);
  }
  return { rows, held, next: index };
}

/** The rows held back (problems and conflicts, deleted ones left out) with what is wrong: the "rows with problems" file. */
export function heldRows(file: FileRows, columns: readonly number[]): HeldRow[] {
  return file.rows.flatMap((row) =>
    !row.deleted && (row.resolution.status === 'problem' || row.resolution.status === 'conflict')
      ? [{ line: row.line, reason: reasonOf(row, file), original: mappedCells(row.cells, columns) }]
      : [],
  );
}

/** The guests that ready rows update (to read their categories before adding more). */
export function updatedGuests(rows: readonly CheckedRow[]): string[] {
  return rows.flatMap((row) =>
    !row.deleted && row.resolution.status === 'update' && row.resolution.contactId ? [row.resolution.contactId] : [],
  );
}

/** The reason a held row gives in the "rows with problems" file. */
function reasonOf(row: CheckedRow, file: FileRows): string {
  const columns = file.source.summary().columns;
  const check = row.check;
  const reasons = [
    row.resolution.duplicateOf !== undefined
      ? `Same email or mobile as row ${file.rows[row.resolution.duplicateOf]!.line}.`
      : row.resolution.problem,
    ...Object.entries(check?.problems ?? {}).map(([column, problem]) =>
      Number(column) < 0 ? problem : `${columns[Number(column)]}: ${problem}`,
    ),
  ];
  return reasons.filter(Boolean).join(' ') || 'Problem';
}

/** A row's cells of the mapped columns, each cut to what a held row keeps. */
function mappedCells(cells: readonly string[], columns: readonly number[]): string[] {
  return columns.map((column) => keptCell(cells[column] ?? ''));
}

/** A cell as a held row keeps it: cut past the bridge's limit, saying how long it was. */
function keptCell(cell: string): string {
  return cell.length > IMPORT_KEPT_CELL_MAX_LENGTH
    ? `${cell.slice(0, IMPORT_KEPT_CELL_MAX_LENGTH)}… [cut: ${cell.length.toLocaleString('en')} characters in the file]`
    : cell;
}
