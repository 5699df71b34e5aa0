import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../../electron/core/db/migrate';
import { deskMigrations } from '../../../electron/core/db/migrations';
import { createImportStore } from '../../../electron/core/import/import-store';
import { nameEmailImport } from './support/name-email-import';

const IMPORT_ID = 'imp_0123456789abcdef';
const OTHER_ID = 'imp_fedcba9876543210';
/** An import's counts as frozen when its data was dropped. */
const FROZEN = {
  totalRows: 3,
  readyRows: 3,
  stagedRows: 3,
  queuedRows: 0,
  newGuests: 0,
  updated: 0,
  pending: 0,
  failed: 0,
  leftRows: 0,
  heldRows: 0,
};

describe('migration 10: rows of a cancelled import are not refusals', () => {
  it('migrates a version-9 file: rows cancelled before they were queued are rows never queued; refusals and queued rows are kept', () => {
    const db = new Database(':memory:');
    migrate(db, deskMigrations.slice(0, 9));
    const store = createImportStore(db);
    store.insertImport({
      ...nameEmailImport(3),
      id: IMPORT_ID,
      account: 'c1',
      createdAt: 1,
      stagedAt: 1,
      queuedAt: null,
      cancelledAt: 2,
      finishedAt: 2,
      dataDroppedAt: null,
      finalCounts: null,
    });
    store.markCancelled(IMPORT_ID, 2);
    const insert = db.prepare(
      `INSERT INTO import_rows (import_id, line, action, outbox_id, refused, original, contact) VALUES (?, ?, 'new', ?, ?, '[]', NULL)`,
    );
    // As the desk wrote them before: cancelled before it was queued, refused at queueing, queued (its entry since forgotten).
    insert.run(IMPORT_ID, 2, null, 'Cancelled before it was queued.');
    insert.run(IMPORT_ID, 3, null, '"x@" is not a valid email address.');
    insert.run(IMPORT_ID, 4, 'ob_1', null);
    const stateOf = () => Object.fromEntries(store.rowStates(IMPORT_ID).map(({ state, count }) => [state, count]));
    expect(stateOf()).toEqual({ refused: 2, gone: 1 });

    migrate(db, deskMigrations);

    expect(schemaVersion(db)).toBe(10);
    expect(stateOf()).toEqual({ staged: 1, refused: 1, gone: 1 });
    expect(store.failedRows(IMPORT_ID).map((row) => [row.line, row.reason])).toEqual([
      [3, '"x@" is not a valid email address.'],
    ]);
  });

  it("takes the cancelled rows out of the failed count frozen when a cancelled import's data was dropped", () => {
    const db = new Database(':memory:');
    migrate(db, deskMigrations.slice(0, 9));
    const store = createImportStore(db);
    const frozen = { ...FROZEN, failed: 3 };
    const record = { ...nameEmailImport(3), account: 'c1', createdAt: 1, stagedAt: 1, queuedAt: null, finishedAt: 2 };
    store.insertImport({ ...record, id: IMPORT_ID, cancelledAt: 2, dataDroppedAt: null, finalCounts: null });
    store.markCancelled(IMPORT_ID, 2);
    store.markDropped(IMPORT_ID, 3, frozen);
    store.insertImport({ ...record, id: OTHER_ID, cancelledAt: null, dataDroppedAt: null, finalCounts: null });
    store.markDropped(OTHER_ID, 3, frozen);
    const insert = db.prepare(
      `INSERT INTO import_rows (import_id, line, action, outbox_id, refused, original, contact) VALUES (?, ?, 'new', NULL, ?, '[]', NULL)`,
    );
    for (const id of [IMPORT_ID, OTHER_ID]) {
      insert.run(id, 2, 'Cancelled before it was queued.');
      insert.run(id, 3, 'Cancelled before it was queued.');
      insert.run(id, 4, 'Refused by the service.');
    }

    migrate(db, deskMigrations);

    expect(store.getOfAnyAccount(IMPORT_ID)?.finalCounts).toEqual({ ...FROZEN, failed: 1 });
    // Only a cancelled import's rows were cancelled: another's frozen counts are its own.
    expect(store.getOfAnyAccount(OTHER_ID)?.finalCounts).toEqual(frozen);
  });
});
