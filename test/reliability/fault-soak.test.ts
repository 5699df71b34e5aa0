import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../shared/api/client';
import { openDeskDatabase } from '../../electron/core/db/open-database';
import { createOutbox } from '../../electron/core/outbox/outbox';
import type { OutboxItemView } from '../../electron/core/outbox/types';
import { createSandbox } from '../../sandbox/index';
import { useTempDir } from '../unit/outbox/support/temp-dir';
import { countBy, duplicates } from './support/checks';
import { drainOutbox } from './support/drain';
import { mixedOperations } from './support/plan';
import { asKind } from '../support/outbox-entry';

const full = process.env.SOAK === 'full';
const OPERATIONS = full ? 10_000 : 500;
const tempDir = useTempDir();

/** 20% of calls fail, in every way the sandbox can inject (latency beyond the client's timeout included). */
const FAULTS = [
  { kind: 'refuse', probability: 0.03 },
  { kind: 'latency', probability: 0.02, latencyMs: 500 },
  { kind: 'http_error', probability: 0.02, status: 500 },
  { kind: 'http_error', probability: 0.02, status: 503 },
  { kind: 'rate_limit', probability: 0.02, retryAfterSeconds: 1 },
  { kind: 'drop_before_commit', probability: 0.02 },
  { kind: 'drop_after_commit', probability: 0.03 },
  { kind: 'malformed_json', probability: 0.02 },
  { kind: 'queue_failure', probability: 0.01 },
  { kind: 'store_failure', probability: 0.01 },
];

