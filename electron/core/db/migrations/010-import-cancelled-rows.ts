import type { Migration } from '../migrate';

/**
 * Rows of a cancelled import that had not reached the outbox were kept as refused, with the reason
 * "Cancelled before it was queued.", so the import counted them as failed and offered them in its
 * failed-rows file. They were never sent nor refused: they are kept now as rows that reached the desk and
 * were never queued (import-rows.ts, dropStaged). The counts frozen when an import's data was dropped
 * (import-retention.ts) lose them from "failed" first, while they can still be told apart. The reason is
 * written here as the desk wrote it.
 */
export const importCancelledRowsMigration: Migration = {
  version: 10,
  name: 'rows of a cancelled import are not refusals',
  up(db) {
    db.exec(`
      UPDATE imports SET final_counts = json_set(final_counts, '$.failed', json_extract(final_counts, '$.failed') - (
        SELECT COUNT(*) FROM import_rows r
        WHERE r.import_id = imports.id AND r.outbox_id IS NULL AND r.refused = 'Cancelled before it was queued.'))
      WHERE final_counts IS NOT NULL AND cancelled_at IS NOT NULL;
      UPDATE import_rows SET refused = NULL
      WHERE outbox_id IS NULL AND refused = 'Cancelled before it was queued.';
    `);
  },
};
