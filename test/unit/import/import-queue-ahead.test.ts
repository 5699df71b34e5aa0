import { describe, expect, it } from 'vitest';
import { createImportService } from '../../../electron/core/import/import-service';
import { createHarness, CLIENT_ID } from '../outbox/support/outbox-harness';
import { nameEmailImport, nameEmailRows } from './support/name-email-import';

const ROWS = 12_000;
const BATCH = 1000;

const START = nameEmailImport(ROWS);

const rowsFrom = (first: number) => nameEmailRows(first, BATCH);

/** Waits (turns and short sleeps, at most 20 s) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!done()) throw new Error('It never happened.');
}

describe("the core's queueing of an import while its rows are still being handed over", () => {
  it('keeps 5,000 of its entries waiting in the outbox (the hand-over goes first), then queues every row once the page says all are there', async () => {
    const { outbox, db } = createHarness({ start: false });
    const service = createImportService({ db, outbox, clientId: () => CLIENT_ID });
    const { handlers } = service;
    const started = await handlers.startImport({ ...START });
    const waiting = () => outbox.summary().counts.queued;
    for (let first = 0; first < ROWS; first += BATCH)
      await handlers.stageImportRows({
        importId: started.id,
        // The last row before this batch (the rows are on lines from 2).
        afterLine: first === 0 ? 0 : first + 1,
        rows: rowsFrom(first),
        held: [],
      });

    await until(() => waiting() >= 5000);
    // A chunk is at most 500 rows and starts only while fewer than 5,000 wait: the loop holds there.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(waiting()).toBeGreaterThanOrEqual(5000);
    expect(waiting()).toBeLessThan(5500);
    expect(await handlers.getImport({ importId: started.id })).toMatchObject({ phase: 'queueing', stagedRows: ROWS });

    await handlers.finishImportStaging({ importId: started.id });
    await until(() => waiting() === ROWS);
    const view = await handlers.getImport({ importId: started.id });
    expect(view).toMatchObject({ stagedRows: ROWS, queuedRows: ROWS, pending: ROWS, failed: 0 });
    // Each row is in the outbox once.
    expect(db.prepare('SELECT COUNT(*) FROM outbox_items').pluck().get()).toBe(ROWS);
    expect(
      db.prepare('SELECT COUNT(DISTINCT outbox_id) FROM import_rows WHERE import_id = ?').pluck().get(started.id),
    ).toBe(ROWS);
    service.close();
    await outbox.stop();
  });
});
