// `npm run bench`: every benchmark, printed as one table with the ratio to a baseline measured in the same run.
// Each suite runs in a process of its own; `npm run bench -- <suite>` runs one here.
import { benchBridgeDispatch } from './bridge.bench';
import { benchCampaignAudience, benchCampaignPrecheck } from './campaigns.bench';
import { benchDeskBrowser } from './desk-browser.bench';
import { benchImport } from './import.bench';
import { benchImportKnownGuests } from './import-known.bench';
import { benchOutboxDelivery } from './outbox.bench';
import { benchReservations } from './reservations.bench';
import { benchSandboxPull } from './sandbox.bench';
import { benchGuestSearch } from './search.bench';
import { benchGuestSync } from './sync.bench';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchRows, formatBenchTable, type BenchRow } from './table';

const suites: Array<[string, () => Promise<BenchRow[]>]> = [
  ['bridge', benchBridgeDispatch],
  ['sandbox', benchSandboxPull],
  ['outbox', benchOutboxDelivery],
  ['guest-search', () => benchGuestSearch()],
  ['guest-sync', () => benchGuestSync()],
  // Needs the built renderer (npm run build): typing in guest search and starting the desk, as staff do.
  ['desk-browser', () => benchDeskBrowser()],
  ['reservations', () => benchReservations()],
  ['campaign-audience', () => benchCampaignAudience()],
  ['campaign-precheck', () => benchCampaignPrecheck()],
  ['import-known', () => benchImportKnownGuests()],
  [
    'import',
    () =>
      benchImport(Number(process.env.IMPORT_BENCH_ROWS ?? 100_000), Number(process.env.IMPORT_BENCH_GUESTS ?? 100_000)),
  ],
];

const only = process.argv[2];
if (only && !suites.some(([name]) => name === only)) throw new Error(`No bench suite named "${only}".`);
const rowsFile = process.env.BENCH_ROWS_FILE;
const rows: BenchRow[] = [];
let failed = false;
for (const [name, run] of suites) {
  if (only && name !== only) continue;
  if (only) {
    process.stderr.write(`running ${name}…\n`);
    rows.push(...(await run()));
  } else {
    // Each suite in a process of its own: what one leaves behind (its heap, its databases' caches) does not slow the next.
    const suite = inOwnProcess(name);
    rows.push(...suite.rows);
    failed ||= suite.failed;
  }
}
if (rowsFile) writeFileSync(rowsFile, JSON.stringify(rows));
else console.log(formatBenchTable(rows));
if (failed || rows.some((row) => row.met === false)) process.exitCode = 1;

/** Runs one suite in a new process of this script (with the same loader); its rows, and whether it failed. */
function inOwnProcess(name: string): { rows: BenchRow[]; failed: boolean } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-rows-'));
  const file = join(dir, 'rows.json');
  try {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), name], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_ROWS_FILE: file },
    });
    if (!existsSync(file)) {
      process.stderr.write(
        `bench suite ${name} stopped (exit ${child.status ?? child.signal}) before its rows were written\n`,
      );
      return { rows: [], failed: true };
    }
    return { rows: benchRows.parse(JSON.parse(readFileSync(file, 'utf8'))), failed: false };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
