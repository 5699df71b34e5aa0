import { describe, expect, it, vi } from 'vitest';
import { openDeskDatabase } from '../../../electron/core/db/open-database';
import { createImportService } from '../../../electron/core/import/import-service';
import { runTransaction } from '../../../electron/core/db/transactions';
import type { Outbox } from '../../../electron/core/outbox/outbox';
import { createHarness, CLIENT_ID } from '../outbox/support/outbox-harness';
import { nameEmailImport, nameEmailRows } from './support/name-email-import';

const ROWS = 300;

const START = nameEmailImport(ROWS);

const rows = nameEmailRows(0, ROWS);

/** Waits (turns of the event loop, at most 2,000) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 2000 && !done(); turn++) await new Promise((resolve) => setImmediate(resolve));
  if (!done()) throw new Error('It never happened.');
}

describe('transactions inside a transaction', () => {
  it('are undone alone by default, and with inner "join" their writes are the enclosing transaction’s', () => {
    const db = openDeskDatabase(':memory:');
    db.exec('CREATE TABLE t (v TEXT)');
    const insert = (v: string) => db.prepare('INSERT INTO t (v) VALUES (?)').run(v);
    const failingInner = () =>
      runTransaction(db, () => {
        insert('inner');
        throw new Error('inner failed');
      });
    for (const inner of ['savepoint', 'join'] as const) {
      db.exec('DELETE FROM t');
      runTransaction(
        db,
        () => {
          insert('outer');
          expect(failingInner).toThrow('inner failed');
        },
        'crashSafe',
        inner,
      );
      const kept = db.prepare('SELECT v FROM t ORDER BY v').pluck().all();
      // Joined, a caller that swallowed the error would commit the inner's writes: the queue never swallows one.
      expect(kept).toEqual(inner === 'savepoint' ? ['outer'] : ['inner', 'outer']);
    }
    // A later transaction opens savepoints again: "join" lasts only as long as the transaction that asked for it.
    db.exec('DELETE FROM t');
    runTransaction(db, () => expect(failingInner).toThrow('inner failed'));
    expect(db.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(0);
  });

  it("an import's queueing chunk that fails part way queues none of its rows; going on queues each row once", async () => {
    const { outbox, db } = createHarness({ start: false });
    let calls = 0;
    const failSecond: Outbox = {
      ...outbox,
      enqueueMany: (kind, payloads) => {
        calls += 1;
        if (calls === 2) throw new Error('The disk is full.');
        return outbox.enqueueMany(kind, payloads);
      },
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A clock that stands still: a chunk ends by its row count (500), never by time, so all 300 rows are one chunk.
    const service = createImportService({ db, outbox: failSecond, clientId: () => CLIENT_ID, now: () => 0 });
    const { handlers } = service;
    const started = await handlers.startImport({ ...START });
    await handlers.stageImportRows({ importId: started.id, afterLine: 0, rows, held: [] });
    const entries = () => db.prepare('SELECT COUNT(*) FROM outbox_items').pluck().get();
    // The first chunk put its first 50 rows in the outbox, then failed on the next 50: none of it is kept.
    await until(() => errors.mock.calls.length > 0);
    expect(calls).toBe(2);
    expect(entries()).toBe(0);
    expect(db.prepare('SELECT COUNT(*) FROM import_rows WHERE outbox_id IS NOT NULL').pluck().get()).toBe(0);
    expect(outbox.summary().counts.queued).toBe(0);

    await handlers.finishImportStaging({ importId: started.id });
    await until(() => entries() === ROWS);
    const view = await handlers.getImport({ importId: started.id });
    expect(view).toMatchObject({ stagedRows: ROWS, queuedRows: ROWS, pending: ROWS, failed: 0 });
    expect(
      db.prepare('SELECT COUNT(DISTINCT outbox_id) FROM import_rows WHERE import_id = ?').pluck().get(started.id),
    ).toBe(ROWS);
    expect(outbox.summary().counts.queued).toBe(ROWS);
    errors.mockRestore();
    service.close();
    await outbox.stop();
  });
});
