import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { describeWriteFault, isDatabaseFault } from '../../../electron/core/db/write-fault';

const fault = (code: string) => new Database.SqliteError('low-level words', code);

describe('a failed database write, in staff words', () => {
  it('names the reason for each kind of fault, extended codes included', () => {
    expect(describeWriteFault(fault('SQLITE_FULL'))).toBe(
      'The desk cannot write to its database: the disk is full. Free some space on this computer.',
    );
    expect(describeWriteFault(fault('SQLITE_IOERR_WRITE'))).toBe(
      'The desk cannot write to its database: the disk reported an error while writing. Check the disk or the drive it is on.',
    );
    expect(describeWriteFault(fault('SQLITE_IOERR'))).toMatch(/the disk reported an error while writing/);
    expect(describeWriteFault(fault('SQLITE_BUSY_SNAPSHOT'))).toMatch(/another program is holding the database file/);
    expect(describeWriteFault(fault('SQLITE_READONLY_DBMOVED'))).toMatch(/read-only/);
    expect(describeWriteFault(fault('SQLITE_NOMEM'))).toMatch(/out of memory/);
  });

  it('keeps SQLite’s own words for a code it has no reason for, and tells SQLite errors from others', () => {
    expect(describeWriteFault(fault('SQLITE_MISMATCH'))).toBe(
      'The desk cannot write to its database: the database answered "low-level words" (SQLITE_MISMATCH).',
    );
    expect(isDatabaseFault(fault('SQLITE_FULL'))).toBe(true);
    expect(isDatabaseFault(new Error('SQLITE_FULL'))).toBe(false);
  });
});
