import { describe, expect, it } from 'vitest';
import { openDeskDatabase } from '../../../electron/core/db/open-database';
import { createOutboxStore } from '../../../electron/core/outbox/store';

/** The counts as a full count of the entries gives them (what the table must always agree with). */
function countedOverEntries(db: ReturnType<typeof openDeskDatabase>) {
  return db
    .prepare(
      `SELECT state, kind, account, needs_local_id IS NOT NULL AS blocked, COUNT(*) AS count FROM outbox_items
       WHERE state IN ('queued', 'waiting', 'sending', 'needs_attention') GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    )
    .all();
}

describe("the outbox's counts, kept by triggers", () => {
  it('agree with a count of the entries after inserts, state changes, claims, a blocked entry resolved, discards and deletes', () => {
    const db = openDeskDatabase(':memory:');
    const store = createOutboxStore(db);
    const insert = db.prepare(
      `INSERT INTO outbox_items (id, kind, state, account, guest_key, payload, needs_local_id, created_at, updated_at) VALUES (?, ?, 'queued', ?, 'g', '{}', ?, 1, 1)`,
    );
    for (let i = 0; i < 40; i++)
      insert.run(
        `ob_${i}`,
        i % 4 === 0 ? 'sms' : 'push_contact',
        i % 5 === 0 ? 'c2' : 'c1',
        i % 7 === 0 ? 'local-12345678' : null,
      );
    const sorted = () =>
      store
        .counts()
        .pending.map((row) => ({ ...row }))
        .sort((a, b) =>
          `${a.state}${a.kind}${a.account}${a.blocked}`.localeCompare(`${b.state}${b.kind}${b.account}${b.blocked}`),
        );
    const check = () => {
      expect(sorted()).toEqual(countedOverEntries(db));
      expect(store.counts().sent).toBe(
        (db.prepare(`SELECT COUNT(*) AS n FROM outbox_items WHERE state = 'sent'`).get() as { n: number }).n,
      );
    };
    check();
    store.claim(['ob_1', 'ob_2', 'ob_3', 'ob_35'], 2);
    check();
    db.prepare(`UPDATE outbox_items SET state = 'sent' WHERE id IN ('ob_1', 'ob_2')`).run();
    db.prepare(`UPDATE outbox_items SET state = 'needs_attention' WHERE id = 'ob_3'`).run();
    db.prepare(`UPDATE outbox_items SET needs_local_id = NULL WHERE needs_local_id IS NOT NULL AND id != 'ob_0'`).run();
    db.prepare(`UPDATE outbox_items SET state = 'discarded' WHERE id = 'ob_4'`).run();
    // A save that writes the same state again changes nothing.
    db.prepare(`UPDATE outbox_items SET state = state, attempts = attempts + 1`).run();
    check();
    store.pruneFinished(10);
    store.forgetFinished();
    check();
    expect(store.counts().sent).toBe(0);
  });
});
