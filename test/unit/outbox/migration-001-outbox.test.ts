import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../../electron/core/db/migrate';
import { deskMigrations } from '../../../electron/core/db/migrations';

const insertItem = `INSERT INTO outbox_items (id, kind, state, account, guest_key, payload, reference_id, created_at, updated_at)
  VALUES (@id, @kind, @state, 'c1', 'g1', '{}', @ref, 1, 1)`;

describe('migration 1: outbox', () => {
  it('migrates a version-0 file with unrelated data and creates the outbox tables', () => {
    // Version 0: a file another tool created, with data that must survive.
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('kept')`);
    expect(schemaVersion(db)).toBe(0);

    migrate(db, deskMigrations.slice(0, 1));

    expect(schemaVersion(db)).toBe(1);
    expect(db.prepare('SELECT text FROM notes').all()).toEqual([{ text: 'kept' }]);
    const first = db.prepare(insertItem).run({ id: 'a', kind: 'sms', state: 'queued', ref: 'ref1' });
    const second = db.prepare(insertItem).run({ id: 'b', kind: 'email', state: 'sent', ref: 'ref2' });
    expect(Number(second.lastInsertRowid)).toBeGreaterThan(Number(first.lastInsertRowid));
    db.prepare(`INSERT INTO outbox_local_ids VALUES ('local-1', '42', 1)`).run();
    db.prepare(`INSERT INTO outbox_paused_kinds VALUES ('sms', 'no credits', 1)`).run();
  });

  it('enforces the kinds, the states and unique reference ids', () => {
    const db = new Database(':memory:');
    migrate(db, deskMigrations.slice(0, 1));
    db.prepare(insertItem).run({ id: 'a', kind: 'sms', state: 'queued', ref: 'same' });
    expect(() => db.prepare(insertItem).run({ id: 'b', kind: 'sms', state: 'queued', ref: 'same' })).toThrow(/UNIQUE/);
    expect(() => db.prepare(insertItem).run({ id: 'c', kind: 'fax', state: 'queued', ref: null })).toThrow(/CHECK/);
    expect(() => db.prepare(insertItem).run({ id: 'd', kind: 'sms', state: 'lost', ref: null })).toThrow(/CHECK/);
  });
});
