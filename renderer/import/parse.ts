import Papa from 'papaparse';

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

/** Splits delimited text into rows of cells (quoted fields may hold delimiters and newlines); blank lines are dropped. */
export function parseDelimited(text: string, delimiter: Delimiter): Table {
  const result = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy', newline: undefined });
  return result.data;
}
