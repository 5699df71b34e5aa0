import Database from 'better-sqlite3';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { DeskDatabaseError } from './errors';
import { checkDatabaseFile } from './file-check';
import { migrate, type Migration } from './migrate';
import { deskMigrations } from './migrations';

const SIDE_FILES = ['-wal', '-shm', '-journal'];

/**
 * Opens the desk's database file for the one connection that writes it: checks the file, then
 * WAL with synchronous=FULL (a commit is on disk before it returns, which makes enqueue durable),
 * quick_check, and the migrations. A damaged file is reported with a DeskDatabaseError and left as
 * it is; a missing file is created whole (built aside, then renamed), so an empty or short file
 * found later is always damage, never a fresh start.
 */
export function openDeskDatabase(file: string, migrations: readonly Migration[] = deskMigrations): SqliteDatabase {
  if (file !== ':memory:' && !existsSync(file)) createDatabaseFile(file, migrations);
  if (file !== ':memory:') checkDatabaseFile(file);
  let db: SqliteDatabase | undefined;
  try {
    db = new Database(file);
    configure(db);
    assertQuickCheck(db, file);
    migrate(db, migrations, file);
    return db;
  } catch (error) {
    db?.close();
    throw asDatabaseError(error, file);
  }
}

/** Moves a damaged database (and its log files) aside so staff can start again by choice; returns the new name. */
export function moveAsideDamagedDatabase(file: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  const aside = `${file}.damaged-${stamp}`;
  renameSync(file, aside);
  for (const suffix of SIDE_FILES) {
    if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  }
  return aside;
}

/** Pragmas of every desk connection. */
function configure(db: SqliteDatabase): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  // Another window of the app, or a backup tool, may hold a lock for a moment.
  db.pragma('busy_timeout = 5000');
  // What is deleted or blanked (a discarded entry's message) is overwritten on disk, not left in free pages.
  db.pragma('secure_delete = ON');
  // Statement journals (a statement whose triggers write, such as the outbox's counts) in memory: on
  // disk, each outbox insert and state change opened and wrote a temporary file (about 18 µs of
  // system time each, 1.8 s per 100,000 entries queued).
  db.pragma('temp_store = MEMORY');
}

/** Builds a new database beside its final name and renames it into place once migrated. */
function createDatabaseFile(file: string, migrations: readonly Migration[]): void {
  const building = `${file}.creating`;
  for (const leftover of [building, ...SIDE_FILES.map((suffix) => building + suffix)])
    rmSync(leftover, { force: true });
  const db = new Database(building);
  try {
    configure(db);
    migrate(db, migrations, file);
  } finally {
    db.close();
  }
  renameSync(building, file);
  syncDirectory(dirname(file));
}

/** Makes a rename durable; directories cannot be opened for sync on Windows, where NTFS journals it. */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Not supported on this platform.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Runs PRAGMA quick_check and reports anything but "ok". */
function assertQuickCheck(db: SqliteDatabase, file: string): void {
  const rows = db.pragma('quick_check(20)', { simple: false }) as Array<{ quick_check: string }>;
  const problems = rows.map((row) => row.quick_check).filter((line) => line !== 'ok');
  if (problems.length > 0) throw new DeskDatabaseError('corrupted', file, problems.join('; '));
}

/** SQLite's own verdicts on a bad file, as the typed error the app reports. */
function asDatabaseError(error: unknown, file: string): unknown {
  if (error instanceof DeskDatabaseError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return error;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'SQLITE_NOTADB') return new DeskDatabaseError('not-a-database', file, message);
  if (code.startsWith('SQLITE_CORRUPT')) return new DeskDatabaseError('corrupted', file, message);
  return error;
}
