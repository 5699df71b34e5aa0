// One of two desk processes on the same desk.sqlite, as the two-writers test runs them: each opens the
// file, waits for "go" on stdin (so both are past their start-up before either claims), then
// delivers whatever is in the line to the service over HTTP until nothing is left to go.
// Usage: node --import tsx writer-child.ts <config.json>. Prints one JSON line per event on stdout.
import { readFileSync } from 'node:fs';
import { createServiceClient } from '../../../shared/api/client';
import { openDeskDatabase } from '../../../electron/core/db/open-database';
import { createOutbox } from '../../../electron/core/outbox/outbox';
import type { OutboxAccount } from '../../../electron/core/outbox/outbox-core';

/** What the child is told. */
export interface WriterChildConfig {
  dbFile: string;
  baseUrl: string;
  apiKey: string;
  clientId: string;
}

const say = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);
const config = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as WriterChildConfig;

const db = openDeskDatabase(config.dbFile);
const client = createServiceClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, timeoutsMs: { short: 5000 } });
let account: OutboxAccount | null = null;
const outbox = createOutbox({
  db,
  account: () => account,
  config: {
    concurrency: 4,
    backoff: { baseMs: 20, maxMs: 200 },
    reconcileAfterMs: 50,
    probeIntervalMs: 100,
    maxAttempts: 50,
    batchSize: { push_contact: 5, add_purchase: 5, push_reservations: 5 },
  },
});
// The entries this process saw reach "sent" through its own writes.
const sentHere = new Set<string>();
outbox.subscribe(({ changed }) => {
  for (const view of changed) if (view.state === 'sent') sentHere.add(view.id);
});
outbox.start();
say({ event: 'ready' });

await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
account = { clientId: config.clientId, client, phoneCountry: 'AU' };
outbox.accountChanged();

for (;;) {
  await outbox.settle();
  const { counts } = outbox.summary();
  if (counts.queued + counts.waiting + counts.sending === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
await outbox.stop();
db.close();
say({ event: 'done', sent: [...sentHere] });
process.exit(0);
