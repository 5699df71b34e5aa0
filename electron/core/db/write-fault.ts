import Database from 'better-sqlite3';

const { SqliteError } = Database;

/** An error SQLite raised, with its result code (SQLITE_FULL, SQLITE_IOERR_WRITE…). */
export type SqliteFault = InstanceType<typeof SqliteError>;

/** The first words of every report of a failed database write, on the status area and at enqueue. */
export const WRITE_PROBLEM_LEAD = 'The desk cannot write to its database';

/** Why a write failed, by SQLite's primary result code, in the words staff understand. */
const REASONS: Record<string, string> = {
  SQLITE_FULL: 'the disk is full. Free some space on this computer',
  SQLITE_IOERR: 'the disk reported an error while writing. Check the disk or the drive it is on',
  SQLITE_BUSY:
    'another program is holding the database file (a backup tool, or a second Venue Desk on the same folder)',
  SQLITE_LOCKED:
    'another program is holding the database file (a backup tool, or a second Venue Desk on the same folder)',
  SQLITE_READONLY: 'the database file or its folder is read-only',
  SQLITE_PERM: 'this user is not allowed to write the database file',
  SQLITE_CANTOPEN: 'the database file cannot be opened for writing',
  SQLITE_CORRUPT: 'the database file is damaged',
  SQLITE_NOTADB: 'the database file is damaged',
  SQLITE_NOMEM: 'the computer ran out of memory',
  SQLITE_PROTOCOL:
    'another program is holding the database file (a backup tool, or a second Venue Desk on the same folder)',
};

/** Whether an error came from SQLite (a failed read or write of the desk database). */
export function isDatabaseFault(error: unknown): error is SqliteFault {
  return error instanceof SqliteError;
}

/** The sentence staff see when SQLite refused a write: "The desk cannot write to its database: <reason>." */
export function describeWriteFault(error: SqliteFault): string {
  // Extended codes (SQLITE_IOERR_WRITE, SQLITE_BUSY_SNAPSHOT…) share their primary code's reason.
  const primary = Object.keys(REASONS).find((code) => error.code === code || error.code.startsWith(`${code}_`));
  const reason = primary ? REASONS[primary] : `the database answered "${error.message}" (${error.code})`;
  return `${WRITE_PROBLEM_LEAD}: ${reason}.`;
}
