import type { Migration } from '../migrate';

/**
 * The outbox's index by guest (a guest's entries, newest first: the listing by guest key) leaves out
 * entries of a recipient lane (a guest key of `to:` and an email or mobile: a new guest with no id yet, a
 * message to an address). Their keys are spread over the whole index, so each entry of an import of new
 * guests wrote an index page of its own: 204 pages written per commit of 250 entries against 50 without
 * it, measured. A listing by a recipient lane reads the table instead (store.ts). The prefix is written
 * here as it was when this migration shipped (RECIPIENT_LANE_PREFIX, electron/core/outbox/types.ts).
 */
export const outboxGuestIndexMigration: Migration = {
  version: 9,
  name: 'outbox guest index without recipient lanes',
  up(db) {
    db.exec(`
      DROP INDEX IF EXISTS outbox_items_by_guest;
      CREATE INDEX outbox_items_by_guest ON outbox_items (guest_key, seq) WHERE substr(guest_key, 1, 3) <> 'to:';
    `);
  },
};
