// The checked rows as the grid shows them, and which rows it shows (the page fetches them a page at a time: grid-rows.ts).
import type { CheckedRow, FileRows } from './file-rows';
import type { ConflictChoice, RowStatus } from './resolve';

/** One row as the grid shows it. */
export interface GridRow {
  /** The row's number in the spreadsheet (blank rows counted): its identity from here on. */
  line: number;
  /** The cells of the columns being imported (by column; ignored columns do not travel). */
  cells: Record<number, string>;
  status: RowStatus;
  /** Each cell's problem, note, or value as sent when it differs from the file's (absent when there is none: 100,000 rows travel to the page). */
  problems?: Record<number, string>;
  notes?: Record<number, string>;
  shown?: Record<number, string>;
  /** The line of the earlier row it repeats. */
  duplicateOfLine?: number;
  /** The guest it updates or leaves. */
  contactId?: string;
  /** A problem about other rows or guests (shown in the status column). */
  rowProblem?: string;
  /** Why its guest is left as they are, or what a conflict's choice did. */
  rowNote?: string;
  /** The conflict's choice, for a row whose identifiers clash. */
  conflict?: ConflictChoice;
}

/** The rows the grid shows (deleted ones left out; with `onlyProblems`, only rows with problems or conflicts), as it shows them. */
export class ShownRows {
  private shown: { version: number; onlyProblems: boolean; positions: number[] } | null = null;

  constructor(
    private readonly file: FileRows,
    /** The columns being imported: the grid shows their cells. */
    private readonly columns: () => readonly number[],
  ) {}

  /** `count` shown rows from the `from`th, and how many there are in all. */
  page(from: number, count: number, onlyProblems: boolean): { rows: GridRow[]; total: number } {
    const shown = this.positions(onlyProblems);
    return {
      rows: shown.slice(from, from + count).map((index) => this.row(this.file.rows[index]!)),
      total: shown.length,
    };
  }

  /** The rows from..to (by position among all rows), leaving out deleted ones. */
  between(from: number, to: number): GridRow[] {
    const rows = this.file.rows;
    const out: GridRow[] = [];
    for (let index = from; index < Math.min(to, rows.length); index++) {
      const row = rows[index]!;
      if (!row.deleted) out.push(this.row(row));
    }
    return out;
  }

  /** One row as the grid shows it: the cells of the mapped columns, and what the check found. */
  row(row: CheckedRow): GridRow {
    const check = row.check;
    const resolution = row.resolution;
    return {
      line: row.line,
      cells: shownCells(row.cells, this.columns()),
      status: resolution.status,
      ...(check && hasAny(check.problems) ? { problems: check.problems } : {}),
      ...(check && hasAny(check.notes) ? { notes: check.notes } : {}),
      ...(check && hasAny(check.shown) ? { shown: check.shown } : {}),
      ...(resolution.duplicateOf !== undefined
        ? { duplicateOfLine: this.file.rows[resolution.duplicateOf]!.line }
        : {}),
      ...(resolution.contactId ? { contactId: resolution.contactId } : {}),
      ...(resolution.problem ? { rowProblem: resolution.problem } : {}),
      ...(resolution.note ? { rowNote: resolution.note } : {}),
      ...(resolution.conflict ? { conflict: resolution.conflict.choice } : {}),
    };
  }

  /** Positions of the rows shown, worked out once per change of the rows. */
  private positions(onlyProblems: boolean): number[] {
    if (this.shown?.version !== this.file.version || this.shown.onlyProblems !== onlyProblems) {
      const positions: number[] = [];
      this.file.rows.forEach((row, index) => {
        if (row.deleted) return;
        const status = row.resolution.status;
        if (!onlyProblems || status === 'problem' || status === 'conflict') positions.push(index);
      });
      this.shown = { version: this.file.version, onlyProblems, positions };
    }
    return this.shown.positions;
  }
}

/** A row's cells of the mapped columns, by column, for the grid. */
function shownCells(cells: readonly string[], columns: readonly number[]): Record<number, string> {
  const shown: Record<number, string> = {};
  for (const column of columns) if (cells[column]) shown[column] = cells[column]!;
  return shown;
}

/** Whether an object has any key (without listing them all). */
function hasAny(record: object): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return true;
  return false;
}
