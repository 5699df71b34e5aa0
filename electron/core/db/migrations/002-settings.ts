import type { Migration } from '../migrate';

/** Non-secret settings (the connected account, preferences): JSON values by key. */
export const settingsMigration: Migration = {
  version: 2,
  name: 'settings',
  up(db) {
    db.exec('CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT');
  },
};
