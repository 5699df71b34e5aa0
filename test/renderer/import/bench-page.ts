// The page of the import benchmarks (test/bench/import.bench.ts bundles it; the desk host serves it to Chromium):
// the first guest sync, then a whole import through the real worker, bridge and outbox, watched for long tasks.
import Papa from 'papaparse';
import { createDeskApi } from '../../../shared/bridge/client';
import { IMPORT_BATCH_LIMIT } from '../../../shared/bridge/channels/import';
import { createWebSocketTransport } from '../../../renderer/bridge/websocket-transport';
import { GuestDatabase, guestDatabaseName } from '../../../renderer/db/guest-db';
import { matchColumns } from '../../../renderer/import/matching';
import type { GridRow } from '../../../renderer/import/session';
import { wrapWorker } from '../../../renderer/import/worker-client';
import { fieldLabel } from '../../../renderer/screens/guests/field-labels';
import { createPhoneKey } from '../../../renderer/search/phone';
import { createGuestSync } from '../../../renderer/sync/guest-collection';

/** What one import measured (ms, bytes, counts). */
export interface ImportTimings {
  rows: number;
  bytes: number;
  parseMs: number;
  checkMs: number;
  queueMs: number;
  deliverMs: number;
  longestTaskMs: number;
  longTasks: number;
  heapBeforeBytes: number;
  heapPeakBytes: number;
  counts: Record<string, number>;
  result: Record<string, unknown>;
}

const desk = createDeskApi(createWebSocketTransport());

/** Syncs the guests into the account's own cache, which the import's duplicate check reads. */
async function benchImportSync(): Promise<number> {
  const account = await desk.getAccount({});
  const db = new GuestDatabase(guestDatabaseName(account.clientId ?? ''));
  const sync = createGuestSync({
    desk,
    db,
    phoneKey: createPhoneKey(account.defaultPhoneCountry ?? 'AU'),
    country: account.defaultPhoneCountry ?? 'AU',
    onStatus: () => {},
  });
  await sync.run('full');
  const count = await db.guestCount();
  db.close();
  return count;
}

/** JS heap in use (Chromium's performance.memory), or 0 where it is not reported. */
function heapUsed(): number {
  return (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
}

/**
 * Imports the CSV at `url` as the screen does: a bare papaparse parse first (the baseline, before
 * watching), then load and check in the worker with rows received in chunks, queueing in batches
 * through the bridge, and delivery until nothing is left to go. Long tasks of this page are
 * watched from the file's arrival to the last row delivered.
 */
async function benchImport(url: string): Promise<ImportTimings> {
  const buffer = await (await fetch(url)).arrayBuffer();
  const text = new TextDecoder().decode(buffer);
  const parseStarted = performance.now();
  Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: 'greedy' });
  const parseMs = performance.now() - parseStarted;

  const account = await desk.getAccount({});
  const fields = await desk.listContactFields({});
  const clientId = account.clientId ?? '';
  let longestTaskMs = 0;
  let longTasks = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      longTasks += 1;
      longestTaskMs = Math.max(longestTaskMs, entry.duration);
    }
  });
  observer.observe({ type: 'longtask' });
  const heapBeforeBytes = heapUsed();
  let heapPeakBytes = heapBeforeBytes;
  const sampler = setInterval(() => (heapPeakBytes = Math.max(heapPeakBytes, heapUsed())), 50);

  const worker = wrapWorker(new Worker('./import-worker.js', { type: 'module' }));
  const checkStarted = performance.now();
  await worker.request({
    type: 'open',
    country: account.defaultPhoneCountry ?? 'AU',
    guestDatabase: guestDatabaseName(clientId),
  });
  const copy = buffer.slice(0);
  const summary = await worker.request({ type: 'load', fileName: 'google-contacts-100k.csv', buffer: copy }, {}, [
    copy,
  ]);
  const targets = matchColumns(summary.columns, fields, fieldLabel);
  const rows: GridRow[] = new Array(summary.rowCount);
  const check = await worker.request(
    { type: 'check', setup: { targets, fields, policy: 'update' } },
    { onRows: (start, chunk) => chunk.forEach((row, i) => (rows[start + i] = row)) },
  );
  const checkMs = performance.now() - checkStarted;

  const queueStarted = performance.now();
  const header = (await worker.request({ type: 'problemRows' })).header;
  const started = await desk.startImport({
    fileName: summary.fileName,
    delimiter: summary.delimiter,
    encoding: summary.encoding,
    bom: summary.bom,
    header,
    mapping: Object.fromEntries(summary.columns.map((column, i) => [column, targets[i]!])),
    categories: ['Imported'],
    matchPolicy: 'update',
    totalRows: summary.rowCount,
    readyRows: check.counts.ready,
    leftOutRows: summary.rowCount - check.counts.ready,
  });
  for (let from = 0; ;) {
    const batch = await worker.request({
      type: 'queueRows',
      from,
      count: IMPORT_BATCH_LIMIT,
      maxChars: 1_500_000,
      categories: ['Imported'],
    });
    if (batch.rows.length === 0) break;
    await desk.queueImportRows({ importId: started.id, rows: batch.rows });
    from = batch.next;
  }
  await desk.finishImportQueue({ importId: started.id });
  const queueMs = performance.now() - queueStarted;
  let result = await desk.getImport({ importId: started.id });
  while (result.pending > 0) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    result = await desk.getImport({ importId: started.id });
  }
  const deliverMs = performance.now() - queueStarted;
  clearInterval(sampler);
  observer.disconnect();
  worker.terminate();
  return {
    rows: summary.rowCount,
    bytes: buffer.byteLength,
    parseMs,
    checkMs,
    queueMs,
    deliverMs,
    longestTaskMs,
    longTasks,
    heapBeforeBytes,
    heapPeakBytes,
    counts: { ...check.counts },
    result: { ...result },
  };
}

Object.assign(window, { benchImportSync, benchImport, benchReady: true });
