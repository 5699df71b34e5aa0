// One file being imported: the table as read (source.ts) and its checked rows, one record per row.
// Runs in the import worker; pure enough to test under Node.
import { IMPORT_KEPT_CELL_MAX_LENGTH } from '../../shared/bridge/channels/import';
import { checkRow, contactPayload, ROW, utf8Length, type BadValueChoice, type CheckContext } from './check';
import type { RowCheck } from './row-check';
import { ImportFileError, type SourceRow } from './limits';
import type { ColumnTarget, ImportField } from './matching';
import {
  matchedGuests,
  NO_GUESTS,
  resolveRows,
  type ConflictChoice,
  type GuestRecords,
  type GuestSnapshot,
  type MatchPolicy,
  type RowResolution,
  type RowStatus,
} from './resolve';
import { createSharedThread, type SharedThread } from './shared-thread';
import { EarlyRecordReads, type RecordLoader } from './early-records';
import { SourceFile, type FileSummary, type ReadOptions } from './source';
import { dateOrderEvidence, type DateEvidence, type DateOrder } from './values';
import type { PhoneKey } from '../search/terms';

export { ImportFileError };
export type { FileSummary, ReadOptions };

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

/** The result of a check: counts, whether the dates need staff to say which part is the day, and the date order used. */
export interface CheckSummary {
  counts: CheckCounts;
  dateOrder: DateOrder;
  dateOrderAmbiguous: boolean;
  decimalComma: boolean;
}

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

/** One row of the file and where the check placed it. */
interface CheckedRow {
  line: number;
  cells: string[];
  deleted: boolean;
  check: RowCheck | null;
  resolution: RowResolution;
}

/** Countries that write the month first (03/04 is March 4th). */
const MONTH_FIRST_COUNTRIES = new Set(['US', 'CA', 'PH', 'FM', 'MH', 'PW']);
const UNCHECKED: RowResolution = { status: 'problem', duplicate: false };
/** Rows checked per slice while the guest cache is read (about a tenth of a millisecond of work). */
const ROWS_PER_SLICE = 8;

/** The file being imported and its checked rows. */
export class ImportSession {
  private readonly source = new SourceFile();
  private rows: CheckedRow[] = [];
  /** Rows by line, made on the first edit or deletion (most imports have none; made for every read it cost 100,000 pairs). */
  private byLine: Map<number, CheckedRow> | null = null;
  private context: CheckContext | null = null;
  private setup: CheckSetup | null = null;
  private records: GuestRecords = new Map();
  private mapped: { targets: readonly ColumnTarget[]; columns: number[] } | null = null;
  /** Bumped whenever rows are read, checked, deleted or placed anew (the grid's positions follow it). */
  private version = 0;
  private shown: { version: number; onlyProblems: boolean; positions: number[] } | null = null;

  /** The guests on file being read: the check waits for them before placing rows among them. */
  private guests: Promise<void> = Promise.resolve();
  /** Whether the guests on file are read (the check then reads the records of those rows match as it goes). */
  private guestsRead = true;

  private snapshot: GuestSnapshot = NO_GUESTS;
  private loadRecords: RecordLoader = async () => new Map();

  constructor(
    private readonly phoneKey: PhoneKey,
    private readonly country: string,
    /** The worker's thread, shared with the read of the guests on file (the check runs in its waits). */
    private readonly thread: SharedThread = createSharedThread(),
  ) {}

  /** Replaces the guests rows are compared with. */
  setGuests(snapshot: GuestSnapshot, loadRecords: RecordLoader): void {
    this.snapshot = snapshot;
    this.loadRecords = loadRecords;
    this.guestsRead = true;
  }

  /** Compares rows with these guests once they are read (reading the file and checking its values need not wait). */
  compareWith(reading: Promise<{ snapshot: GuestSnapshot; records: RecordLoader }>): void {
    this.guestsRead = false;
    this.guests = reading.then((loaded) => this.setGuests(loaded.snapshot, loaded.records));
    this.guests.catch(() => undefined); // the check awaits it and refuses with the failure; until then it is unawaited
  }

  /** Reads a dropped file. Throws ImportFileError with the sentence to show. */
  load(fileName: string, buffer: ArrayBuffer): FileSummary {
    return this.takeRows(this.source.load(fileName, buffer));
  }

