// The file as read: its kind, encoding, delimiter or sheet, header line, and every record with its spreadsheet row number.
import { decodeBytes, decodeDetected, fileShape, type Encoding } from './decode';
import { columnNames, detectHeaderRow } from './header';
import { ImportFileError, MAX_FILE_BYTES, READ_LIMITS, type ReadLimits, type SourceRow } from './limits';
import { detectDelimiter, parseDelimited, type Delimiter } from './parse';
import { openWorkbook, type Workbook } from './xlsx';

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
  /** Which of the table's records holds the column names (an index into the preview). */
  headerRow: number;
  columns: string[];
  /** Data rows below the header (blank rows not counted). */
  rowCount: number;
  /** The first records of the table, for the preview and the header choice, with their row numbers. */
  preview: string[][];
  previewLines: number[];
}

/** What staff chose for reading the file. */
export interface ReadOptions {
  encoding?: Encoding;
  delimiter?: Delimiter;
  sheet?: string;
  headerRow?: number;
}

/** The table as read: records (blank ones left out) with their row numbers, and what is wrong with how some are written. */
export interface ReadTable {
  rows: SourceRow[];
  problems: ReadonlyMap<number, string>;
}

/** A dropped file, read: detected first, then again with what staff chose. */
export class SourceFile {
  private bytes = new Uint8Array();
  private workbook: Workbook | null = null;
  private table: ReadTable = { rows: [], problems: new Map() };
  private current: FileSummary | null = null;

  constructor(private readonly limits: ReadLimits = READ_LIMITS) {}

  /** Reads a dropped file: its kind, encoding, delimiter or sheets, and header row, all detected. Throws ImportFileError with the sentence to show. */
  load(fileName: string, buffer: ArrayBuffer): FileSummary {
    if (buffer.byteLength > MAX_FILE_BYTES) {
      throw new ImportFileError(
        `"${fileName}" is ${(buffer.byteLength / 1024 / 1024).toFixed(0)} MB; the desk imports files up to ${MAX_FILE_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
      );
    }
    this.bytes = new Uint8Array(buffer);
    this.workbook = null;
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
    if (shape === 'xlsx') return this.loadWorkbook(fileName);
    const { encoding, text } = decodeDetected(this.bytes);
    const bom = encoding === 'utf-8' && this.bytes[0] === 0xef && this.bytes[1] === 0xbb && this.bytes[2] === 0xbf;
    const delimiter = detectDelimiter(text);
    this.table = parseDelimited(text, delimiter, this.limits, `"${fileName}"`);
    return this.finish(
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
      headerOf(this.table),
    );
  }

  /** Reads the file again with what staff chose (encoding, delimiter, sheet, header line). */
  reread(options: ReadOptions): FileSummary {
    const current = this.summary();
    const next = { ...current, ...options };
    const readAgain =
      next.sheet !== current.sheet || next.encoding !== current.encoding || next.delimiter !== current.delimiter;
    if (current.kind === 'text' && readAgain)
      this.table = parseDelimited(
        decodeBytes(this.bytes, next.encoding),
        next.delimiter,
        this.limits,
        `"${current.fileName}"`,
      );
    if (current.kind === 'xlsx' && readAgain) this.table = this.readSheet(next.sheet);
    const headerRow = options.headerRow ?? (readAgain ? headerOf(this.table) : current.headerRow);
    return this.finish(next, Math.min(headerRow, Math.max(0, this.table.rows.length - 1)));
  }

  /** How the file was read. */
  summary(): FileSummary {
    if (!this.current) throw new ImportFileError('Choose a file first.');
    return this.current;
  }

  /** The header line's cells as in the file. */
  headerCells(): string[] {
    return this.table.rows[this.summary().headerRow]?.cells ?? [];
  }

  /** The records below the header line. */
  dataRows(): SourceRow[] {
    return this.table.rows.slice(this.summary().headerRow + 1);
  }

  /** What is wrong with how a row is written (an unclosed quote), if anything. */
  readProblem(line: number): string | undefined {
    return this.table.problems.get(line);
  }

  private loadWorkbook(fileName: string): FileSummary {
    this.workbook = openWorkbook(fileName, this.bytes, this.limits);
    const workbook = this.workbook;
    // A workbook often opens with a notes or summary sheet: start on the sheet with the most rows (the first of equals).
    const counts = workbook.sheets.map((sheet) => workbook.rowCount(sheet));
    const first = workbook.sheets[counts.indexOf(Math.max(...counts))] ?? workbook.sheets[0]!;
    this.table = this.readSheet(first);
    return this.finish(
      {
        fileName,
        kind: 'xlsx',
        encoding: 'utf-8',
        detectedEncoding: 'utf-8',
        bom: false,
        delimiter: ',',
        detectedDelimiter: ',',
        sheets: workbook.sheets,
        sheet: first,
      },
      headerOf(this.table),
    );
  }

  private readSheet(sheet: string): ReadTable {
    if (!this.workbook) throw new ImportFileError('Choose a file first.');
    return { rows: this.workbook.readSheet(sheet), problems: new Map() };
  }

  private finish(
    base: Omit<FileSummary, 'headerRow' | 'columns' | 'rowCount' | 'preview' | 'previewLines'>,
    headerRow: number,
  ): FileSummary {
    const where = base.kind === 'xlsx' ? `The sheet "${base.sheet}" of "${base.fileName}"` : `"${base.fileName}"`;
    const rows = this.table.rows;
    if (rows.length === 0) throw new ImportFileError(`${where} has no rows: there is nothing to import.`);
    if (rows.length === 1)
      throw new ImportFileError(
        `${where} has only a header line (${rows[0]!.cells.filter(Boolean).slice(0, 4).join(', ')}…) and no guests below it.`,
      );
    const top = rows.slice(0, 12);
    this.current = {
      ...base,
      headerRow,
      columns: columnNames([rows[headerRow]?.cells ?? []], 0),
      rowCount: rows.length - headerRow - 1,
      preview: top.map((row) => row.cells.map((cell) => cell.slice(0, 200))),
      previewLines: top.map((row) => row.line),
    };
    return this.current;
  }
}

/** The detected header line of a table (only its first lines are looked at). */
function headerOf(table: ReadTable): number {
  return detectHeaderRow(table.rows.slice(0, 12).map((row) => row.cells));
}
