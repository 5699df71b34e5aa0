import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../../electron/core/db/migrate';
import { deskMigrations } from '../../../electron/core/db/migrations';
import { createOutboxStore } from '../../../electron/core/outbox/store';

const KEYS = ['12345', 'local-0b1e4f9a-2c3d', 'to:guest@example.com', 'to:+61400000001', '67890'];

describe('migration 9: the outbox index by guest leaves out recipient lanes', () => {
  it('migrates a version-8 file: entries and counts kept, lanes out of the index, and a listing by any guest key as before', () => {
    const db = new Database(':memory:');
    migrate(db, deskMigrations.slice(0, 8));
    const insert = db.prepare(
      `INSERT INTO outbox_items (id, kind, state, account, guest_key, payload, created_at, updated_at)
       VALUES (?, 'push_contact', ?, 'c1', ?, '{}', 1, 1)`,
    );
    for (let i = 0; i < 40; i++)
      insert.run(`ob_${i}`, i % 6 === 5 ? 'discarded' : i % 2 ? 'sent' : 'queued', KEYS[i % 5]);
    const entries = db.prepare('SELECT * FROM outbox_items ORDER BY seq').all();
    const counts = db.prepare('SELECT * FROM outbox_counts ORDER BY state, kind, account, blocked').all();
    const store = createOutboxStore(db);
    const listed = () => KEYS.map((guestKey) => store.list({ guestKey }).map((row) => row.id));
    const before = listed();

    migrate(db, deskMigrations.slice(0, 9));

    expect(schemaVersion(db)).toBe(9);
    expect(db.prepare('SELECT * FROM outbox_items ORDER BY seq').all()).toEqual(entries);
    expect(db.prepare('SELECT * FROM outbox_counts ORDER BY state, kind, account, blocked').all()).toEqual(counts);
    // The index holds the entries of guest ids only (8 of each of the 3 id keys), none of a lane.
    const indexed = db
      .prepare(
        `SELECT COUNT(*) FROM outbox_items INDEXED BY outbox_items_by_guest WHERE substr(guest_key, 1, 3) <> 'to:'`,
      )
      .pluck()
      .get();
    expect(indexed).toBe(24);
    // Each guest's entries, newest first, read as before: by the index for a guest id, from the table for a lane.
    const after = createOutboxStore(db);
    expect(KEYS.map((guestKey) => after.list({ guestKey }).map((row) => row.id))).toEqual(before);
    expect(before.map((ids) => ids.length)).toEqual([6, 7, 7, 7, 7]);
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT * FROM outbox_items WHERE state != 'discarded' AND guest_key = ?
         AND substr(guest_key, 1, 3) <> 'to:' ORDER BY seq DESC LIMIT 500`,
      )
      .all('12345')
      .map((row) => (row as { detail: string }).detail)
      .join(' ');
    expect(plan).toContain('outbox_items_by_guest');
  });
});
