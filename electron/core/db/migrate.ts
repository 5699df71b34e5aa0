import type { Database } from 'better-sqlite3';
import { DeskDatabaseError } from './errors';

/** One numbered step of the desk database's schema; versions run 1, 2, 3… with no gaps. */
export interface Migration {
  version: number;
  /** A few words for logs ("outbox"). */
  name: string;
  up(db: Database): void;
}

/** What a migration run did. */
export interface MigrationReport {
  from: number;
  to: number;
}

/** The schema version stored in the file (PRAGMA user_version). */
export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Brings the database up to the last migration. Each step and its version number commit together,
 * so a crash mid-run leaves the file at a whole version. A file from a newer app is refused.
 */
export function migrate(db: Database, migrations: readonly Migration[], file = db.name): MigrationReport {
  assertSequence(migrations);
  const from = schemaVersion(db);
  const latest = migrations.length;
  if (from > latest) {
    throw new DeskDatabaseError('too-new', file, `schema version ${from}, this app knows up to ${latest}`);
  }
  for (const migration of migrations.slice(from)) {
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
  return { from, to: latest };
}

/** Refuses a migration list that is out of order or has gaps: the numbering is the file's history. */
function assertSequence(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migration "${migration.name}" is numbered ${migration.version}; expected ${index + 1}.`);
    }
  });
}
