import type { Database } from 'better-sqlite3';
import type { ServiceClient } from '../../../../shared/api/client';
import { openDeskDatabase } from '../../../../electron/core/db/open-database';
import type { OutboxConfig } from '../../../../electron/core/outbox/config';
import { createOutbox, type Outbox } from '../../../../electron/core/outbox/outbox';
import type { OutboxAccount } from '../../../../electron/core/outbox/outbox-core';
import { createFakeClock, type FakeClock } from './fake-clock';
import { createFakeService, type FakeService } from './fake-service';

export const CLIENT_ID = 'client-1';

/** An outbox on an in-memory desk database, a fake service and a hand-driven clock. */
export interface Harness {
  outbox: Outbox;
  service: FakeService;
  clock: FakeClock;
  db: Database;
  account: { current: OutboxAccount | null };
  /** Moves the clock and lets the dispatcher finish what became due. */
  advance(ms: number): Promise<void>;
}

/** Builds and starts a harness; jitter is fixed at its maximum unless `random` is given. */
export function createHarness(
  options: {
    config?: Partial<OutboxConfig>;
    random?: () => number;
    db?: Database;
    service?: FakeService;
    client?: ServiceClient;
    clientId?: string;
    clock?: FakeClock;
    start?: boolean;
  } = {},
): Harness {
  const db = options.db ?? openDeskDatabase(':memory:');
  const service = options.service ?? createFakeService();
  const clock = options.clock ?? createFakeClock();
  const account: { current: OutboxAccount | null } = {
    current: { clientId: options.clientId ?? CLIENT_ID, client: options.client ?? service.client, phoneCountry: 'AU' },
  };
  const outbox = createOutbox({
    db,
    account: () => account.current,
    clock,
    random: options.random ?? (() => 0.999),
    config: {
      reconcileAfterMs: 1000,
      probeIntervalMs: 5000,
      backoff: { baseMs: 1000, maxMs: 60_000 },
      ...options.config,
    },
  });
  if (options.start !== false) outbox.start();
  return {
    outbox,
    service,
    clock,
    db,
    account,
    async advance(ms) {
      clock.advance(ms);
      // A probe fired by the clock answers on a later turn; let it land before asking for idle.
      await new Promise((resolve) => setImmediate(resolve));
      await outbox.settle();
    },
  };
}

/** A valid SMS payload. */
export const sms = (message = 'Your table is ready', to = '0412 345 678') => ({ from: 'VenueDesk', to, message });

/** A valid email payload. */
export const email = (subject = 'Your booking') => ({
  to_email: 'guest@example.com',
  to_name: 'Ann Guest',
  from_email: 'desk@venue.example',
  from_name: 'The Venue',
  subject,
  html: '<p>See you soon</p>',
});

/** A valid purchase payload for a guest. */
export const purchase = (contactId: string, desc = 'Martini') => ({
  contact_id: contactId,
  item_desc: desc,
  price: 14.5,
  purchased_at: '2025-06-01 11:00:00',
});
