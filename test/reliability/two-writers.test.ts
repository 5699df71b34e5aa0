import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../shared/api/client';
import { openDeskDatabase } from '../../electron/core/db/open-database';
import { createOutbox } from '../../electron/core/outbox/outbox';
import { startSandboxServer } from '../../sandbox/index';
import { useTempDir } from '../unit/outbox/support/temp-dir';
import { countBy, duplicates } from './support/checks';
import { mixedOperations } from './support/plan';
import type { WriterChildConfig } from './support/writer-child';

const OPERATIONS = process.env.SOAK === 'full' ? 600 : 200;
const tempDir = useTempDir();

/** A writer child: resolves `ready` once it is started, and `done` with the ids it saw sent. */
function startWriter(configFile: string) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [
    '--import',
    'tsx',
    'test/reliability/support/writer-child.ts',
    configFile,
  ]);
  let stderr = '';
  let buffered = '';
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const done = new Promise<string[]>((resolve, reject) => {
    const guard = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`A writer did not finish in time; stderr: ${stderr}`));
    }, 240_000);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines.filter(Boolean)) {
        const event = JSON.parse(line) as { event: string; sent?: string[] };
        if (event.event === 'ready') markReady();
        if (event.event === 'done') resolve(event.sent ?? []);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(guard);
      if (code !== 0) reject(new Error(`A writer exited with ${code}; stderr: ${stderr}`));
    });
  });
  return { ready, done, go: () => child.stdin.end('go\n') };
}

describe('two desk processes on one desk.sqlite', () => {
  it('never both send one entry: every entry reaches the service exactly once', async () => {
    const server = await startSandboxServer({ port: 0, faultSeed: 7 });
    const { sandbox, demo } = server;
    try {
      sandbox.operator.setCredits(demo.clientId, { sms: OPERATIONS * 2, email: OPERATIONS * 2 });
      sandbox.operator.enableReservations(demo.clientId);
      // Calls take a moment, so both processes plan from the same line while the other is mid-call.
      sandbox.operator.addFault({ method: '*', kind: 'latency', probability: 1, latencyMs: 15 });

      const dir = tempDir();
      const dbFile = join(dir, 'desk.sqlite');
      const plan = mixedOperations('writers', OPERATIONS);
      // The entries are queued first, by a desk that is not delivering (its outbox is never started).
      const db = openDeskDatabase(dbFile);
      const client = createServiceClient({ baseUrl: server.baseUrl, apiKey: demo.apiKey });
      const queuing = createOutbox({ db, account: () => ({ clientId: demo.clientId, client, phoneCountry: 'AU' }) });
      const ids = new Map(
        plan.map((operation) => [
          operation.key,
          queuing.enqueue(operation.kind, operation.payload, operation.guestKey ? { guestKey: operation.guestKey } : {})
            .id,
        ]),
      );
      db.close();

      const configFile = join(dir, 'writer.json');
      const config: WriterChildConfig = {
        dbFile,
        baseUrl: server.baseUrl,
        apiKey: demo.apiKey,
        clientId: demo.clientId,
      };
      writeFileSync(configFile, JSON.stringify(config));
      const writers = [startWriter(configFile), startWriter(configFile)];
      await Promise.all(writers.map((writer) => writer.ready));
      for (const writer of writers) writer.go();
      const [first, second] = await Promise.all(writers.map((writer) => writer.done));
      console.log(`two writers: ${first!.length} and ${second!.length} entries sent`);

      // Both took part, and no entry was sent by both.
      expect(first!.length).toBeGreaterThan(0);
      expect(second!.length).toBeGreaterThan(0);
      expect(first!.filter((id) => second!.includes(id))).toEqual([]);

      // The service's log: each message once, each purchase once, each new guest once.
      const messages = sandbox.operator.messages({ clientId: demo.clientId });
      expect(duplicates(countBy(messages, (message) => message.referenceId))).toEqual([]);
      const texts = countBy(messages, (message) => (message.channel === 'sms' ? message.message : message.subject));
      const purchases = countBy(sandbox.operator.purchases(demo.clientId), (purchase) => String(purchase.tx_id));
      sandbox.operator.clearFaults();
      const contacts = await client.pullDb({ client_id: demo.clientId });
      const guestsByEmail = countBy(contacts, (contact) =>
        typeof contact.PatronEmail === 'string' ? contact.PatronEmail : null,
      );
      const reopened = openDeskDatabase(dbFile);
      const states = new Map(
        (reopened.prepare('SELECT id, state FROM outbox_items').all() as Array<{ id: string; state: string }>).map(
          (row) => [row.id, row.state],
        ),
      );
      reopened.close();
      for (const operation of plan) {
        const state = states.get(ids.get(operation.key)!);
        const refused = operation.payload.contact_id === '987654321';
        expect(state, operation.key).toBe(refused ? 'needs_attention' : 'sent');
        if (operation.kind === 'sms') expect(texts.get(String(operation.payload.message)), operation.key).toBe(1);
        if (operation.kind === 'email') expect(texts.get(String(operation.payload.subject)), operation.key).toBe(1);
        if (operation.kind === 'add_purchase' && !refused)
          expect(purchases.get(String(operation.payload.tx_id)), operation.key).toBe(1);
        if (operation.kind === 'push_contact' && typeof operation.payload.PatronEmail === 'string')
          expect(guestsByEmail.get(operation.payload.PatronEmail), operation.key).toBe(1);
      }
    } finally {
      await server.close();
    }
  });
});
