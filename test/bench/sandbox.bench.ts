import { benchPullDb } from './sandbox-harness';
import type { BenchRow } from './table';

/** pull_db of 100,000 contacts (target under 2 s) beside a plain SELECT * + JSON.stringify of the same rows. */
export async function benchSandboxPull(): Promise<BenchRow[]> {
  const rows = await benchPullDb(100_000);
  return rows.map((row) => ({
    name: row.name,
    value: row.ms,
    baseline: row.baselineMs,
    baselineName: 'SELECT * + JSON.stringify',
    unit: 'ms',
    target: '< 2000 ms',
    met: row.ms < 2000,
  }));
}
