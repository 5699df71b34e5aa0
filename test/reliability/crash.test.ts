import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../shared/api/client';
import { seededRandom } from '../../sandbox/context';
import { startSandboxServer } from '../../sandbox/index';
import { useTempDir } from '../unit/outbox/support/temp-dir';
import { countBy, duplicates } from './support/checks';
import type { DeskChildConfig } from './support/desk-child';
import { mixedOperations } from './support/plan';
import { runDeskChild } from './support/spawn-desk';

const full = process.env.SOAK === 'full';
const KILLS = full ? 20 : 4;
const OPERATIONS = full ? 600 : 150;
const tempDir = useTempDir();

interface FinalState {
  state: string;
  awaitingDecision: boolean;
  problem?: { message: string; whatToDo: string };
  result?: Record<string, unknown>;
}

describe(`crash: the desk core killed with SIGKILL ${KILLS} times during delivery`, () => {
  it('loses nothing acknowledged and sends nothing twice', async () => {
    const server = await startSandboxServer({ port: 0, faultSeed: 99 });
    const { sandbox, demo } = server;
    try {
      sandbox.operator.setCredits(demo.clientId, { sms: OPERATIONS * 4, email: OPERATIONS * 4 });
      sandbox.operator.enableReservations(demo.clientId);
      // Every call takes a little while, so kills land mid-call; some answers are lost after the commit.
      sandbox.operator.addFault({ method: '*', kind: 'latency', probability: 1, latencyMs: 80 });
      sandbox.operator.addFault({ method: '*', kind: 'drop_after_commit', probability: 0.05 });

      const dir = tempDir();
      const plan = mixedOperations('crash', OPERATIONS);
      const configFile = join(dir, 'desk.json');
      const config: DeskChildConfig = {
        dbFile: join(dir, 'desk.db'),
        baseUrl: server.baseUrl,
        apiKey: demo.apiKey,
        clientId: demo.clientId,
        plan,
      };
      writeFileSync(configFile, JSON.stringify(config));

      const random = seededRandom(20250601);
      const acknowledged = new Set<string>();
      let kills = 0;
      for (let run = 0; run < KILLS; run++) {
        const result = await runDeskChild(configFile, {
          killAfterMs: 50 + Math.floor(random() * 900),
          timeoutMs: 120_000,
        });
        for (const event of result.events) if (event.event === 'ack') acknowledged.add(String(event.key));
        if (result.killed) kills++;
        else expect(result.exitCode, result.stderr).toBe(0);
      }
      const last = await runDeskChild(configFile, { timeoutMs: 300_000 });
      expect(last.exitCode, last.stderr).toBe(0);
      for (const event of last.events) if (event.event === 'ack') acknowledged.add(String(event.key));
      const states = (last.events.find((event) => event.event === 'done')!.states ?? {}) as Record<string, FinalState>;
      console.log(
        `crash test: ${kills} kills, ${acknowledged.size} acknowledged, final states ${JSON.stringify(Object.fromEntries(countBy(Object.values(states), (entry) => entry.state)))}`,
      );

      expect(kills).toBeGreaterThanOrEqual(Math.ceil(KILLS / 2));
      // A kill between an enqueue's commit and its acknowledgement leaves it stored but unacknowledged;
      // the restarted child finds it stored and does not enqueue it again.
      for (const key of acknowledged) expect(states[key], key).toBeDefined();
      expect(Object.keys(states).sort()).toEqual(plan.map((operation) => operation.key).sort());
      // Nothing acknowledged was lost: each ended sent, held for a decision (a purchase caught mid-send),
      // or refused by the service with its words.
      for (const operation of plan) {
        const state = states[operation.key];
        expect(state, operation.key).toBeDefined();
        if (state!.state === 'sent') continue;
        expect(state, operation.key).toMatchObject({
          state: 'needs_attention',
          problem: { message: expect.any(String), whatToDo: expect.any(String) },
        });
        const refused = operation.payload.contact_id === '987654321';
        expect(
          refused || (state!.awaitingDecision && operation.kind === 'add_purchase'),
          `${operation.key}: ${state!.problem?.message}`,
        ).toBe(true);
      }

      // Nothing sent twice.
      const messages = sandbox.operator.messages({ clientId: demo.clientId });
      expect(duplicates(countBy(messages, (message) => message.referenceId))).toEqual([]);
      const texts = countBy(messages, (message) => (message.channel === 'sms' ? message.message : message.subject));
      for (const operation of plan) {
        const text = String(operation.kind === 'sms' ? operation.payload.message : operation.payload.subject);
        if (operation.kind === 'sms' || operation.kind === 'email') expect(texts.get(text), operation.key).toBe(1);
      }
      const client = createServiceClient({ baseUrl: server.baseUrl, apiKey: demo.apiKey });
      sandbox.operator.clearFaults();
      const contacts = await client.pullDb({ client_id: demo.clientId });
      expect(
        duplicates(
          countBy(contacts, (contact) => (typeof contact.PatronEmail === 'string' ? contact.PatronEmail : null)),
        ),
      ).toEqual([]);
      const purchases = countBy(sandbox.operator.purchases(demo.clientId), (purchase) => String(purchase.tx_id));
      expect(duplicates(purchases)).toEqual([]);
      for (const operation of plan.filter(
        (entry) => entry.kind === 'add_purchase' && states[entry.key]?.state === 'sent',
      )) {
        expect(purchases.get(String(operation.payload.tx_id)), operation.key).toBe(1);
      }
    } finally {
      await server.close();
    }
  });
});
