// One file being imported: read, parsed, matched and checked. Runs in the import worker; pure enough to test under Node.
import {
  checkRow,
  contactPayload,
  resolveRows,
  type CheckContext,
  type GuestSnapshot,
  type MatchPolicy,
  type RowCheck,
  type RowResolution,
  type RowStatus,
} from './check';
import { decodeBytes, detectEncoding, fileShape, type Encoding } from './decode';
import { columnNames, detectHeaderRow } from './header';
import type { ColumnTarget, ImportField } from './matching';
import { detectDelimiter, parseDelimited, type Delimiter, type Table } from './parse';
import { dateOrderEvidence, type DateEvidence, type DateOrder } from './values';
import type { PhoneKey } from '../search/terms';

/** Larger files are refused with a sentence rather than risking the page (about two million guests of CSV). */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;

/** A file the import cannot read, with the sentence staff see. */
export class ImportFileError extends Error {}

/** Reads the sheets of an .xlsx workbook (read-excel-file; injected so tests under Node use its Node build). */
export type WorkbookReader = (bytes: ArrayBuffer) => Promise<Array<{ sheet: string; data: unknown[][] }>>;

/** How the file was read, and what staff may change about it. */
export interface FileSummary {
  fileName: string;
  kind: 'text' | 'xlsx';
  encoding: Encoding;
  detectedEncoding: Encoding;
  /** Whether a UTF-8 file began with a byte-order mark (the failed-rows file keeps it). */
  bom: boolean;
  delimiter: Delimiter;
  detectedDelimiter: Delimiter;
  sheets: string[];
  sheet: string;
  headerRow: number;
  columns: string[];
  /** Data rows below the header. */
  rowCount: number;
  /** The first lines of the table, for the preview and the header choice. */
  preview: string[][];
}

/** What staff chose for reading the file. */
export interface ReadOptions {
  encoding?: Encoding;
  delimiter?: Delimiter;
  sheet?: string;
  headerRow?: number;
}

/** What the check needs besides the file: the column targets, the fields, the venue's country and the choices staff made. */
export interface CheckSetup {
  targets: ColumnTarget[];
  fields: ImportField[];
  dateOrder?: DateOrder;
  policy: MatchPolicy;
}

/** Counts shown at the top of the grid. */
export interface CheckCounts {
  rows: number;
  ready: number;
  newGuests: number;
  updates: number;
  skipped: number;
  problems: number;
  duplicates: number;
}

/** One row as the grid shows it. */
export interface GridRow {
  /** The row's number in the file (as a spreadsheet numbers it): its identity from here on. */
  line: number;
  cells: string[];
  status: RowStatus;
  problems: Record<number, string>;
  notes: Record<number, string>;
  shown: Record<number, string>;
  /** The line of the earlier row it repeats, or the guest it matches. */
  duplicateOfLine?: number;
  contactId?: string;
  /** A problem about other rows or guests (shown in the status column). */
  rowProblem?: string;
}

/** The result of a check: counts, whether the dates need staff to say which part is the day, and the date order used. */
export interface CheckSummary {
  counts: CheckCounts;
  dateOrder: DateOrder;
  dateOrderAmbiguous: boolean;
  decimalComma: boolean;
}

/** One row ready to queue: its line, the push_contact item and the file's original cells (for the failed-rows file). */
export interface QueueRow {
  line: number;
  action: 'new' | 'update';
  contact: Record<string, string>;
  original: string[];
}

/** Countries that write the month first (03/04 is March 4th). */
const MONTH_FIRST_COUNTRIES = new Set(['US', 'CA', 'PH', 'FM', 'MH', 'PW']);

/** The file being imported and its checked rows. */
export class ImportSession {
  private bytes = new Uint8Array();
  private summary: FileSummary | null = null;
  private sheetTables = new Map<string, Table>();
  private table: Table = [];
  private rows: string[][] = [];
  private checks: Array<RowCheck | null> = [];
  private resolutions: RowResolution[] = [];
  private deleted: boolean[] = [];
  private context: CheckContext | null = null;
  private setup: CheckSetup | null = null;

  constructor(
    private readonly phoneKey: PhoneKey,
    private readonly country: string,
    private readonly readWorkbook: WorkbookReader,
    private snapshot: GuestSnapshot = { emails: new Map(), mobiles: new Map() },
  ) {}

  /** Replaces the guests duplicates are checked against. */
  setSnapshot(snapshot: GuestSnapshot): void {
    this.snapshot = snapshot;
  }