describe(`fault soak: ${OPERATIONS} mixed operations, 20% of calls failing`, () => {
  it('ends with every operation sent or needing attention with a reason, and nothing delivered twice', async () => {
    const sandbox = createSandbox({ faultSeed: 20250601 });
    const clientId = sandbox.demo.clientId;
    sandbox.operator.setCredits(clientId, { sms: OPERATIONS * 4, email: OPERATIONS * 4 });
    sandbox.operator.enableReservations(clientId);
    const client = createServiceClient({
      baseUrl: 'http://sandbox.test',
      apiKey: sandbox.demo.apiKey,
      fetch: sandbox.fetch.bind(sandbox),
      timeoutsMs: { short: 300, long: 5000 },
    });
    const db = openDeskDatabase(join(tempDir(), 'desk.db'));
    const outbox = createOutbox({
      db,
      account: () => ({ clientId, client, phoneCountry: 'AU' }),
      config: {
        backoff: { baseMs: 10, maxMs: 400 },
        reconcileAfterMs: 250,
        probeIntervalMs: 25,
        maxAttempts: 40,
        concurrency: 4,
        batchSize: { push_contact: 25, add_purchase: 25, push_reservations: 25 },
      },
    });
    for (const rule of FAULTS) sandbox.operator.addFault({ method: '*', ...rule });
    outbox.start();

    const plan = mixedOperations('soak', OPERATIONS);
    const ids = new Map<string, string>();
    for (const [index, operation] of plan.entries()) {
      ids.set(
        operation.key,
        outbox.enqueue(operation.kind, operation.payload, operation.guestKey ? { guestKey: operation.guestKey } : {})
          .id,
      );
      // Staff keep entering while the outbox delivers.
      if (index % 25 === 24) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await drainOutbox(outbox, full ? 1_800_000 : 240_000);

    // A person settles the held purchases by checking the service, as the Outbox screen asks.
    let decided = 0;
    for (let round = 0; round < 10; round++) {
      const held = outbox.list({ states: ['needs_attention'], limit: 100_000 }).filter((item) => item.awaitingDecision);
      if (held.length === 0) break;
      const recorded = new Set(sandbox.operator.purchases(clientId).map((purchase) => String(purchase.tx_id)));
      for (const item of held)
        outbox.decide(
          item.id,
          recorded.has(String(asKind(item, 'add_purchase').payload.tx_id)) ? 'it-was-recorded' : 'send-again',
        );
      decided += held.length;
      await drainOutbox(outbox, 120_000);
    }
    const fired = Object.fromEntries(
      sandbox.operator.listFaults().map((rule) => [`${rule.kind}${rule.status ?? ''}`, rule.fired]),
    );
    sandbox.operator.clearFaults();
    await outbox.stop();

    // Every operation ended sent, or needs attention with the service's words and what to do.
    const views = new Map<string, OutboxItemView>();
    for (const [key, id] of ids) views.set(key, outbox.get(id)!);
    const lost = plan.filter(
      (operation) => operation.kind === 'add_purchase' && operation.payload.contact_id === '987654321',
    );
    for (const operation of plan) {
      const view = views.get(operation.key);
      expect(view, operation.key).toBeDefined();
      if (lost.includes(operation)) {
        expect(view, operation.key).toMatchObject({
          state: 'needs_attention',
          problem: { message: 'No such contact in database', whatToDo: expect.any(String) },
        });
      } else {
        expect(view?.state === 'sent' ? 'sent' : `${view?.state}: ${view?.problem?.message}`, operation.key).toBe(
          'sent',
        );
      }
    }

    // The sandbox's log: no SMS or email twice, every sent one exactly once.
    const messages = sandbox.operator.messages({ clientId });
    expect(duplicates(countBy(messages, (message) => message.referenceId))).toEqual([]);
    const byText = countBy(
      messages.filter((message) => message.channel === 'sms'),
      (message) => message.message,
    );
    const bySubject = countBy(
      messages.filter((message) => message.channel === 'email'),
      (message) => message.subject,
    );
    for (const operation of plan) {
      if (operation.kind === 'sms') expect(byText.get(String(operation.payload.message)), operation.key).toBe(1);
      if (operation.kind === 'email') expect(bySubject.get(String(operation.payload.subject)), operation.key).toBe(1);
    }

    // Per guest, messages went out in the order they were queued.
    const order = new Map(messages.map((message, index) => [message.message, index]));
    const lanes = new Map<string, number[]>();
    for (const operation of plan.filter((entry) => entry.kind === 'sms')) {
      lanes.set(operation.guestKey!, [
        ...(lanes.get(operation.guestKey!) ?? []),
        order.get(String(operation.payload.message))!,
      ]);
    }
    for (const [lane, positions] of lanes) expect(positions, lane).toEqual([...positions].sort((a, b) => a - b));

    // No duplicate contact: each guest recorded here exists exactly once, under the id the outbox reported.
    const contacts = await client.pullDb({ client_id: clientId });
    const byEmail = countBy(contacts, (contact) =>
      typeof contact.PatronEmail === 'string' ? contact.PatronEmail : null,
    );
    expect(duplicates(byEmail)).toEqual([]);
    for (const operation of plan.filter((entry) => entry.kind === 'push_contact' && entry.payload.PatronEmail)) {
      const contactId = asKind(views.get(operation.key), 'push_contact').result?.contact_id;
      expect(
        contacts
          .filter((contact) => contact.PatronEmail === operation.payload.PatronEmail)
          .map((contact) => contact.contact_id),
        operation.key,
      ).toEqual([contactId]);
    }

    // Every purchase recorded once, against the service's id of its guest.
    const purchases = sandbox.operator.purchases(clientId);
    expect(duplicates(countBy(purchases, (purchase) => String(purchase.tx_id)))).toEqual([]);
    const sentPurchases = plan.filter((operation) => operation.kind === 'add_purchase' && !lost.includes(operation));
    expect(purchases).toHaveLength(sentPurchases.length);
    for (const purchase of purchases) expect(String(purchase.contact_id)).toMatch(/^\d+$/);

    // Bookings landed on the guests' service ids.
    const reservations = await client.pullReservations({ client_id: clientId });
    const booked = countBy(reservations, (entry) => String(entry.reservation.id));
    for (const operation of plan.filter((entry) => entry.kind === 'push_reservations')) {
      expect(booked.get(String((operation.payload.reservation as { id: string }).id)), operation.key).toBe(1);
    }

    // The faults did fire, and the outbox had to reconcile.
    const totalFired = Object.values(fired).reduce((sum, count) => sum + count, 0);
    console.log(
      `fault soak: ${OPERATIONS} operations; faults fired ${JSON.stringify(fired)}; held purchases decided: ${decided}`,
    );
    expect(totalFired).toBeGreaterThan(OPERATIONS / 20);
    const sentMessages = [...views.values()].flatMap((view) =>
      view.kind === 'sms' || view.kind === 'email' ? [view] : [],
    );
    expect(sentMessages.some((view) => view.result?.confirmedBy === 'sent_items')).toBe(true);
    db.close();
    sandbox.close();
  });
});
