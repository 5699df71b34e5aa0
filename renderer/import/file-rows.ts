// The file being imported as read (source.ts) and its rows, one record per row with where the check placed it.
import type { RowCheck } from './row-check';
import { ImportFileError, type SourceRow } from './limits';
import type { RowResolution } from './resolve';
import { SourceFile, type FileSummary, type ReadOptions } from './source';

/** One row of the file and where the check placed it. */
export interface CheckedRow {
  line: number;
  cells: string[];
  deleted: boolean;
  check: RowCheck | null;
  resolution: RowResolution;
}

const UNCHECKED: RowResolution = { status: 'problem', duplicate: false };

/** The file as read and its rows (deleted ones too), by position and by line, with a version the grid follows. */
export class FileRows {
  /** The file as read: how it was read, its header line, what is wrong with how some rows are written. */
  readonly source = new SourceFile();
  private all: CheckedRow[] = [];
  /** Rows by line, made on the first edit or deletion (most imports have none; made for every read it cost 100,000 pairs). */
  private byLine: Map<number, CheckedRow> | null = null;
  /** Bumped whenever rows are read, checked, deleted or placed anew (the grid's positions follow it). */
  private changes = 0;

  /** Every row below the header, by position (deleted ones too). */
  get rows(): readonly CheckedRow[] {
    return this.all;
  }

  /** Changes whenever the rows are read or placed anew. */
  get version(): number {
    return this.changes;
  }

  /** Reads a dropped file and takes its rows, unchecked. Throws ImportFileError with the sentence to show. */
  load(fileName: string, buffer: ArrayBuffer): FileSummary {
    return this.takeRows(this.source.load(fileName, buffer));
  }

  /** Reads the file again with what staff chose and takes its rows, unchecked. */
  reread(options: ReadOptions): FileSummary {
    return this.takeRows(this.source.reread(options));
  }

  /** The row with this line; throws ImportFileError when there is none or it was deleted. */
  at(line: number): CheckedRow {
    this.byLine ??= new Map(this.all.map((row) => [row.line, row]));
    const row = this.byLine.get(line);
    if (!row || row.deleted) throw new ImportFileError(`Row ${line} is not in the import.`);
    return row;
  }

  /** The position of the first row after `line` (a hand-over that stopped goes on there). */
  positionAfter(line: number): number {
    const index = this.all.findIndex((row) => row.line > line);
    return index < 0 ? this.all.length : index;
  }

  /** Places every row as resolved (by position) and bumps the version. */
  place(resolutions: readonly RowResolution[]): void {
    this.all.forEach((row, index) => (row.resolution = resolutions[index]!));
    this.changes += 1;
  }

  private takeRows(summary: FileSummary): FileSummary {
    this.all = this.source.dataRows().map((row: SourceRow) => ({
      line: row.line,
      cells: row.cells,
      deleted: false,
      check: null,
      resolution: UNCHECKED,
    }));
    this.byLine = null;
    this.changes += 1;
    return summary;
  }
}