  /** Reads a dropped file: its kind, encoding, delimiter or sheets, and header row, all detected. Throws ImportFileError with the sentence to show. */
  async load(fileName: string, buffer: ArrayBuffer): Promise<FileSummary> {
    if (buffer.byteLength > MAX_FILE_BYTES) {
      throw new ImportFileError(
        `"${fileName}" is ${(buffer.byteLength / 1024 / 1024).toFixed(0)} MB; the desk imports files up to ${MAX_FILE_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
      );
    }
    this.bytes = new Uint8Array(buffer);
    this.sheetTables.clear();
    const shape = fileShape(this.bytes);
    if (shape === 'empty') throw new ImportFileError(`"${fileName}" is empty: there is nothing to import.`);
    if (shape === 'xls')
      throw new ImportFileError(
        `"${fileName}" is an old Excel workbook (.xls). Open it in Excel and save it as .xlsx or CSV, then import that.`,
      );
    if (shape === 'binary')
      throw new ImportFileError(
        `"${fileName}" is not a spreadsheet the desk can read. Import a CSV or tab-separated text file, or an Excel workbook (.xlsx).`,
      );
    if (shape === 'xlsx') return this.loadWorkbook(fileName, buffer);
    const encoding = detectEncoding(this.bytes);
    const bom = encoding === 'utf-8' && this.bytes[0] === 0xef && this.bytes[1] === 0xbb && this.bytes[2] === 0xbf;
    const text = decodeBytes(this.bytes, encoding);
    const delimiter = detectDelimiter(text);
    this.table = parseDelimited(text, delimiter);
    return this.finishLoad(
      {
        fileName,
        kind: 'text',
        encoding,
        detectedEncoding: encoding,
        bom,
        delimiter,
        detectedDelimiter: delimiter,
        sheets: [],
        sheet: '',
      },
      detectHeaderRow(this.table),
    );
  }

  /** Reads the file again with what staff chose (encoding, delimiter, sheet, header line). */
  reread(options: ReadOptions): FileSummary {
    const current = this.requireSummary();
    const next = { ...current, ...options };
    if (current.kind === 'text' && (next.encoding !== current.encoding || next.delimiter !== current.delimiter)) {
      this.table = parseDelimited(decodeBytes(this.bytes, next.encoding), next.delimiter);
    }
    if (current.kind === 'xlsx' && next.sheet !== current.sheet) this.table = this.sheetTables.get(next.sheet) ?? [];
    const headerRow =
      options.headerRow ??
      (next.sheet !== current.sheet || next.encoding !== current.encoding || next.delimiter !== current.delimiter
        ? detectHeaderRow(this.table)
        : current.headerRow);
    return this.finishLoad(next, Math.min(headerRow, Math.max(0, this.table.length - 1)));
  }

  /** Checks every row: values against their fields, then duplicates. Reports progress every few thousand rows. */
  check(setup: CheckSetup, onProgress?: (done: number, total: number) => void): CheckSummary {
    const summary = this.requireSummary();
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
    };
    this.checks = this.rows.map((cells, index) => {
      if (onProgress && index % 5000 === 0) onProgress(index, this.rows.length);
      return this.deleted[index] ? null : checkRow(cells, this.context!);
    });
    this.resolutions = resolveRows(this.checks, this.snapshot, setup.policy);
    onProgress?.(this.rows.length, this.rows.length);
    return {
      counts: this.counts(),
      dateOrder,
      dateOrderAmbiguous: evidence === 'ambiguous' && !setup.dateOrder,
      decimalComma,
    };
  }

  /** Grid rows from..to (by position among rows not deleted). */
  gridRows(from: number, to: number): GridRow[] {
    const out: GridRow[] = [];
    for (let index = from; index < Math.min(to, this.rows.length); index++)
      if (!this.deleted[index]) out.push(this.gridRow(index));
    return out;
  }

  /** Changes one cell and checks again; returns the rows whose result changed (the edited one first) and the counts. */
  edit(line: number, column: number, value: string): { changed: GridRow[]; counts: CheckCounts } {
    const index = this.indexOf(line);
    const cells = [...this.rows[index]!];
    while (cells.length <= column) cells.push('');
    cells[column] = value;
    this.rows[index] = cells;
    this.checks[index] = checkRow(cells, this.requireContext());
    return this.reresolve([index]);
  }

  /** Removes rows from the import; returns the rows whose result changed because of it and the counts. */
  deleteRows(lines: number[]): { changed: GridRow[]; counts: CheckCounts } {
    for (const line of lines) {
      const index = this.indexOf(line);
      this.deleted[index] = true;
      this.checks[index] = null;
    }
    return this.reresolve([]);
  }

  /**
   * The rows to queue from position `from`: at most `count`, and about `maxChars` characters (one
   * bridge message stays small), with the categories chosen for every guest added to each.
   */
  queueRows(
    from: number,
    count: number,
    extraCategories: readonly string[],
    existingCategories: ReadonlyMap<string, string[]>,
    maxChars = Infinity,
  ): { rows: QueueRow[]; next: number } {
    const out: QueueRow[] = [];
    let chars = 0;
    let index = from;
    for (; index < this.rows.length && out.length < count && (out.length === 0 || chars < maxChars); index++) {
      const check = this.checks[index];
      const resolution = this.resolutions[index]!;
      if (!check || (resolution.status !== 'new' && resolution.status !== 'update')) continue;
      const existing =
        resolution.status === 'update' && resolution.contactId
          ? (existingCategories.get(resolution.contactId) ?? [])
          : [];
      const original = this.rows[index]!;
      out.push({
        line: this.lineOf(index),
        action: resolution.status,
        contact: contactPayload(check, resolution, extraCategories, existing),
        original,
      });
      for (const cell of original) chars += cell.length + 8;
    }
    return { rows: out, next: index };
  }

  /** The guests that ready rows update (to read their categories before adding more). */
  updatedGuests(): string[] {
    return this.resolutions.flatMap((resolution) =>
      resolution.status === 'update' && resolution.contactId ? [resolution.contactId] : [],
    );
  }

  /** The header line's cells as in the file, and the rows held back with what is wrong (the "rows with problems" file). */
  problemRows(): { header: string[]; rows: Array<{ original: string[]; reason: string }> } {
    const summary = this.requireSummary();
    const rows = this.rows.flatMap((cells, index) => {
      const resolution = this.resolutions[index];
      if (this.deleted[index] || resolution?.status !== 'problem') return [];
      const row = this.gridRow(index);
      const reasons = [
        row.rowProblem,
        ...Object.entries(row.problems).map(([column, problem]) =>
          Number(column) < 0 ? problem : `${summary.columns[Number(column)]}: ${problem}`,
        ),
      ];
      return [{ original: cells, reason: reasons.filter(Boolean).join(' ') }];
    });
    return { header: this.table[summary.headerRow] ?? [], rows };
  }

  /** The header line's cells as in the file. */
  headerCells(): string[] {
    return this.table[this.requireSummary().headerRow] ?? [];
  }

  private async loadWorkbook(fileName: string, buffer: ArrayBuffer): Promise<FileSummary> {
    let sheets: Array<{ sheet: string; data: unknown[][] }>;
    try {
      sheets = await this.readWorkbook(buffer);
    } catch {
      throw new ImportFileError(
        `"${fileName}" looks like an Excel workbook but could not be read. Open it in Excel and save it again as .xlsx or CSV.`,
      );
    }
    for (const { sheet, data } of sheets)
      this.sheetTables.set(
        sheet,
        data.map((row) => row.map(cellText)).filter((row) => row.some((cell) => cell.trim() !== '')),
      );
    // A workbook often opens with a notes or summary sheet: start on the sheet with the most rows (the first of equals).
    const first = sheets.reduce<{ sheet: string; rows: number }>(
      (best, { sheet }) => {
        const rows = this.sheetTables.get(sheet)?.length ?? 0;
        return rows > best.rows ? { sheet, rows } : best;
      },
      { sheet: sheets[0]?.sheet ?? '', rows: 0 },
    ).sheet;
    this.table = this.sheetTables.get(first) ?? [];
    return this.finishLoad(
      {
        fileName,
        kind: 'xlsx',
        encoding: 'utf-8',
        detectedEncoding: 'utf-8',
        bom: false,
        delimiter: ',',
        detectedDelimiter: ',',
        sheets: sheets.map(({ sheet }) => sheet),
        sheet: first,
      },
      detectHeaderRow(this.table),
    );
  }

  private finishLoad(
    base: Omit<FileSummary, 'headerRow' | 'columns' | 'rowCount' | 'preview'>,
    headerRow: number,
  ): FileSummary {
    const where = base.kind === 'xlsx' ? `The sheet "${base.sheet}" of "${base.fileName}"` : `"${base.fileName}"`;
    if (this.table.length === 0) throw new ImportFileError(`${where} has no rows: there is nothing to import.`);
    this.rows = this.table.slice(headerRow + 1);
    if (this.rows.length === 0 && this.table.length === 1)
      throw new ImportFileError(
        `${where} has only a header line (${this.table[0]!.filter(Boolean).slice(0, 4).join(', ')}…) and no guests below it.`,
      );
    this.deleted = new Array(this.rows.length).fill(false);
    this.checks = [];
    this.resolutions = [];
    this.summary = {
      ...base,
      headerRow,
      columns: columnNames(this.table, headerRow),
      rowCount: this.rows.length,
      preview: this.table.slice(0, 12).map((row) => row.map((cell) => cell.slice(0, 200))),
    };
    return this.summary;
  }

  private reresolve(first: number[]): { changed: GridRow[]; counts: CheckCounts } {
    const before = this.resolutions;
    this.resolutions = resolveRows(this.checks, this.snapshot, this.requireSetup().policy);
    const changed = new Set(first);
    this.resolutions.forEach((resolution, index) => {
      const old = before[index];
      if (
        !this.deleted[index] &&
        (!old ||
          old.status !== resolution.status ||
          old.duplicateOf !== resolution.duplicateOf ||
          old.problem !== resolution.problem)
      )
        changed.add(index);
    });
    return {
      changed: [...changed].filter((index) => !this.deleted[index]).map((index) => this.gridRow(index)),
      counts: this.counts(),
    };
  }

  private counts(): CheckCounts {
    const counts: CheckCounts = { rows: 0, ready: 0, newGuests: 0, updates: 0, skipped: 0, problems: 0, duplicates: 0 };
    this.resolutions.forEach((resolution, index) => {
      if (this.deleted[index]) return;
      counts.rows += 1;
      if (resolution.duplicate) counts.duplicates += 1;
      if (resolution.status === 'new') counts.newGuests += 1;
      else if (resolution.status === 'update') counts.updates += 1;
      else if (resolution.status === 'skip') counts.skipped += 1;
      else counts.problems += 1;
    });
    counts.ready = counts.newGuests + counts.updates;
    return counts;
  }

  private gridRow(index: number): GridRow {
    const check = this.checks[index];
    const resolution = this.resolutions[index];
    return {
      line: this.lineOf(index),
      cells: this.rows[index]!,
      status: resolution?.status ?? 'problem',
      problems: check?.problems ?? {},
      notes: check?.notes ?? {},
      shown: check?.shown ?? {},
      ...(resolution?.duplicateOf !== undefined ? { duplicateOfLine: this.lineOf(resolution.duplicateOf) } : {}),
      ...(resolution?.contactId ? { contactId: resolution.contactId } : {}),
      ...(resolution?.problem ? { rowProblem: resolution.problem } : {}),
    };
  }

  /** Which part of d/m/y dates is the day, judged over every date column. */
  private dateEvidence(setup: CheckSetup): DateEvidence {
    const fields = new Map(setup.fields.map((field) => [field.name, field.type]));
    const columns = setup.targets.flatMap((target, column) =>
      target.kind === 'field' && ['date', 'datetime'].includes(fields.get(target.field) ?? '') ? [column] : [],
    );
    if (columns.length === 0) return 'none';
    return dateOrderEvidence(columns.flatMap((column) => this.rows.map((row) => row[column] ?? '')));
  }

  /** Whether number columns write decimals with a comma (1,5 or 12,50). */
  private seesDecimalCommas(setup: CheckSetup): boolean {
    const numbers = new Set(setup.fields.filter((field) => field.type === 'number').map((field) => field.name));
    const columns = setup.targets.flatMap((target, column) =>
      target.kind === 'field' && numbers.has(target.field) ? [column] : [],
    );
    return columns.some((column) =>
      this.rows.slice(0, 2000).some((row) => /^-?\d+,\d{1,2}$/.test((row[column] ?? '').trim())),
    );
  }

  private lineOf(index: number): number {
    return this.requireSummary().headerRow + index + 2;
  }

  private indexOf(line: number): number {
    const index = line - this.requireSummary().headerRow - 2;
    if (index < 0 || index >= this.rows.length || this.deleted[index])
      throw new ImportFileError(`Row ${line} is not in the import.`);
    return index;
  }

  private requireSummary(): FileSummary {
    if (!this.summary) throw new ImportFileError('Choose a file first.');
    return this.summary;
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

/** A workbook cell as text: dates as yyyy-mm-dd (with the time when it has one), numbers and booleans as written. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }
  return String(value);
}
