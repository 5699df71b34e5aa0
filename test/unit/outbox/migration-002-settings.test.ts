import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../../electron/core/db/migrate';
import { deskMigrations } from '../../../electron/core/db/migrations';
import { createSqliteSettingsStore } from '../../../electron/core/settings/settings-store';

describe('migration 2: settings', () => {
  it('migrates a version-1 file with queued entries, keeping them, and adds the settings table', () => {
    const db = new Database(':memory:');
    migrate(db, deskMigrations.slice(0, 1));
    db.prepare(
      `INSERT INTO outbox_items (id, kind, state, account, guest_key, payload, created_at, updated_at) VALUES ('a', 'sms', 'queued', 'c1', 'g', '{"message":"kept"}', 1, 1)`,
    ).run();
    expect(schemaVersion(db)).toBe(1);

    migrate(db, deskMigrations.slice(0, 2));

    expect(schemaVersion(db)).toBe(2);
    expect(db.prepare('SELECT payload FROM outbox_items').all()).toEqual([{ payload: '{"message":"kept"}' }]);
    const settings = createSqliteSettingsStore(db);
    settings.set('account', { label: 'Bar' });
    settings.set('account', { label: 'Bar & Grill' });
    expect(settings.get('account')).toEqual({ label: 'Bar & Grill' });
  });
});
