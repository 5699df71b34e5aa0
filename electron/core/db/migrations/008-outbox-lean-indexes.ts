import type { Migration } from '../migrate';

/**
 * Drops two indexes of outbox_items that every entry paid for and nothing needs any more. Each was
 * written on an entry's insert and again at each change of state (queued, sending, sent), so an
 * import of 100,000 guests wrote them about 500,000 times:
 * * `outbox_items_pending` (state, kind, account, needs_local_id) served the counts, kept in
 *   outbox_counts since migration 006; the unsent count reads that table too now (store.ts). What is
 *   left of its use is discarding every unsent entry (disconnecting an account), which reads the table once.
 * * `outbox_items_sent` (state) served the count of sent entries, also in outbox_counts since 006.
 */
export const outboxLeanIndexesMigration: Migration = {
  version: 8,
  name: 'outbox lean indexes',
  up(db) {
    db.exec(`
      DROP INDEX IF EXISTS outbox_items_pending;
      DROP INDEX IF EXISTS outbox_items_sent;
    `);
  },
};