  /** Reads the file again with what staff chose (encoding, delimiter, sheet, header line). */
  reread(options: ReadOptions): FileSummary {
    return this.takeRows(this.source.reread(options));
  }

  /** Checks every row: values against their fields, then against each other and the guests on file. */
  async check(setup: CheckSetup, onProgress?: (done: number, total: number) => void): Promise<CheckSummary> {
    const summary = this.source.summary();
    const evidence = this.dateEvidence(setup);
    const dateOrder =
      setup.dateOrder ??
      (evidence === 'dmy' || evidence === 'mdy' ? evidence : MONTH_FIRST_COUNTRIES.has(this.country) ? 'mdy' : 'dmy');
    const decimalComma = summary.delimiter === ';' || this.seesDecimalCommas(setup);
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
    const context = this.context;
    let next = 0;
    let early: EarlyRecordReads | null = null;
    // Checked a few rows at a time while the guests on file are read from the cache (in that read's waits), and
    // once they are, the records of the guests checked rows match are read meanwhile.
    await this.thread.run(() => {
      const end = Math.min(next + ROWS_PER_SLICE, this.rows.length);
      for (; next < end; next++) {
        if (onProgress && next % 5000 === 0) onProgress(next, this.rows.length);
        const row = this.rows[next]!;
        row.check = row.deleted ? null : checkRow(row.cells, context);
      }
      if (this.guestsRead) {
        early ??= new EarlyRecordReads(this.snapshot, this.records, this.loadRecords);
        early.lookUp(this.rows, next);
      }
      return next < this.rows.length;
    });
    await this.guests;
    await this.resolve(early);
    onProgress?.(this.rows.length, this.rows.length);
    return {
      counts: this.counts(),
      dateOrder,
      dateOrderAmbiguous: evidence === 'ambiguous' && !setup.dateOrder,
      decimalComma,
    };
  }

  /** How many rows the file has below its header (deleted ones too): positions run from 0 to this. */
  size(): number {
    return this.rows.length;
  }

  /**
   * A page of the rows the grid shows (deleted ones left out; with `onlyProblems`, only rows with
   * problems or conflicts): `count` rows from the `from`th, and how many there are in all.
   */
  shownRows(from: number, count: number, onlyProblems: boolean): { rows: GridRow[]; total: number } {
    const shown = this.shownPositions(onlyProblems);
    return {
      rows: shown.slice(from, from + count).map((index) => this.gridRow(this.rows[index]!)),
      total: shown.length,
    };
  }

  /** Grid rows from..to (by position among all rows), leaving out deleted ones. */
  gridRows(from: number, to: number): GridRow[] {
    const out: GridRow[] = [];
    for (let index = from; index < Math.min(to, this.rows.length); index++) {
      const row = this.rows[index]!;
      if (!row.deleted) out.push(this.gridRow(row));
    }
    return out;
  }

  /** Changes one cell and checks again; returns the rows whose result changed (the edited one first) and the counts. */
  async edit(line: number, column: number, value: string): Promise<{ changed: GridRow[]; counts: CheckCounts }> {
    const row = this.rowAt(line);
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
      const row = this.rowAt(line);
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
    return this.reresolve(line === undefined ? [] : [this.rowAt(line)]);
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
    const rows: QueueRow[] = [];
    const held: HeldRow[] = [];
    let bytes = 0;
    let index = from;
    for (; index < this.rows.length && rows.length + held.length < count; index++) {
      const row = this.rows[index]!;
      if (row.deleted || !row.check) continue;
      const status = row.resolution.status;
      if (status === 'leave') continue;
      let item: QueueRow | HeldRow;
      if (status === 'new' || status === 'update') {
        const existing =
          status === 'update' && row.resolution.contactId
            ? (existingCategories.get(row.resolution.contactId) ?? [])
            : [];
        item = {
          line: row.line,
          action: status,
          contact: contactPayload(row.check, row.resolution, categories, existing),
          original: this.mappedCells(row.cells),
        };
      } else item = { line: row.line, reason: this.reasonOf(row), original: this.mappedCells(row.cells) };
      const size = utf8Length(JSON.stringify(item));
      if (rows.length + held.length > 0 && bytes + size > maxBytes) break;
      bytes += size;
      if ('action' in item) rows.push(item);
      else held.push(item);
    }
    return { rows, held, next: index };
  }

