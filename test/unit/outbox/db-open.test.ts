import Database from 'better-sqlite3';
import { existsSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeskDatabaseError } from '../../../electron/core/db/errors';
import { moveAsideDamagedDatabase, openDeskDatabase } from '../../../electron/core/db/open-database';
import { deskMigrations } from '../../../electron/core/db/migrations';
import { useTempDir } from './support/temp-dir';

const tempDir = useTempDir();

/** A closed desk database file with some outbox rows, checkpointed so all pages live in the main file. */
function databaseWithRows(file: string, rows = 200): void {
  const db = openDeskDatabase(file);
  const insert = db.prepare(
    `INSERT INTO outbox_items (id, kind, state, account, guest_key, payload, created_at, updated_at) VALUES (?, 'sms', 'queued', 'c', ?, ?, 0, 0)`,
  );
  db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run(`id-${i}`, `g-${i}`, JSON.stringify({ message: 'x'.repeat(300) }));
  })();
  db.close();
}

/** The problem a failing open reports. */
function problemOf(file: string): string | undefined {
  try {
    openDeskDatabase(file).close();
    return undefined;
  } catch (error) {
    if (error instanceof DeskDatabaseError) return error.problem;
    throw error;
  }
}

describe('opening the desk database', () => {
  it('creates a new file in WAL mode with synchronous=FULL, migrated to the latest version', () => {
    const file = join(tempDir(), 'desk.db');
    const db = openDeskDatabase(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('secure_delete', { simple: true })).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBe(deskMigrations.length);
    db.close();
    expect(existsSync(`${file}.creating`)).toBe(false);
  });

  it('opens an existing file and keeps its rows', () => {
    const file = join(tempDir(), 'desk.db');
    databaseWithRows(file, 3);
    const db = openDeskDatabase(file);
    expect(db.prepare('SELECT COUNT(*) AS n FROM outbox_items').get()).toEqual({ n: 3 });
    db.close();
  });

  it('reports an empty file as cut short and leaves it in place', () => {
    const file = join(tempDir(), 'desk.db');
    writeFileSync(file, '');
    expect(problemOf(file)).toBe('cut-short');
    expect(statSync(file).size).toBe(0);
  });

  it('reports a file cut short mid-page and one cut at a page boundary', () => {
    const dir = tempDir();
    const midPage = join(dir, 'mid.db');
    databaseWithRows(midPage);
    truncateSync(midPage, statSync(midPage).size - 1000);
    expect(problemOf(midPage)).toBe('cut-short');

    const atPage = join(dir, 'page.db');
    databaseWithRows(atPage);
    truncateSync(atPage, statSync(atPage).size - 4096 * 3);
    expect(problemOf(atPage)).toBe('cut-short');
  });

  it('reports a file without the SQLite header', () => {
    const file = join(tempDir(), 'desk.db');
    writeFileSync(file, Buffer.alloc(8192, 7));
    expect(problemOf(file)).toBe('not-a-database');
  });

  it('reports damaged pages found by quick_check', () => {
    const file = join(tempDir(), 'desk.db');
    databaseWithRows(file);
    const bytes = readFileSync(file);
    // Scribble over the middle pages (b-tree pages of the table), keeping the header and size intact.
    bytes.fill(0xa5, 4096 * 3, bytes.length - 4096 * 2);
    writeFileSync(file, bytes);
    expect(problemOf(file)).toBe('corrupted');
  });

  it('refuses a file written by a newer app without changing it', () => {
    const file = join(tempDir(), 'desk.db');
    openDeskDatabase(file).close();
    const raw = new Database(file);
    raw.pragma('user_version = 99');
    raw.close();
    const error = (() => {
      try {
        openDeskDatabase(file);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(DeskDatabaseError);
    expect((error as DeskDatabaseError).problem).toBe('too-new');
    expect(new Database(file).pragma('user_version', { simple: true })).toBe(99);
  });

  it('moves a damaged file aside only when asked, after which a new one can be made', () => {
    const file = join(tempDir(), 'desk.db');
    writeFileSync(file, '');
    expect(problemOf(file)).toBe('cut-short');
    const aside = moveAsideDamagedDatabase(file, new Date('2025-06-01T10:20:30Z'));
    expect(aside).toBe(`${file}.damaged-20250601T102030`);
    expect(existsSync(aside)).toBe(true);
    openDeskDatabase(file).close();
    expect(statSync(file).size).toBeGreaterThan(0);
  });
});
