import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../../electron/core/db/migrate';
import { deskMigrations } from '../../../electron/core/db/migrations';
import { createOutboxStore } from '../../../electron/core/outbox/store';

/** Unsent entries as a count over every entry gives them (what the store's answer must equal). */
function countedUnsent(db: Database.Database, except: string | null): number {
  return db
    .prepare(
      `SELECT COUNT(*) FROM outbox_items WHERE state IN ('queued', 'waiting', 'sending', 'needs_attention')
       AND (@except IS NULL OR account != @except)`,
    )
    .pluck()
    .get({ except }) as number;
}

describe('migration 8: outbox lean indexes', () => {
  it('migrates a version-7 file with entries in every state, dropping the two unused indexes and keeping the entries, their counts and the unsent count', () => {
    const db = new Database(':memory:');
    migrate(db, deskMigrations.slice(0, 7));
    const insert = db.prepare(
      `INSERT INTO outbox_items (id, kind, state, account, guest_key, payload, needs_local_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, '{}', ?, 1, 1)`,
    );
    const states = ['queued', 'waiting', 'sending', 'needs_attention', 'sent', 'discarded'];
    for (let i = 0; i < 30; i++)
      insert.run(
        `ob_${i}`,
        i % 4 === 0 ? 'sms' : 'push_contact',
        states[i % states.length],
        i % 3 === 0 ? 'c2' : 'c1',
        `g${i % 7}`,
        i % 5 === 0 ? 'local-1' : null,
      );
    const entries = db.prepare('SELECT * FROM outbox_items ORDER BY seq').all();
    const counts = db.prepare('SELECT * FROM outbox_counts ORDER BY state, kind, account, blocked').all();

    migrate(db, deskMigrations.slice(0, 8));

    expect(schemaVersion(db)).toBe(8);
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox_items' ORDER BY name")
      .pluck()
      .all();
    expect(indexes).not.toContain('outbox_items_pending');
    expect(indexes).not.toContain('outbox_items_sent');
    expect(indexes).toEqual(
      expect.arrayContaining([
        'outbox_items_in_line',
        'outbox_items_backing_off',
        'outbox_items_by_guest',
        'outbox_items_by_needed_local_id',
        'outbox_items_guest_pushes_sent',
        'outbox_items_guest_pushes_unsent',
      ]),
    );
    expect(db.prepare('SELECT * FROM outbox_items ORDER BY seq').all()).toEqual(entries);
    expect(db.prepare('SELECT * FROM outbox_counts ORDER BY state, kind, account, blocked').all()).toEqual(counts);

    // The unsent count now comes from the kept counts: it equals a count of the entries, as they change.
    const store = createOutboxStore(db);
    const check = () => {
      for (const except of [null, 'c1', 'c2', 'c3']) expect(store.unsentCount(except)).toBe(countedUnsent(db, except));
    };
    check();
    expect(store.unsentCount(null)).toBe(20);
    store.claim(['ob_0', 'ob_1', 'ob_6'], 5);
    db.prepare(`UPDATE outbox_items SET state = 'sent' WHERE id IN ('ob_2', 'ob_3')`).run();
    db.prepare(`DELETE FROM outbox_items WHERE id = 'ob_7'`).run();
    check();
    // Discarding every unsent entry but account c2's (no index serves this read any more: it reads the table once).
    const others = countedUnsent(db, 'c2');
    expect(store.discardUnsent('c2', 9)).toHaveLength(others);
    check();
    expect(store.unsentCount('c2')).toBe(0);
    expect(store.unsentCount(null)).toBe(countedUnsent(db, null));
    expect(store.unsentCount(null)).toBeGreaterThan(0);
  });
});
