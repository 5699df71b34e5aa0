import type { Migration } from '../migrate';

/**
 * Rows of a cancelled import that had not reached the outbox were kept as refused, with the reason
 * "Cancelled before it was queued.", so the import counted them as failed and offered them in its
 * failed-rows file. They were never sent nor refused: they are kept now as rows that reached the desk and
 * were never queued (import-rows.ts, dropStaged). The reason is written here as the desk wrote it.
 */
export const importCancelledRowsMigration: Migration = {
  version: 10,
  name: 'rows of a cancelled import are not refusals',
  up(db) {
    db.exec(`
      UPDATE import_rows SET refused = NULL
      WHERE outbox_id IS NULL AND refused = 'Cancelled before it was queued.';
    `);
  },
};
