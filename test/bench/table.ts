import { z } from 'zod';

/** One benchmark result: our figure beside a baseline measured in the same run. */
const benchRow = z.object({
  name: z.string(),
  value: z.number(),
  baseline: z.number(),
  baselineName: z.string(),
  unit: z.string(),
  /** What the figure must meet, in words (e.g. "ratio < 1.3"); shown beside it. */
  target: z.string().optional(),
  /** Whether the target is met, when the row has one. */
  met: z.boolean().optional(),
});

/** One benchmark result: our figure beside a baseline measured in the same run. */
export type BenchRow = z.infer<typeof benchRow>;

/** The rows a suite run in a process of its own hands back (test/bench/run.ts). */
export const benchRows = z.array(benchRow);

/** Formats rows as a fixed-width table with the ratio value / baseline. */
export function formatBenchTable(rows: BenchRow[]): string {
  const header = ['benchmark', 'value', 'baseline', 'baseline is', 'ratio', 'target', 'met'];
  const body = rows.map((row) => [
    row.name,
    `${round(row.value)} ${row.unit}`,
    `${round(row.baseline)} ${row.unit}`,
    row.baselineName,
    row.baseline === 0 ? '—' : `${round(row.value / row.baseline)}x`,
    row.target ?? '',
    row.met === undefined ? '' : row.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...body.map((line) => line[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}

/** Rounds for display: three significant digits. */
function round(value: number): string {
  return Number(value.toPrecision(3)).toString();
}

/** The p-th percentile (0–100) of a list of samples. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}