  /** The position of the first row after `line` (a hand-over that stopped goes on there). */
  positionAfter(line: number): number {
    const index = this.rows.findIndex((row) => row.line > line);
    return index < 0 ? this.rows.length : index;
  }

  /** The guests that ready rows update (to read their categories before adding more). */
  updatedGuests(): string[] {
    return this.rows.flatMap((row) =>
      !row.deleted && row.resolution.status === 'update' && row.resolution.contactId ? [row.resolution.contactId] : [],
    );
  }

  /** The mapped columns' header cells as in the file, and the rows held back with what is wrong (the "rows with problems" file). */
  problemRows(): { header: string[]; rows: HeldRow[] } {
    const rows = this.rows.flatMap((row) =>
      !row.deleted && (row.resolution.status === 'problem' || row.resolution.status === 'conflict')
        ? [{ line: row.line, reason: this.reasonOf(row), original: this.mappedCells(row.cells) }]
        : [],
    );
    return { header: this.mappedHeader(), rows };
  }

  /** The names of the mapped columns as in the file's header line. */
  mappedHeader(): string[] {
    const header = this.source.headerCells();
    return this.mappedColumns().map((column) => header[column] ?? '');
  }

  private takeRows(summary: FileSummary): FileSummary {
    this.rows = this.source.dataRows().map((row: SourceRow) => ({
      line: row.line,
      cells: row.cells,
      deleted: false,
      check: null,
      resolution: UNCHECKED,
    }));
    this.byLine = null;
    this.version += 1;
    this.context = null;
    this.setup = null;
    return summary;
  }

  /** Places every row among the others and the guests on file, with the records read early (if any) taken in first. */
  private async resolve(early: EarlyRecordReads | null = null): Promise<void> {
    const setup = this.requireSetup();
    if (early?.snapshot === this.snapshot) {
      const loaded = await early.records();
      if (loaded.size > 0) this.records = new Map([...this.records, ...loaded]);
    }
    const checks = this.rows.map((row) => row.check);
    for (const row of this.rows) {
      const readProblem = this.source.readProblem(row.line);
      if (row.check && readProblem) row.check.problems[ROW] = readProblem;
    }
    const wanted = [...matchedGuests(checks, this.snapshot)].filter((id) => !this.records.has(id));
    if (wanted.length > 0) {
      const loaded = await this.loadRecords(wanted);
      this.records = new Map([...this.records, ...loaded]);
    }
    const resolutions = resolveRows(
      checks,
      this.rows.map((row) => row.line),
      this.snapshot,
      this.records,
      {
        policy: setup.policy,
        conflictChoice: (line) => setup.conflictRows?.[line] ?? setup.conflicts ?? 'leave',
        extraCategories: setup.categories ?? [],
      },
    );
    this.rows.forEach((row, index) => (row.resolution = resolutions[index]!));
    this.version += 1;
  }

