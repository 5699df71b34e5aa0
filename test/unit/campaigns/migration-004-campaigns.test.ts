import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../../electron/core/db/migrate';
import { deskMigrations } from '../../../electron/core/db/migrations';

const INSERT = `INSERT INTO outbox_items (id, kind, state, account, guest_key, payload, reference_id, attempts, created_at, updated_at) VALUES (?, ?, ?, 'c1', 'g', ?, ?, ?, 1, 2)`;

describe('migration 4: campaigns', () => {
  it('migrates a version-3 file with outbox entries, keeping them and their order, and takes campaign sends and campaigns', () => {
    const db = new Database(':memory:');
    migrate(db, deskMigrations.slice(0, 3));
    db.prepare(INSERT).run('a', 'sms', 'queued', '{"message":"kept"}', 'REF1', 2);
    db.prepare(INSERT).run('b', 'push_contact', 'needs_attention', '{"PatronEmail":"x@y.z"}', null, 1);
    db.prepare("DELETE FROM outbox_items WHERE id = 'b'").run();
    db.prepare(INSERT).run('c', 'email', 'sent', '{}', 'REF2', 1);
    expect(() => db.prepare(INSERT).run('d', 'campaign_send', 'queued', '{}', null, 0)).toThrow(/CHECK constraint/);
    const before = db.prepare('SELECT * FROM outbox_items ORDER BY seq').all();

    migrate(db, deskMigrations.slice(0, 4));

    expect(schemaVersion(db)).toBe(4);
    expect(db.prepare('SELECT * FROM outbox_items ORDER BY seq').all()).toEqual(before);
    db.prepare(INSERT).run('d', 'campaign_send', 'queued', '{}', null, 0);
    // AUTOINCREMENT carried over: the deleted entry's number (2) is not given again.
    expect(db.prepare("SELECT seq FROM outbox_items WHERE id = 'd'").get()).toEqual({ seq: 4 });
    expect(
      db
        .prepare('SELECT name FROM sqlite_master WHERE type = ? AND tbl_name = ? ORDER BY name')
        .all('index', 'outbox_items')
        .map((row) => (row as { name: string }).name),
    ).toEqual(
      expect.arrayContaining([
        'outbox_items_in_line',
        'outbox_items_backing_off',
        'outbox_items_pending',
        'outbox_items_sent',
        'outbox_items_by_guest',
        'outbox_items_by_needed_local_id',
      ]),
    );
    db.prepare(
      `INSERT INTO campaigns (id, account, state, content, created_at, updated_at) VALUES ('cmp-1', 'c1', 'draft', '{}', 1, 1)`,
    ).run();
    expect(() =>
      db
        .prepare(
          `INSERT INTO campaigns (id, account, state, content, created_at, updated_at) VALUES ('cmp-2', 'c1', 'lost', '{}', 1, 1)`,
        )
        .run(),
    ).toThrow(/CHECK constraint/);
  });
});
