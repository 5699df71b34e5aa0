import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDeskDatabase } from '../../electron/core/db/open-database';
import { benchOutbox } from './outbox-harness';
import { createOutbox } from '../../electron/core/outbox/outbox';
import { createServiceClient } from '../../shared/api/client';
import { startSandboxProcess } from '../reliability/support/sandbox-process';
import readXlsxFile from 'read-excel-file/node';
import { guestRows, writeXlsx } from '../support/import-xlsx-writer';
import { googleContactsCsv } from './import-data';
import { startGuestBenchDesk } from './sync-desk';
import type { BenchRow } from './table';
import type { BarePage } from './bare-page';

/** What the page measured (test/renderer/import/bench-page.ts): ms, bytes and counts. */
interface ImportTimings {
  rows: number;
  bytes: number;
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

const LATENCY_MS = 20;
/** The outbox's batch size and concurrency for push_contact (electron/core/outbox/config.ts), used by the direct calls too. */
const BATCH = 100;
const CONCURRENCY = 4;

/**
 * A whole import of a 100,000-row Google-Contacts-shaped CSV (about 10 MB) against 100,000 cached
 * guests, in Chromium through the real worker, bridge, outbox and sandbox (20 ms injected on
 * push_contact): check beside a bare papaparse parse, the longest main-thread task, queueing beside
 * a bare outbox enqueue of the same items, delivery beside direct push_contact calls at the same
 * batch size and concurrency, the desk core's CPU over the import, and the renderer's peak heap.
 * Then the outbox's contact delivery at 20 ms beside direct calls.
 */
export async function benchImport(rows = 100_000, guests = 100_000): Promise<BenchRow[]> {
  const stamp = Date.now().toString(36);
  const xlsxBytes = writeXlsx([{ name: 'Guests', rows: guestRows(rows, stamp) }]);
  const desk = await startGuestBenchDesk(guests, {
    pageEntry: join(import.meta.dirname, '../renderer/import/bench-page.ts'),
    // The service answers from its own process, as a real one does (the outbox suite's contacts row does the same).
    serviceInOwnProcess: true,
    prepare: async (dir, sandbox) => {
      await build({
        entryPoints: [join(import.meta.dirname, '../../renderer/import/import.worker.ts')],
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'chrome120',
        outfile: join(dir, 'import-worker.js'),
        logLevel: 'error',
      });
      const contacts = await createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.demo.apiKey }).pullDb({
        client_id: sandbox.demo.clientId,
      });
      const known = contacts
        .flatMap((contact) =>
          typeof contact.PatronEmail === 'string' && contact.PatronEmail.includes('@') ? [contact.PatronEmail] : [],
        )
        .slice(0, rows / 20);
      writeFileSync(join(dir, 'import.csv'), googleContactsCsv(rows, known, stamp).text);
      writeFileSync(join(dir, 'guests.xlsx'), xlsxBytes);
    },
  });
  try {
    const workbook = await desk.page.call<{ ms: number; rows: number; error: string | null }>(
      'benchWorkbook',
      './guests.xlsx',
    );
    if (workbook.error) throw new Error(`The benchmark workbook was refused: ${workbook.error}`);
    const nodeRead = await timed(() => readXlsxFile(Buffer.from(xlsxBytes)));
    const cached = await desk.page.call<number>('benchImportSync');
    await desk.service.addFault({ method: 'push_contact', kind: 'latency', latencyMs: LATENCY_MS });
    // The desk core and host run in a process of their own: its CPU over the import (the check barely touches the core).
    const cpuBefore = await desk.deskCpuMs();
    const timings = await traced(desk.page, () => desk.page.call<ImportTimings>('benchImport', './import.csv'));
    const coreCpuMs = (await desk.deskCpuMs()) - cpuBefore;
    if (Number(timings.result.failed) > 0)
      throw new Error(`The benchmark import had failures: ${JSON.stringify(timings.result)}`);
    const sent = Number(timings.result.newGuests) + Number(timings.result.updated);
    const client = createServiceClient({ baseUrl: desk.service.baseUrl, apiKey: desk.service.demo.apiKey });
    const items = Array.from({ length: sent }, (_, i) => baselineContact(desk.service.demo.clientId, stamp, i));
    const directMs = await timed(() => pool(chunk(items, BATCH), CONCURRENCY, (batch) => client.pushContact(batch)));
    const enqueueMs = bareEnqueueMs(items);
    const label = `${timings.rows.toLocaleString('en')} rows, ${(timings.bytes / 1e6).toFixed(1)} MB, ${cached.toLocaleString('en')} cached guests`;
    process.stderr.write(
      `import: ${label}; check counts ${JSON.stringify(timings.counts)}; result ${JSON.stringify(timings.result)}\n`,
    );
    const importRows: BenchRow[] = [
      {
        name: 'import check',
        value: timings.checkMs,
        baseline: timings.parseMs,
        baselineName: `bare papaparse parse, mean of one before the check and one after the import (${label})`,
        unit: 'ms',
        target: '< 3000 ms, ≤ 10x',
        met: timings.checkMs < 3000 && timings.checkMs <= 10 * timings.parseMs,
      },
      {
        name: 'import longest main-thread task',
        value: timings.longestTaskMs,
        baseline: timings.parseMs,
        // The Long Tasks API reports only tasks of 50 ms or more: 0 means none was that long.
        baselineName: 'the same parse on the main thread (0 = no task of 50 ms or more)',
        unit: 'ms',
        target: '< 50 ms',
        met: timings.longestTaskMs < 50,
      },
      {
        name: 'import queued',
        value: timings.queueMs,
        baseline: enqueueMs,
        baselineName: `outbox.enqueueMany in Node, no bridge (${sent.toLocaleString('en')} guests)`,
        unit: 'ms',
        target: '< 5000 ms',
        met: timings.queueMs < 5000,
      },
      {
        name: 'import in the outbox (the desk core queueing what it was handed)',
        value: timings.outboxMs,
        baseline: enqueueMs,
        baselineName: 'outbox.enqueueMany in Node, no bridge',
        unit: 'ms',
      },
      {
        name: `import delivered (${LATENCY_MS} ms latency)`,
        value: timings.deliverMs,
        baseline: directMs,
        baselineName: `direct push_contact, ${BATCH}/call, ${CONCURRENCY} at once`,
        unit: 'ms',
        target: 'ratio ≤ 1.2',
        met: timings.deliverMs <= 1.2 * directMs,
      },
      {
        // Delivered within 1.2x of the direct calls needs less of the core's CPU than that: it bounds the row above.
        name: 'import desk core CPU (hand-over, queueing, delivery)',
        value: coreCpuMs,
        baseline: directMs,
        baselineName: 'direct push_contact, wall time (the delivered row above divides by it)',
        unit: 'ms',
      },
      {
        name: `import xlsx read (${rows.toLocaleString('en')} rows)`,
        value: workbook.ms,
        baseline: nodeRead,
        baselineName: `read-excel-file in Node, same ${(xlsxBytes.length / 1e6).toFixed(1)} MB workbook (20 columns)`,
        unit: 'ms',
        target: '< 10000 ms',
        met: workbook.ms < 10_000 && workbook.rows === rows,
      },
      {
        name: 'import peak renderer memory',
        value: timings.heapPeakBytes / 1e6,
        baseline: timings.heapBeforeBytes / 1e6,
        baselineName: 'JS heap before the import',
        unit: 'MB',
      },
    ];
    return [...importRows, ...(await benchContactsAtLatency())];
  } finally {
    await desk.close();
  }
}

