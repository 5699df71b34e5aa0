import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion, type Migration } from '../../../electron/core/db/migrate';
import { deskMigrations } from '../../../electron/core/db/migrations';

const createA: Migration = { version: 1, name: 'a', up: (db) => db.exec('CREATE TABLE a (x INTEGER)') };
const createB: Migration = { version: 2, name: 'b', up: (db) => db.exec('CREATE TABLE b (y INTEGER)') };

describe('the migration runner', () => {
  it('runs the migrations a file lacks, in order, and records the version', () => {
    const db = new Database(':memory:');
    expect(migrate(db, [createA])).toEqual({ from: 0, to: 1 });
    db.prepare('INSERT INTO a VALUES (1)').run();
    expect(migrate(db, [createA, createB])).toEqual({ from: 1, to: 2 });
    expect(schemaVersion(db)).toBe(2);
    expect(db.prepare('SELECT x FROM a').all()).toEqual([{ x: 1 }]);
    expect(migrate(db, [createA, createB])).toEqual({ from: 2, to: 2 });
  });

  it('leaves the file at the last whole version when a migration fails', () => {
    const db = new Database(':memory:');
    const broken: Migration = {
      version: 2,
      name: 'broken',
      up: (inner) => {
        inner.exec('CREATE TABLE half (z INTEGER)');
        throw new Error('boom');
      },
    };
    expect(() => migrate(db, [createA, broken])).toThrow('boom');
    expect(schemaVersion(db)).toBe(1);
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE name = 'half'`).get()).toBeUndefined();
  });

  it('refuses a sequence with a gap or out of order', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, [createB])).toThrow(/numbered 2; expected 1/);
    expect(() => migrate(db, [createA, { ...createB, version: 3 }])).toThrow(/expected 2/);
    expect(schemaVersion(db)).toBe(0);
  });

  it('the desk sequence is numbered 1..n', () => {
    expect(deskMigrations.map((migration) => migration.version)).toEqual(deskMigrations.map((_, index) => index + 1));
  });
});
