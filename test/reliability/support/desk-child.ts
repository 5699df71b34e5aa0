// The desk core as the crash test runs it: a child process delivering a plan of operations through the
// outbox to a service over HTTP, killed with SIGKILL at random moments and started again.
// Usage: node --import tsx desk-child.ts <config.json>. Prints one JSON line per event on stdout.
import { readFileSync } from 'node:fs';
import { createServiceClient } from '../../../shared/api/client';
import { DeskDatabaseError } from '../../../electron/core/db/errors';
import { openDeskDatabase } from '../../../electron/core/db/open-database';
import { createOutbox } from '../../../electron/core/outbox/outbox';
import type { PlannedOperation } from './plan';

/** What the child is told. */
export interface DeskChildConfig {
  dbFile: string;
  baseUrl: string;
  apiKey: string;
  clientId: string;
  plan: PlannedOperation[];
  /** Calls in flight at once (default 2: slow enough for kills to land mid-delivery). */
  concurrency?: number;
}

const say = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);

const config = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as DeskChildConfig;

let db: ReturnType<typeof openDeskDatabase>;
try {
  db = openDeskDatabase(config.dbFile);
} catch (error) {
  if (error instanceof DeskDatabaseError) {
    say({ event: 'database-error', problem: error.problem, message: error.message, whatToDo: error.whatToDo });
    process.exit(3);
  }
  throw error;
}

// The test's own record of which planned operations were enqueued, written in the same transaction
// as the enqueue, so a restart neither loses nor repeats one. The outbox knows nothing of it.
db.exec('CREATE TABLE IF NOT EXISTS crash_plan_progress (op_key TEXT PRIMARY KEY, outbox_id TEXT NOT NULL)');
const enqueued = new Map(
  (
    db.prepare('SELECT op_key, outbox_id FROM crash_plan_progress').all() as Array<{
      op_key: string;
      outbox_id: string;
    }>
  ).map((row) => [row.op_key, row.outbox_id]),
);
const recordProgress = db.prepare('INSERT INTO crash_plan_progress (op_key, outbox_id) VALUES (?, ?)');

const client = createServiceClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, timeoutsMs: { short: 2000 } });
const outbox = createOutbox({
  db,
  account: () => ({ clientId: config.clientId, client, phoneCountry: 'AU' }),
  config: {
    concurrency: config.concurrency ?? 2,
    backoff: { baseMs: 20, maxMs: 300 },
    reconcileAfterMs: 50,
    probeIntervalMs: 100,
    maxAttempts: 50,
    batchSize: { push_contact: 10, add_purchase: 10, push_reservations: 10 },
  },
});
outbox.start();
say({ event: 'started', alreadyEnqueued: enqueued.size });

const enqueueOne = db.transaction((operation: PlannedOperation) => {
  const item = outbox.enqueue(
    operation.kind,
    operation.payload,
    operation.guestKey ? { guestKey: operation.guestKey } : {},
  );
  recordProgress.run(operation.key, item.id);
  return item.id;
});

for (const [index, operation] of config.plan.entries()) {
  if (enqueued.has(operation.key)) continue;
  const id = enqueueOne(operation);
  enqueued.set(operation.key, id);
  say({ event: 'ack', key: operation.key, id });
  // Staff enter things over time: let delivery run between enqueues.
  if (index % 5 === 4) await new Promise((resolve) => setTimeout(resolve, 3));
}

for (;;) {
  await outbox.settle();
  const { counts } = outbox.summary();
  if (counts.queued + counts.waiting + counts.sending === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const states = Object.fromEntries(
  [...enqueued].map(([key, id]) => {
    const view = outbox.get(id);
    return [
      key,
      view
        ? {
            state: view.state,
            awaitingDecision: view.awaitingDecision ?? false,
            problem: view.problem,
            result: view.result,
          }
        : { state: 'missing' },
    ];
  }),
);
say({ event: 'done', states });
await outbox.stop();
db.close();
process.exit(0);
