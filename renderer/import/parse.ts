import Papa from 'papaparse';
import { ImportFileError, tooLarge, tooSlow, type ReadLimits, type SourceRow } from './limits';

/** The delimiters the import reads: comma, semicolon (European Excel) and tab. */
export const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** How staff see each delimiter. */
export const DELIMITER_LABELS: Record<Delimiter, string> = { ',': 'Comma (,)', ';': 'Semicolon (;)', '\t': 'Tab' };

/** A table of cells as text, one array per line of the file (rows may be ragged). */
export type Table = string[][];

/**
 * The delimiter that splits the first lines most consistently into more than one cell: the most
 * lines with the commonest cell count, then the most cells. Comma when none splits them.
 */
export function detectDelimiter(text: string): Delimiter {
  const sample = text.slice(0, 64 * 1024);
  let best: { delimiter: Delimiter; agreeing: number; cells: number } = { delimiter: ',', agreeing: 0, cells: 1 };
  for (const delimiter of DELIMITERS) {
    const rows = Papa.parse<string[]>(sample, { delimiter, preview: 30, skipEmptyLines: 'greedy' }).data;
    // The sample may end mid-line: the last line does not vote.
    const counts = rows.slice(0, text.length > sample.length ? -1 : undefined).map((row) => row.length);
    const tally = new Map<number, number>();
    for (const count of counts) tally.set(count, (tally.get(count) ?? 0) + 1);
    const [cells, agreeing] = [...tally].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [1, 0];
    if (cells > 1 && (agreeing > best.agreeing || (agreeing === best.agreeing && cells > best.cells)))
      best = { delimiter, agreeing, cells };
  }
  return best.delimiter;
}

/** The records of a text file with their row numbers, and the rows papaparse could not split as written. */
export interface ParsedText {
  rows: SourceRow[];
  /** Row number → what is wrong with how it is written (an unclosed quote), in staff words. */
  problems: Map<number, string>;
}

/**
 * Splits delimited text into records, one at a time (papaparse's step, aborted at the limits). Row
 * numbers are the spreadsheet's own: every record counts, blank ones too (they are then dropped), and
 * a quoted cell with line breaks is one row. A record whose quotes papaparse had to guess at is named
 * with the line it starts on and how many lines it took.
 */
export function parseDelimited(text: string, delimiter: Delimiter, limits: ReadLimits, where: string): ParsedText {
  const rows: SourceRow[] = [];
  const problems = new Map<number, string>();
  let record = 0;
  let cells = 0;
  let previousCursor = 0;
  let linesBefore = 0;
  let failure: string | null = null;
  const deadline = Date.now() + limits.timeMs;
  Papa.parse<string[]>(text, {
    delimiter,
    step: (result, parser) => {
      const cursor = result.meta.cursor;
      // The empty record after a file's last line break is no row.
      if (cursor === previousCursor && cursor >= text.length && record > 0) return;
      record += 1;
      const lines = linesIn(text, previousCursor, cursor);
      const firstLine = linesBefore + 1;
      linesBefore += lines.breaks;
      previousCursor = cursor;
      const data = result.data;
      if (result.errors.some((error) => error.type === 'Quotes')) {
        const span = Math.max(1, lines.breaks + (lines.endsWithBreak ? 0 : 1));
        problems.set(
          record,
          span > 1
            ? `An unclosed quote starts on line ${firstLine} of the file and took ${span} lines (to line ${firstLine + span - 1}), so the rows in it were read as this one. Fix the quote in the file and import it again, or delete this row.`
            : `A quote on line ${firstLine} of the file is not closed where it should be, so this row may be split wrongly. Check it.`,
        );
      }
      if (data.every((cell) => cell.trim() === '') && !problems.has(record)) return;
      cells += data.length;
      rows.push({ line: record, cells: data });
      if (rows.length > limits.maxRows || cells > limits.maxCells) {
        failure = tooLarge(limits, where, rows.length, cells);
        parser.abort();
      } else if ((record & 1023) === 0 && Date.now() > deadline) {
        failure = tooSlow(limits, where, rows.length);
        parser.abort();
      }
    },
  });
  if (failure) throw new ImportFileError(failure);
  return { rows, problems };
}

/** How many line breaks text[from, to) holds, and whether it ends with one. */
function linesIn(text: string, from: number, to: number): { breaks: number; endsWithBreak: boolean } {
  let breaks = 0;
  for (let at = text.indexOf('\n', from); at >= 0 && at < to; at = text.indexOf('\n', at + 1)) breaks += 1;
  // A lone carriage return (old Mac files) ends a line too.
  if (breaks === 0 && to > from)
    for (let at = text.indexOf('\r', from); at >= 0 && at < to; at = text.indexOf('\r', at + 1)) breaks += 1;
  const last = text.charCodeAt(to - 1);
  return { breaks, endsWithBreak: last === 10 || last === 13 };
}