  private async reresolve(first: CheckedRow[]): Promise<{ changed: GridRow[]; counts: CheckCounts }> {
    const before = this.rows.map((row) => row.resolution);
    await this.resolve();
    const changed = new Set(first);
    this.rows.forEach((row, index) => {
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
    return {
      changed: [...changed].filter((row) => !row.deleted).map((row) => this.gridRow(row)),
      counts: this.counts(),
    };
  }

  private counts(): CheckCounts {
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
    for (const row of this.rows) {
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

  private gridRow(row: CheckedRow): GridRow {
    const check = row.check;
    const resolution = row.resolution;
    return {
      line: row.line,
      cells: this.shownCells(row.cells),
      status: resolution.status,
      ...(check && hasAny(check.problems) ? { problems: check.problems } : {}),
      ...(check && hasAny(check.notes) ? { notes: check.notes } : {}),
      ...(check && hasAny(check.shown) ? { shown: check.shown } : {}),
      ...(resolution.duplicateOf !== undefined ? { duplicateOfLine: this.rows[resolution.duplicateOf]!.line } : {}),
      ...(resolution.contactId ? { contactId: resolution.contactId } : {}),
      ...(resolution.problem ? { rowProblem: resolution.problem } : {}),
      ...(resolution.note ? { rowNote: resolution.note } : {}),
      ...(resolution.conflict ? { conflict: resolution.conflict.choice } : {}),
    };
  }

  /** The reason a held row gives in the "rows with problems" file. */
  private reasonOf(row: CheckedRow): string {
    const columns = this.source.summary().columns;
    const check = row.check;
    const reasons = [
      row.resolution.duplicateOf !== undefined
        ? `Same email or mobile as row ${this.rows[row.resolution.duplicateOf]!.line}.`
        : row.resolution.problem,
      ...Object.entries(check?.problems ?? {}).map(([column, problem]) =>
        Number(column) < 0 ? problem : `${columns[Number(column)]}: ${problem}`,
      ),
    ];
    return reasons.filter(Boolean).join(' ') || 'Problem';
  }

  /** The columns being imported (not ignored), worked out once per set of targets. */
  private mappedColumns(): number[] {
    const targets = this.setup?.targets ?? [];
    if (this.mapped?.targets !== targets)
      this.mapped = {
        targets,
        columns: targets.flatMap((target, column) => (target.kind === 'ignore' ? [] : [column])),
      };
    return this.mapped.columns;
  }

  /** A row's cells of the mapped columns, each cut to what a held row keeps. */
  private mappedCells(cells: readonly string[]): string[] {
    return this.mappedColumns().map((column) => keptCell(cells[column] ?? ''));
  }

  /** A row's cells of the mapped columns, by column, for the grid. */
  private shownCells(cells: readonly string[]): Record<number, string> {
    const shown: Record<number, string> = {};
    for (const column of this.mappedColumns()) if (cells[column]) shown[column] = cells[column]!;
    return shown;
  }

  /** Which part of d/m/y dates is the day, judged over every date column. */
  private dateEvidence(setup: CheckSetup): DateEvidence {
    const fields = new Map(setup.fields.map((field) => [field.name, field.type]));
    const columns = setup.targets.flatMap((target, column) =>
      target.kind === 'field' && ['date', 'datetime'].includes(fields.get(target.field) ?? '') ? [column] : [],
    );
    if (columns.length === 0) return 'none';
    return dateOrderEvidence(columns.flatMap((column) => this.rows.map((row) => row.cells[column] ?? '')));
  }

  /** Whether number columns write decimals with a comma (1,5 or 12,50). */
  private seesDecimalCommas(setup: CheckSetup): boolean {
    const numbers = new Set(setup.fields.filter((field) => field.type === 'number').map((field) => field.name));
    const columns = setup.targets.flatMap((target, column) =>
      target.kind === 'field' && numbers.has(target.field) ? [column] : [],
    );
    return columns.some((column) =>
      this.rows.slice(0, 2000).some((row) => /^-?\d+,\d{1,2}$/.test((row.cells[column] ?? '').trim())),
    );
  }

  /** Positions of the rows the grid shows, worked out once per change of the rows. */
  private shownPositions(onlyProblems: boolean): number[] {
    if (this.shown?.version !== this.version || this.shown.onlyProblems !== onlyProblems) {
      const positions: number[] = [];
      this.rows.forEach((row, index) => {
        if (row.deleted) return;
        const status = row.resolution.status;
        if (!onlyProblems || status === 'problem' || status === 'conflict') positions.push(index);
      });
      this.shown = { version: this.version, onlyProblems, positions };
    }
    return this.shown.positions;
  }

  private rowAt(line: number): CheckedRow {
    this.byLine ??= new Map(this.rows.map((row) => [row.line, row]));
    const row = this.byLine.get(line);
    if (!row || row.deleted) throw new ImportFileError(`Row ${line} is not in the import.`);
    return row;
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

/** A cell as a held row keeps it: cut past the bridge's limit, saying how long it was. */
function keptCell(cell: string): string {
  return cell.length > IMPORT_KEPT_CELL_MAX_LENGTH
    ? `${cell.slice(0, IMPORT_KEPT_CELL_MAX_LENGTH)}… [cut: ${cell.length.toLocaleString('en')} characters in the file]`
    : cell;
}

/** Whether an object has any key (without listing them all). */
function hasAny(record: object): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return true;
  return false;
}
