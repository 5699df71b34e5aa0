import type { Database } from 'better-sqlite3';

/** Non-secret settings of the desk, kept as JSON values by key in the desk's SQLite database. */
export interface SettingsStore {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** The settings table of the desk database (created by its migrations). */
export function createSqliteSettingsStore(db: Database): SettingsStore {
  const select = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const upsert = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare('DELETE FROM settings WHERE key = ?');
  return {
    get: <T>(key: string) => {
      const row = select.get(key);
      return row ? (JSON.parse(row.value) as T) : undefined;
    },
    set: (key, value) => void upsert.run(key, JSON.stringify(value)),
    delete: (key) => void remove.run(key),
  };
}
