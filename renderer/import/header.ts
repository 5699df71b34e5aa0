import { knownHeaderField } from './matching';
import type { Table } from './parse';

/** How many lines from the top may hold the header (exports sometimes start with a title or a blank line). */
const HEADER_SEARCH_LINES = 10;

/**
 * The line that holds the column names: among the first lines, the one with the most headers of
 * common exports, else the first with as many filled text cells as the widest line (0 when unsure).
 */
export function detectHeaderRow(table: Table): number {
  const top = table.slice(0, HEADER_SEARCH_LINES);
  const width = Math.max(0, ...top.map((row) => row.filter((cell) => cell.trim() !== '').length));
  let best = 0;
  let bestScore = -1;
  top.forEach((row, index) => {
    const filled = row.filter((cell) => cell.trim() !== '');
    const known = filled.filter((cell) => knownHeaderField(cell) !== undefined).length;
    const texty = filled.filter((cell) => !/[@\d]/.test(cell)).length;
    const score = known * 10 + (filled.length >= width * 0.6 ? texty : 0);
    if (score > bestScore) {
      bestScore = score;
      best = index;
    }
  });
  return best;
}

/** The names of the columns from the header line: blank ones named by position ("Column 3"), repeats numbered. */
export function columnNames(table: Table, headerRow: number): string[] {
  const header = table[headerRow] ?? [];
  // Cells past the header's last are not columns: rows that have them are flagged instead.
  const width = header.length;
  const seen = new Map<string, number>();
  return Array.from({ length: width }, (_, index) => {
    const name = (header[index] ?? '').trim() || `Column ${index + 1}`;
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count > 1 ? `${name} (${count})` : name;
  });
}
