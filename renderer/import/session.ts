// One file being imported: the table as read with its checked rows (file-rows.ts), placed among the guests
// on file (row-placement.ts), shown in the grid (shown-rows.ts) and handed over (hand-over.ts).
// Runs in the import worker; pure enough to test under Node.
import { checkRow, type BadValueChoice, type CheckContext } from './check';
import { changedRows, countRows, type CheckCounts } from './check-counts';
import { checkEachRow } from './check-rows';
import type { EarlyRecordReads, RecordLoader } from './early-records';
import { FileRows, type CheckedRow } from './file-rows';
import { fileStyles } from './file-styles';
import { heldRows, queueBatch, updatedGuests, type HeldRow, type QueueRow } from './hand-over';
import { ImportFileError } from './limits';
import { MappedColumns } from './mapped-columns';
import type { ColumnTarget, ImportField } from './matching';
import type { ConflictChoice, GuestSnapshot, MatchPolicy } from './resolve';
import { RowPlacement } from './row-placement';
import { createSharedThread, type SharedThread } from './shared-thread';
import { ShownRows, type GridRow } from './shown-rows';
import type { FileSummary, ReadOptions } from './source';
import type { DateOrder } from './values';
import type { PhoneKey } from '../search/terms';

/** What the check needs besides the file: the column targets, the fields and the choices staff made. */
export interface CheckSetup {
  targets: ColumnTarget[];
  fields: ImportField[];
  dateOrder?: DateOrder;
  policy: MatchPolicy;
  /** Categories added to every guest (an update that adds one is not "unchanged"). */
  categories?: string[];
  /** What rows with a bad email but a good mobile (or the reverse) do. */
  badValues?: BadValueChoice;
  /** What conflicts do: for all such rows, and for some rows on their own (by row number). */
  conflicts?: ConflictChoice;
  conflictRows?: Record<number, ConflictChoice>;
}

/** The result of a check: counts, whether the dates need staff to say which part is the day, and the date order used. */
export interface CheckSummary {
  counts: CheckCounts;
  dateOrder: DateOrder;
  dateOrderAmbiguous: boolean;
  decimalComma: boolean;
}

/** The file being imported and its checked rows. */
export class ImportSession {
  private readonly file = new FileRows();
  private readonly placement = new RowPlacement();
  private readonly mapped = new MappedColumns();
  private readonly grid = new ShownRows(this.file, () => this.mappedColumns());
  private context: CheckContext | null = null;
  private setup: CheckSetup | null = null;

  constructor(
    private readonly phoneKey: PhoneKey,
    private readonly country: string,
    /** The worker's thread, shared with the read of the guests on file (the check runs in its waits). */
    private readonly thread: SharedThread = createSharedThread(),
  ) {}

  /** Replaces the guests rows are compared with. */
  setGuests(snapshot: GuestSnapshot, loadRecords: RecordLoader): void {
    this.placement.setGuests(snapshot, loadRecords);
  }

  /** Compares rows with these guests once they are read (reading the file and checking its values need not wait). */
  compareWith(reading: Promise<{ snapshot: GuestSnapshot; records: RecordLoader }>): void {
    this.placement.compareWith(reading);
  }

  /** Reads a dropped file. Throws ImportFileError with the sentence to show. */
  load(fileName: string, buffer: ArrayBuffer): FileSummary {
    return this.forgetCheck(this.file.load(fileName, buffer));
  }

  /** Reads the file again with what staff chose (encoding, delimiter, sheet, header line). */
  reread(options: ReadOptions): FileSummary {
    return this.forgetCheck(this.file.reread(options));
  }

  /** Checks every row: values against their fields, then against each other and the guests on file. */
  async check(setup: CheckSetup, onProgress?: (done: number, total: number) => void): Promise<CheckSummary> {
    const summary = this.file.source.summary();
    const { evidence, dateOrder, decimalComma } = fileStyles(this.file.rows, setup, this.country, summary.delimiter);
    this.setup = setup;
    this.context = {
      targets: setup.targets,
      fields: new Map(setup.fields.map((field) => [field.name, field])),
      phoneKey: this.phoneKey,
      dateOrder,
      decimalComma,
      width: summary.columns.length,
      badValues: setup.badValues ?? 'hold',
    };
    const early = await checkEachRow(this.file, this.context, this.thread, this.placement, onProgress);
    await this.placement.whenGuestsRead();
    await this.resolve(early);
    onProgress?.(this.file.rows.length, this.file.rows.length);
    return {
      counts: countRows(this.file.rows),
      dateOrder,
      dateOrderAmbiguous: evidence === 'ambiguous' && !setup.dateOrder,
      decimalComma,
    };
  }

  /** How many rows the file has below its header (deleted ones too): positions run from 0 to this. */
  size(): number {
    return this.file.rows.length;
  }

