import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createServiceClient, type ServiceClient } from '../../shared/api/client';
import { openDeskDatabase } from '../../electron/core/db/open-database';
import { createOutbox, type Outbox } from '../../electron/core/outbox/outbox';
import { benchBookingDelivery, type BookingBenchControls } from './outbox-bookings';

/** A service to measure against (the sandbox), reached as the desk reaches it. */
export interface BenchService {
  baseUrl: string;
  apiKey: string;
  clientId: string;
  /** In-process fetch of the sandbox, or undefined for real HTTP. */
  fetch?: typeof globalThis.fetch;
  /** The operator's controls the bookings row needs (latency, aged bookings); without them the row is left out. */
  bookingControls?: BookingBenchControls;
  close(): Promise<void>;
}

/** One figure beside the same work done without the outbox in the same run. */
export interface OutboxBenchRow {
  name: string;
  value: number;
  baseline: number;
  baselineName: string;
  unit: string;
  /** The least value / baseline the row must reach, when it has a target of its own (else the overhead target). */
  minRatio?: number;
}

/** How much work each measurement does. */
export interface OutboxBenchSizes {
  enqueues: number;
  contacts: number;
  sms: number;
  batchSize: number;
  concurrency: number;
  /** Rounds of direct-then-outbox measurement; each figure is the median over the rounds (a shared machine is noisy). */
  rounds: number;
  /** Booking edits per round of the bookings row, in calls of the desk's booking batch size. */
  bookings: number;
  bookingBatchSize: number;
}

const DEFAULT_SIZES: OutboxBenchSizes = {
  enqueues: 1000,
  contacts: 5000,
  sms: 1000,
  batchSize: 100,
  concurrency: 4,
  rounds: 3,
  bookings: 4000,
  bookingBatchSize: 50,
};

/**
 * Measures the outbox against a service: enqueue latency (p50, p99) beside the direct SMS call it
 * stands in for, and delivery throughput of contacts in batches and of SMS beside the same calls
 * made directly at the same batch size and concurrency, in alternating rounds. The service must
 * have credits for `rounds * 2 * (sms + enqueues)` SMS. Throughput rows are per second: the
 * overhead is baseline / value.
 */
