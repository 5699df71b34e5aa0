import { describe, expect, it } from 'vitest';
import { createImportService } from '../../../electron/core/import/import-service';
import type { Outbox } from '../../../electron/core/outbox/outbox';
import { createHarness, CLIENT_ID } from '../outbox/support/outbox-harness';
import { nameEmailImport, nameEmailRows } from './support/name-email-import';

const ROWS = 1200;

/** Waits (turns of the event loop, at most 2,000) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 2000 && !done(); turn++) await new Promise((resolve) => setImmediate(resolve));
  if (!done()) throw new Error('It never happened.');
}

describe("an import's queue loop beside delivery", () => {
  it('lets a delivery round whose calls answered go before its next chunk, and still queues every row once', async () => {
    const { outbox, db } = createHarness({ start: false });
    const events: string[] = [];
    // Answers are always waiting: each time, the delivery round the answer scheduled is this turn's next task.
    const busyDelivery: Outbox = {
      ...outbox,
      answersWaiting: () => {
        setImmediate(() => events.push('round'));
        return true;
      },
      enqueueMany: (kind, payloads) => {
        if (events.at(-1) !== 'enqueue') events.push('enqueue');
        return outbox.enqueueMany(kind, payloads);
      },
    };
    // A clock that stands still: a chunk ends by its row count (500), never by time: 3 chunks.
    const service = createImportService({ db, outbox: busyDelivery, clientId: () => CLIENT_ID, now: () => 0 });
    const { handlers } = service;
    const started = await handlers.startImport(nameEmailImport(ROWS));
    await handlers.stageImportRows({ importId: started.id, rows: nameEmailRows(0, ROWS), held: [] });
    await handlers.finishImportStaging({ importId: started.id });
    const entries = () => db.prepare('SELECT COUNT(*) FROM outbox_items').pluck().get();
    await until(() => entries() === ROWS);
    // Each chunk waited for the round scheduled before it (and only once: answers always waiting never stall it).
    const chunks = events.flatMap((event, index) => (event === 'enqueue' ? [index] : []));
    expect(chunks).toHaveLength(3);
    for (const index of chunks) expect(events[index - 1]).toBe('round');
    expect(
      db.prepare('SELECT COUNT(DISTINCT outbox_id) FROM import_rows WHERE import_id = ?').pluck().get(started.id),
    ).toBe(ROWS);
    service.close();
    await outbox.stop();
  });
});