  /**
   * A page of the rows the grid shows (deleted ones left out; with `onlyProblems`, only rows with
   * problems or conflicts): `count` rows from the `from`th, and how many there are in all.
   */
  shownRows(from: number, count: number, onlyProblems: boolean): { rows: GridRow[]; total: number } {
    return this.grid.page(from, count, onlyProblems);
  }

  /** Grid rows from..to (by position among all rows), leaving out deleted ones. */
  gridRows(from: number, to: number): GridRow[] {
    return this.grid.between(from, to);
  }

  /** Changes one cell and checks again; returns the rows whose result changed (the edited one first) and the counts. */
  async edit(line: number, column: number, value: string): Promise<{ changed: GridRow[]; counts: CheckCounts }> {
    const row = this.file.at(line);
    const cells = [...row.cells];
    while (cells.length <= column) cells.push('');
    cells[column] = value;
    row.cells = cells;
    row.check = checkRow(cells, this.requireContext());
    return this.reresolve([row]);
  }

  /** Removes rows from the import; returns the rows whose result changed because of it and the counts. */
  async deleteRows(lines: number[]): Promise<{ changed: GridRow[]; counts: CheckCounts }> {
    for (const line of lines) {
      const row = this.file.at(line);
      row.deleted = true;
      row.check = null;
    }
    return this.reresolve([]);
  }

  /** Sets what conflicts do, for every such row or for one (by its line); returns the rows that changed and the counts. */
  async chooseConflict(choice: ConflictChoice, line?: number): Promise<{ changed: GridRow[]; counts: CheckCounts }> {
    const setup = this.requireSetup();
    this.setup =
      line === undefined
        ? { ...setup, conflicts: choice, conflictRows: {} }
        : { ...setup, conflictRows: { ...setup.conflictRows, [line]: choice } };
    return this.reresolve(line === undefined ? [] : [this.file.at(line)]);
  }

  /**
   * The ready rows from position `from`: at most `count` rows and `maxBytes` bytes (UTF-8 JSON; a
   * hand-over stays within the bridge's limits), with the categories chosen for every guest added.
   */
  queueRows(
    from: number,
    count: number,
    existingCategories: ReadonlyMap<string, string[]>,
    maxBytes = Infinity,
  ): { rows: QueueRow[]; held: HeldRow[]; next: number } {
    const categories = this.requireSetup().categories ?? [];
    return queueBatch(this.file, this.mappedColumns(), categories, from, count, existingCategories, maxBytes);
  }

  /** The position of the first row after `line` (a hand-over that stopped goes on there). */
  positionAfter(line: number): number {
    return this.file.positionAfter(line);
  }

  /** The guests that ready rows update (to read their categories before adding more). */
  updatedGuests(): string[] {
    return updatedGuests(this.file.rows);
  }

  /** The mapped columns' header cells as in the file, and the rows held back with what is wrong (the "rows with problems" file). */
  problemRows(): { header: string[]; rows: HeldRow[] } {
    const rows = heldRows(this.file, this.mappedColumns());
    return { header: this.mappedHeader(), rows };
  }

  /** The names of the mapped columns as in the file's header line. */
  mappedHeader(): string[] {
    const header = this.file.source.headerCells();
    return this.mappedColumns().map((column) => header[column] ?? '');
  }

  /** A file read anew is not checked yet. */
  private forgetCheck(summary: FileSummary): FileSummary {
    this.context = null;
    this.setup = null;
    return summary;
  }

  /** Places every row among the others and the guests on file, with the choices staff made. */
  private async resolve(early: EarlyRecordReads | null = null): Promise<void> {
    const setup = this.requireSetup();
    await this.placement.place(
      this.file,
      {
        policy: setup.policy,
        conflictChoice: (line) => setup.conflictRows?.[line] ?? setup.conflicts ?? 'leave',
        extraCategories: setup.categories ?? [],
      },
      early,
    );
  }

  /** Places the rows anew; returns the rows whose result changed (`first` ahead of them) and the counts. */
  private async reresolve(first: CheckedRow[]): Promise<{ changed: GridRow[]; counts: CheckCounts }> {
    const before = this.file.rows.map((row) => row.resolution);
    await this.resolve();
    return {
      changed: changedRows(first, before, this.file.rows).map((row) => this.grid.row(row)),
      counts: countRows(this.file.rows),
    };
  }

  /** The columns being imported (not ignored), worked out once per set of targets. */
  private mappedColumns(): number[] {
    return this.mapped.of(this.setup?.targets ?? []);
  }

  private requireContext(): CheckContext {
    if (!this.context) throw new ImportFileError('Check the file first.');
    return this.context;
  }

  private requireSetup(): CheckSetup {
    if (!this.setup) throw new ImportFileError('Check the file first.');
    return this.setup;
  }
}