export async function benchOutbox(
  startService: () => Promise<BenchService>,
  sizes: Partial<OutboxBenchSizes> = {},
): Promise<OutboxBenchRow[]> {
  const size = { ...DEFAULT_SIZES, ...sizes };
  const service = await startService();
  const dir = mkdtempSync(join(tmpdir(), 'venue-desk-bench-'));
  try {
    const client = createServiceClient({
      baseUrl: service.baseUrl,
      apiKey: service.apiKey,
      ...(service.fetch ? { fetch: service.fetch } : {}),
    });
    const directRounds: Array<Awaited<ReturnType<typeof measureDirect>>> = [];
    const outboxRounds: Array<Awaited<ReturnType<typeof measureOutbox>>> = [];
    for (let round = 0; round < size.rounds; round++) {
      directRounds.push(await measureDirect(client, service.clientId, size, `d${round}`));
      outboxRounds.push(
        await measureOutbox(client, service.clientId, size, join(dir, `desk-${round}.db`), `o${round}`),
      );
    }
    const direct = medians(directRounds);
    const outboxed = medians(outboxRounds);
    const smsAtLatency = service.bookingControls
      ? await measureSmsAtLatency(
          client,
          service.clientId,
          service.bookingControls,
          size,
          join(dir, 'desk-sms-latency.db'),
        )
      : null;
    const bookings = service.bookingControls
      ? await benchBookingDelivery(client, service.clientId, service.bookingControls, {
          bookings: size.bookings,
          batchSize: size.bookingBatchSize,
          concurrency: size.concurrency,
          rounds: size.rounds,
        })
      : null;
    return [
      {
        name: 'outbox enqueue SMS p50',
        value: outboxed.enqueueP50,
        baseline: direct.smsP50,
        baselineName: 'direct sms call p50',
        unit: 'ms',
      },
      {
        name: 'outbox enqueue SMS p99',
        value: outboxed.enqueueP99,
        baseline: direct.smsP99,
        baselineName: 'direct sms call p99',
        unit: 'ms',
      },
      {
        name: `outbox delivers contacts (batches of ${size.batchSize})`,
        value: outboxed.contactsPerSecond,
        baseline: direct.contactsPerSecond,
        baselineName: 'direct push_contact',
        unit: 'contacts/s',
      },
      {
        name: 'outbox delivers SMS',
        value: outboxed.smsPerSecond,
        baseline: direct.smsPerSecond,
        baselineName: 'direct sms calls',
        unit: 'SMS/s',
      },
      ...(smsAtLatency
        ? [
            {
              name: `outbox delivers SMS at ${SERVICE_LATENCY_MS} ms latency`,
              value: smsAtLatency.outbox,
              baseline: smsAtLatency.direct,
              baselineName: `direct sms calls (${size.concurrency} at a time)`,
              unit: 'SMS/s',
            },
          ]
        : []),
      ...(bookings
        ? [
            {
              name: 'outbox delivers bookings at 20 ms latency, with the merge read',
              value: bookings.outbox,
              baseline: bookings.direct,
              baselineName: `direct push_reservations (${size.concurrency} at a time)`,
              unit: 'bookings/s',
              minRatio: 0.9,
            },
          ]
        : []),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await service.close();
  }
}

/** The service's answer time of the SMS row that counts what staff feel (on loopback with none, the row measures SQLite commits). */
const SERVICE_LATENCY_MS = 20;

/** SMS per second delivered directly and through the outbox while the service takes SERVICE_LATENCY_MS per call, alternating rounds; medians. */
async function measureSmsAtLatency(
  client: ServiceClient,
  clientId: string,
  controls: BookingBenchControls,
  size: OutboxBenchSizes,
  file: string,
): Promise<{ direct: number; outbox: number }> {
  const sms = Math.ceil(size.sms / 2);
  const direct: number[] = [];
  const outboxed: number[] = [];
  await controls.setLatency(SERVICE_LATENCY_MS);
  const db = openDeskDatabase(file);
  const outbox = createOutbox({
    db,
    account: () => ({ clientId, client }),
    config: { concurrency: size.concurrency },
  });
  try {
    for (let round = 0; round < size.rounds; round++) {
      const run = `l${round}x${Date.now().toString(36)}`;
      const directSeconds = await timed(() =>
        pool(range(sms), size.concurrency, (i) =>
          client.sms({ ...benchSms(`${run} direct`, i), reference_id: `benchs${i}${run}` }),
        ),
      );
      direct.push(sms / directSeconds);
      for (let i = 0; i < sms; i++) outbox.enqueue('sms', benchSms(`${run} outbox`, i));
      const outboxSeconds = await timed(async () => {
        outbox.start();
        await drain(outbox);
      });
      await outbox.stop();
      outboxed.push(sms / outboxSeconds);
    }
    return { direct: percentile(direct, 50), outbox: percentile(outboxed, 50) };
  } finally {
    await outbox.stop();
    db.close();
    await controls.setLatency(0);
  }
}

/** The calls without the outbox: single SMS timed one by one, then contacts and SMS through a pool. */
async function measureDirect(client: ServiceClient, clientId: string, size: OutboxBenchSizes, run: string) {
  const stamp = `${run}x${Date.now().toString(36)}`;
  const latencies: number[] = [];
  for (let i = 0; i < size.enqueues; i++) {
    const started = performance.now();
    await client.sms({ ...benchSms(`${run} latency`, i), reference_id: `benchl${i}${stamp}` });
    latencies.push(performance.now() - started);
  }
  const batches = chunk(
    range(size.contacts).map((i) => benchContact(run, i, clientId)),
    size.batchSize,
  );
  const contactsSeconds = await timed(() => pool(batches, size.concurrency, (batch) => client.pushContact(batch)));
  const smsSeconds = await timed(() =>
    pool(range(size.sms), size.concurrency, (i) =>
      client.sms({ ...benchSms(`${run} rate`, i), reference_id: `benchr${i}${stamp}` }),
    ),
  );
  return {
    smsP50: percentile(latencies, 50),
    smsP99: percentile(latencies, 99),
    contactsPerSecond: size.contacts / contactsSeconds,
    smsPerSecond: size.sms / smsSeconds,
  };
}

/** The same work through the outbox on a desk database file (WAL, synchronous=FULL). */
async function measureOutbox(
  client: ServiceClient,
  clientId: string,
  size: OutboxBenchSizes,
  file: string,
  run: string,
) {
  const db = openDeskDatabase(file);
  const outbox = createOutbox({
    db,
    account: () => ({ clientId, client }),
    config: {
      concurrency: size.concurrency,
      batchSize: { push_contact: size.batchSize, add_purchase: size.batchSize, push_reservations: size.batchSize },
    },
  });
  try {
    const latencies: number[] = [];
    for (let i = 0; i < size.enqueues; i++) {
      const started = performance.now();
      outbox.enqueue('sms', benchSms(`${run} latency`, i));
      latencies.push(performance.now() - started);
    }
    // Deliver the latency entries first so they do not count towards the throughput runs.
    outbox.start();
    await drain(outbox);
    await outbox.stop();

    // One transaction, as an import queues: 10,000 flushed enqueues one by one held this thread for about 7 s, the
    // service closed the idle keep-alive connections meanwhile, and the first calls went out on them unaware
    // (four batches failed with UND_ERR_SOCKET and were resent one guest at a time: 1,280 contacts a second).
    outbox.enqueueMany(
      'push_contact',
      range(size.contacts).map((i) => benchContact(run, i, clientId)),
    );
    const contactsSeconds = await timed(async () => {
      outbox.start();
      await drain(outbox);
    });
    await outbox.stop();

    for (let i = 0; i < size.sms; i++) outbox.enqueue('sms', benchSms(`${run} rate`, i));
    const smsSeconds = await timed(async () => {
      outbox.start();
      await drain(outbox);
    });
    return {
      enqueueP50: percentile(latencies, 50),
      enqueueP99: percentile(latencies, 99),
      contactsPerSecond: size.contacts / contactsSeconds,
      smsPerSecond: size.sms / smsSeconds,
    };
  } finally {
    await outbox.stop();
    db.close();
  }
}

/** Waits until nothing is left to send; a benchmark run must not end with entries failing silently. */
async function drain(outbox: Outbox): Promise<void> {
  for (;;) {
    await outbox.settle();
    const { counts } = outbox.summary();
    if (counts.needs_attention > 0)
      throw new Error(
        `Benchmark entries need attention: ${JSON.stringify(outbox.list({ states: ['needs_attention'], limit: 3 }).map((item) => item.problem))}`,
      );
    if (counts.queued + counts.waiting + counts.sending === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The median of each figure over the rounds. */
function medians<T extends Record<string, number>>(rounds: readonly T[]): T {
  const keys = Object.keys(rounds[0]!) as Array<keyof T>;
  return Object.fromEntries(
    keys.map((key) => [
      key,
      percentile(
        rounds.map((round) => round[key] as number),
        50,
      ),
    ]),
  ) as T;
}

/** An SMS with a distinct number and text per run and index. */
function benchSms(run: string, i: number) {
  return { from: 'VenueDesk', to: `+614${String(10_000_000 + i).padStart(8, '0')}`, message: `Benchmark ${run} ${i}` };
}

/** A new guest with a distinct email per run and index. */
function benchContact(run: string, i: number, clientId: string) {
  return {
    client_id: clientId,
    PatronEmail: `bench-${run}-${i}-${Date.now().toString(36)}@example.com`,
    PatronName: `Guest ${i}`,
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

/** Seconds `work` takes. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/** The p-th percentile (0–100) of samples. */
function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** 0..n-1. */
function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/** Splits items into arrays of at most `size`. */
function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
