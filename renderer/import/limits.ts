// What reading a file may cost, and the sentences staff see when a file passes it (one home for the read limits).

/** A file the import cannot read, with the sentence staff see. */
export class ImportFileError extends Error {}

/** One record of the file as read: its row number as a spreadsheet numbers it, and its cells. */
export interface SourceRow {
  line: number;
  cells: string[];
}

/** Bounds on reading one table, and how staff are told a file passed them. */
export interface ReadLimits {
  maxRows: number;
  maxCells: number;
  /** How long reading one file may take before it is given up. */
  timeMs: number;
  /** The most a workbook may unpack to (the parts the desk reads, summed). */
  maxUnpackedBytes: number;
}

/** Larger files are refused with a sentence rather than risking the page. */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;
/** Rows one import reads at most. */
const MAX_ROWS = 500_000;
/** Cells one import reads at most (500,000 rows of 20 columns; a Google Contacts export of 100,000 is 3.7 million). */
const MAX_CELLS = 10_000_000;
/** How long reading a file may take in the worker before it is given up with a sentence. */
const READ_TIME_MS = 60_000;
/** The most a workbook may unpack to: a 100,000-guest sheet of 20 columns is about 80 MB. */
const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

/** The desk's read limits. */
export const READ_LIMITS: ReadLimits = {
  maxRows: MAX_ROWS,
  maxCells: MAX_CELLS,
  timeMs: READ_TIME_MS,
  maxUnpackedBytes: MAX_UNPACKED_BYTES,
};

/** The sentence of a table that passed the row or cell limit. */
export function tooLarge(limits: ReadLimits, where: string, rows: number, cells: number): string {
  return rows > limits.maxRows
    ? `${capitalise(where)} has more than ${limits.maxRows.toLocaleString('en')} rows, more than the desk imports at once. Split it into files of ${limits.maxRows.toLocaleString('en')} rows or fewer.`
    : `${capitalise(where)} has more than ${limits.maxCells.toLocaleString('en')} cells (${rows.toLocaleString('en')} rows read so far, ${cells.toLocaleString('en')} cells), more than the desk imports at once. Remove columns you do not import, or split it into smaller files.`;
}

/** The sentence of a read that passed its time limit. */
export function tooSlow(limits: ReadLimits, where: string, rows: number): string {
  return `Reading ${where} took longer than ${Math.round(limits.timeMs / 1000)} seconds (${rows.toLocaleString('en')} rows read) and was stopped. Split it into smaller files, or save it as CSV.`;
}

/** "the sheet …" → "The sheet …". */
function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