/** The outbox delivering contacts with 20 ms on each push_contact, beside the same calls made directly (aim: within 1.1x). */
async function benchContactsAtLatency(): Promise<BenchRow[]> {
  const rows = await benchOutbox(
    async () => {
      const sandbox = await startSandboxProcess();
      await sandbox.operator(`/accounts/${sandbox.clientId}`, 'PATCH', {
        smsCredits: 1_000_000,
        emailCredits: 1_000_000,
      });
      await sandbox.operator('/faults', 'POST', { method: 'push_contact', kind: 'latency', latencyMs: LATENCY_MS });
      return {
        baseUrl: sandbox.baseUrl,
        apiKey: sandbox.apiKey,
        clientId: sandbox.clientId,
        close: () => sandbox.close(),
      };
    },
    { enqueues: 1, sms: 1, contacts: 10_000, rounds: 3, batchSize: BATCH, concurrency: CONCURRENCY },
  );
  const contacts = rows.find((row) => row.name.startsWith('outbox delivers contacts'))!;
  return [
    {
      ...contacts,
      name: `outbox delivers contacts at ${LATENCY_MS} ms latency`,
      target: 'ratio > 0.91 (1.1x)',
      met: contacts.baseline / contacts.value < 1.1,
    },
  ];
}

/** Milliseconds the outbox takes to store the same items in 1,000-item commits on a fresh desk database, without the bridge or the worker. */
function bareEnqueueMs(items: ReadonlyArray<{ client_id: string } & Record<string, unknown>>): number {
  const dir = mkdtempSync(join(tmpdir(), 'import-bench-'));
  const db = openDeskDatabase(join(dir, 'desk.sqlite'));
  const client = createServiceClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'unused' });
  const outbox = createOutbox({ db, account: () => ({ clientId: items[0]?.client_id ?? '1', client }) });
  try {
    const started = performance.now();
    for (let i = 0; i < items.length; i += 1000) outbox.enqueueMany('push_contact', items.slice(i, i + 1000));
    return performance.now() - started;
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A contact shaped as the import sends one (names, email, mobile, birthday, sex, categories), distinct from the file's. */
function baselineContact(clientId: string, stamp: string, i: number): { client_id: string } & Record<string, unknown> {
  return {
    client_id: clientId,
    PatronName: 'Zoë',
    PatronSurname: 'Ashford',
    PatronEmail: `d${i}.${stamp}@example.com`,
    PatronMobile: `+6143${String(1_000_000 + i).padStart(7, '0')}`,
    ...(i % 3 === 0 ? { DateOfBirth: '1980-01-01' } : {}),
    Sex: i % 2 ? 'f' : 'm',
    svc_categories: i % 5 === 0 ? 'Regulars,Imported' : 'Imported',
  };
}

/** Runs `work` over items with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Runs `work` under Chromium's tracing (the page's main thread and the import worker, with V8's CPU
 * samples) when IMPORT_BENCH_TRACE names a file to write: `IMPORT_BENCH_TRACE=/tmp/import-trace.json
 * npm run bench -- import`, then open the file in Chrome's Performance panel.
 */
async function traced<T>(page: BarePage, work: () => Promise<T>): Promise<T> {
  const path = process.env.IMPORT_BENCH_TRACE;
  if (!path) return work();
  return page.traced(
    path,
    ['devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing'],
    work,
  );
}

/** Milliseconds `work` takes. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Splits items into arrays of at most `size`. */
function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
