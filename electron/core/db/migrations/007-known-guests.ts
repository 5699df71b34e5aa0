import type { Migration } from '../migrate';

/**
 * What the import's duplicate check reads of the outbox's guests (electron/core/import/known-guests.ts),
 * kept cheap however many guests the desk has pushed: the id the service gave a new guest, once learned
 * from pull_db, is kept on its entry (`learned_contact_id`), so it is looked up once, not at every file's
 * open; and two partial indexes serve the read of guest pushes not yet sent (all of them) and of those
 * sent since a time (the guest cache holds the ones before). After 246,000 guests pushed, that read
 * had become a scan of every push parsed as JSON (3.4 s) and the file's open never ended.
 */
export const knownGuestsMigration: Migration = {
  version: 7,
  name: 'known guests',
  up(db) {
    db.exec(`
      ALTER TABLE outbox_items ADD COLUMN learned_contact_id TEXT;
      CREATE INDEX outbox_items_guest_pushes_unsent ON outbox_items (account, seq)
        WHERE kind = 'push_contact' AND state NOT IN ('sent', 'discarded');
      CREATE INDEX outbox_items_guest_pushes_sent ON outbox_items (account, sent_at)
        WHERE kind = 'push_contact' AND state = 'sent';
    `);
  },
};
