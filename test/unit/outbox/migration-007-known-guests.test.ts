import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../../electron/core/db/migrate';
import { deskMigrations } from '../../../electron/core/db/migrations';

describe('migration 7: known guests', () => {
  it("migrates a version-6 file with sent guest pushes, keeping them and their counts, with a place for each one's learned id", () => {
    const db = new Database(':memory:');
    migrate(db, deskMigrations.slice(0, 6));
    const insert = db.prepare(
      `INSERT INTO outbox_items (id, kind, state, account, guest_key, payload, created_at, updated_at, sent_at)
       VALUES (?, 'push_contact', ?, 'c1', ?, '{"PatronEmail":"ann@example.com"}', 1, 1, ?)`,
    );
    insert.run('a', 'sent', 'g1', 5);
    insert.run('b', 'queued', 'g2', null);
    expect(schemaVersion(db)).toBe(6);

    migrate(db, deskMigrations.slice(0, 7));

    expect(schemaVersion(db)).toBe(7);
    expect(db.prepare('SELECT id, state, sent_at, learned_contact_id FROM outbox_items ORDER BY seq').all()).toEqual([
      { id: 'a', state: 'sent', sent_at: 5, learned_contact_id: null },
      { id: 'b', state: 'queued', sent_at: null, learned_contact_id: null },
    ]);
    const indexes = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'outbox_items_guest_pushes_%' ORDER BY name",
      )
      .pluck()
      .all();
    expect(indexes).toEqual(['outbox_items_guest_pushes_sent', 'outbox_items_guest_pushes_unsent']);
    // Migration 006's counts are still kept by its triggers (the table was altered, not rebuilt).
    db.prepare("UPDATE outbox_items SET state = 'sent', sent_at = 9 WHERE id = 'b'").run();
    expect(
      db.prepare("SELECT count FROM outbox_counts WHERE state = 'sent' AND kind = 'push_contact'").pluck().get(),
    ).toBe(2);
  });
});
