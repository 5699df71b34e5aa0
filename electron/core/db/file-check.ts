import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { DeskDatabaseError } from './errors';

const HEADER_SIZE = 100;
const MAGIC = 'SQLite format 3\u0000';

/** The facts of an SQLite header this check relies on (https://sqlite.org/fileformat.html §1.3). */
interface SqliteHeader {
  pageSize: number;
  /** Pages the header says the file holds, when that figure is trustworthy. */
  pageCount: number | null;
}

/**
 * Checks an existing database file before SQLite opens it: a file that is empty, shorter than its
 * header says, not a whole number of pages, or without the SQLite header is reported, because
 * SQLite itself would open some of these as a fresh empty database.
 */
export function checkDatabaseFile(file: string): void {
  if (!existsSync(file)) return;
  const size = statSync(file).size;
  if (size === 0) throw new DeskDatabaseError('cut-short', file, 'the file is empty');
  if (size < HEADER_SIZE)
    throw new DeskDatabaseError('cut-short', file, `only ${size} bytes, shorter than the database header`);
  const header = readHeader(file);
  if (!header) throw new DeskDatabaseError('not-a-database', file, 'the file does not start with the SQLite header');
  // With a write-ahead log present the newest pages may live in the log and the main file may
  // legitimately be shorter than the header says; quick_check after opening covers that case.
  if (hasWriteAheadLog(file)) return;
  if (size % header.pageSize !== 0) {
    throw new DeskDatabaseError(
      'cut-short',
      file,
      `${size} bytes is not a whole number of ${header.pageSize}-byte pages`,
    );
  }
  if (header.pageCount !== null && size < header.pageCount * header.pageSize) {
    throw new DeskDatabaseError(
      'cut-short',
      file,
      `${size} of ${header.pageCount * header.pageSize} bytes are present`,
    );
  }
}

/** Reads and decodes the 100-byte header, or null when the magic string is missing. */
function readHeader(file: string): SqliteHeader | null {
  const bytes = Buffer.alloc(HEADER_SIZE);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, bytes, 0, HEADER_SIZE, 0);
  } finally {
    closeSync(fd);
  }
  if (bytes.toString('latin1', 0, 16) !== MAGIC) return null;
  const rawPageSize = bytes.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) return null;
  const changeCounter = bytes.readUInt32BE(24);
  const pageCount = bytes.readUInt32BE(28);
  const validFor = bytes.readUInt32BE(92);
  // The header's page count is only valid when written by a SQLite that keeps it current.
  return { pageSize, pageCount: pageCount > 0 && changeCounter === validFor ? pageCount : null };
}

/** Whether a non-empty write-ahead log sits beside the database file. */
function hasWriteAheadLog(file: string): boolean {
  const wal = `${file}-wal`;
  return existsSync(wal) && statSync(wal).size > 0;
}
