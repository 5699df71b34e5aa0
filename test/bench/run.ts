// `npm run bench`: every benchmark, printed as one table with the ratio to a baseline measured in the same run.
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
import { formatBenchTable, type BenchRow } from './table';

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
const rows: BenchRow[] = [];
for (const [name, run] of suites) {
  if (only && name !== only) continue;
  process.stderr.write(`running ${name}…\n`);
  rows.push(...(await run()));
}
console.log(formatBenchTable(rows));
if (rows.some((row) => row.met === false)) process.exitCode = 1;
