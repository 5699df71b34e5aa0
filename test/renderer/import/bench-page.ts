// The page of the import benchmarks (test/bench/import.bench.ts bundles it; the desk host serves it to Chromium):
// the first guest sync, then a whole import as the screen runs it (the real controller, worker, bridge,
// desk core and outbox), watched for long tasks; and a workbook read in the worker.
import Papa from 'papaparse';
import { createDeskApi } from '../../../shared/bridge/client';
import { setDesk } from '../../../renderer/bridge/desk';
import { createWebSocketTransport } from '../../../renderer/bridge/websocket-transport';
import { GuestDatabase, guestDatabaseName } from '../../../renderer/db/guest-db';
import {
  checkRows,
  chooseFile,
  followImports,
  queueImport,
  resetImport,
  setImportWorkerFactory,
} from '../../../renderer/import/controller';
import { wrapWorker } from '../../../renderer/import/worker-client';
import { createPhoneKey } from '../../../renderer/search/phone';
import { useAccount } from '../../../renderer/stores/account';
import { useImport } from '../../../renderer/stores/import';
import { createGuestSync } from '../../../renderer/sync/guest-collection';

/** What one import measured (ms, bytes, counts). */
export interface ImportTimings {
  rows: number;
  bytes: number;
  /** A bare papaparse parse of the file: the mean of one before the check and one after the import. */
  parseMs: number;
  checkMs: number;
  queueMs: number;
  outboxMs: number;
  deliverMs: number;
  longestTaskMs: number;
  longTasks: number;
  heapBeforeBytes: number;
  heapPeakBytes: number;
  counts: Record<string, number>;
  result: Record<string, unknown>;
}

const desk = createDeskApi(createWebSocketTransport());
setDesk(desk);
setImportWorkerFactory(() => wrapWorker(new Worker('./import-worker.js', { type: 'module' })));

/** Syncs the guests into the account's own cache, which the import's duplicate check reads. */
async function benchImportSync(): Promise<number> {
  const account = await desk.getAccount({});
  useAccount.setState({ account });
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

/** Resolves once the store's state passes `done`. */
function until(done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (done()) return resolve();
    const stop = useImport.subscribe(() => {
      if (!done()) return;
      stop();
      resolve();
    });
  });
}

/**
 * Imports the CSV at `url` as the screen does: a bare papaparse parse first (the baseline, before
 * watching), then read and check in the worker (rows received in chunks), the hand-over to the desk
 * core, the core's queueing into the outbox and delivery until nothing is left to go, followed
 * through importChanged events. Long tasks of this page are watched from the file's arrival to the end.
 */
async function benchImport(url: string): Promise<ImportTimings> {
  const buffer = await download(url);
  const text = new TextDecoder().decode(buffer);
  // Staff's file comes from the file picker; building one here copies the 10 MB on this thread (75 ms on a
  // slow machine), a task of the benchmark's own, so it is built before watching starts.
  const file = new File([buffer], 'google-contacts-100k.csv', { type: 'text/csv' });
  const parseBeforeMs = bareParseMs(text);
  // The parse above is itself a long task: watching starts in the next task, so it is not counted.
  await new Promise((resolve) => setTimeout(resolve, 0));

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
  const stopFollowing = followImports();

  const checkStarted = performance.now();
  await chooseFile(file);
  // A read that failed is named as itself (Check would only say that no file is open).
  const read = useImport.getState();
  if (read.error) throw new Error(`Reading the file failed: ${read.error}`);
  useImport.setState({ categories: ['Imported'] });
  await checkRows();
  const checkMs = performance.now() - checkStarted;
  const checked = useImport.getState();
  if (checked.error) throw new Error(checked.error);

  const queueStarted = performance.now();
  const queueing = queueImport();
  // Queued: every row is on disk in the desk core, which puts them in the outbox on its own (after a restart too).
  await until(() => Boolean(useImport.getState().current?.staged));
  const queueMs = performance.now() - queueStarted;
  await queueing;
  await until(() => {
    const current = useImport.getState().current;
    return Boolean(current && current.phase !== 'queueing');
  });
  const outboxMs = performance.now() - queueStarted;
  await until(() => {
    const current = useImport.getState().current;
    return Boolean(current && (current.phase === 'done' || current.phase === 'cancelled'));
  });
  const deliverMs = performance.now() - queueStarted;
  clearInterval(sampler);
  observer.disconnect();
  stopFollowing();
  // The baseline is parsed at both ends of the import: this machine has spells in which everything runs
  // about 1.5x slower, and one parse alone (177–345 ms across runs) made the check's ratio swing by as much.
  const parseMs = (parseBeforeMs + bareParseMs(text)) / 2;
  const after = useImport.getState();
  if (after.error) throw new Error(after.error);
  resetImport();
  return {
    rows: checked.file?.rowCount ?? 0,
    bytes: buffer.byteLength,
    parseMs,
    checkMs,
    queueMs,
    outboxMs,
    deliverMs,
    longestTaskMs,
    longTasks,
    heapBeforeBytes,
    heapPeakBytes,
    counts: { ...checked.counts },
    result: { ...after.current },
  };
}

/** Milliseconds a bare papaparse parse of the whole text takes on this thread (the check's baseline). */
function bareParseMs(text: string): number {
  const started = performance.now();
  Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: 'greedy' });
  return performance.now() - started;
}

/** The benchmark's file at `url`, whole: anything else (an error status, fewer bytes than sent) throws. */
async function download(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  const buffer = await response.arrayBuffer();
  const sent = Number(response.headers.get('content-length'));
  if (buffer.byteLength === 0 || buffer.byteLength !== sent)
    throw new Error(`The benchmark's file came with ${buffer.byteLength} of ${sent} bytes (HTTP ${response.status}).`);
  return buffer;
}

/** Reads the workbook at `url` in the import worker (under the page's CSP) as the screen does; answers ms and rows. */
async function benchWorkbook(url: string): Promise<{ ms: number; rows: number; error: string | null }> {
  const buffer = await download(url);
  // Built before timing, as in benchImport: the copy into a File is the benchmark's, not the read's.
  const file = new File([buffer], 'guests.xlsx');
  const started = performance.now();
  await chooseFile(file);
  const state = useImport.getState();
  const ms = performance.now() - started;
  resetImport();
  return { ms, rows: state.file?.rowCount ?? 0, error: state.error };
}

Object.assign(window, { benchImportSync, benchImport, benchWorkbook, benchReady: true });
