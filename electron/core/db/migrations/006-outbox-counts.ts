import type { Migration } from '../migrate';

/** The states, kinds, accounts and blocked flag the outbox's counts are kept by (one row per combination). */
const KEY = 'state, kind, account, blocked';

/**
 * The outbox's counts kept as entries change, by triggers on outbox_items, instead of counted over
 * every pending entry for each change notice (28 ms at 66,000 pending entries on this machine, for
 * every delivery round: the largest cost of delivering a 100,000-row import). A migration that
 * rebuilds outbox_items (as 004 did) must create these triggers again; test/unit/outbox/outbox-counts.test.ts
 * compares the table with a count of the entries after a full migration.
 */
export const outboxCountsMigration: Migration = {
  version: 6,
  name: 'outbox counts',
  up(db) {
    db.exec(`
      CREATE TABLE outbox_counts (
        state TEXT NOT NULL,
        kind TEXT NOT NULL,
        account TEXT NOT NULL,
        -- 1 when the entries wait for a new guest's contact_id (needs_local_id set).
        blocked INTEGER NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (${KEY})
      ) WITHOUT ROWID;
      INSERT INTO outbox_counts (${KEY}, count)
        SELECT state, kind, account, needs_local_id IS NOT NULL, COUNT(*) FROM outbox_items GROUP BY 1, 2, 3, 4;

      CREATE TRIGGER outbox_counts_after_insert AFTER INSERT ON outbox_items BEGIN
        INSERT INTO outbox_counts (${KEY}, count) VALUES (NEW.state, NEW.kind, NEW.account, NEW.needs_local_id IS NOT NULL, 1)
          ON CONFLICT (${KEY}) DO UPDATE SET count = count + 1;
      END;
      CREATE TRIGGER outbox_counts_after_delete AFTER DELETE ON outbox_items BEGIN
        UPDATE outbox_counts SET count = count - 1
          WHERE state = OLD.state AND kind = OLD.kind AND account = OLD.account AND blocked = (OLD.needs_local_id IS NOT NULL);
      END;
      CREATE TRIGGER outbox_counts_after_update AFTER UPDATE OF state, kind, account, needs_local_id ON outbox_items
        WHEN OLD.state IS NOT NEW.state OR OLD.kind IS NOT NEW.kind OR OLD.account IS NOT NEW.account
          OR (OLD.needs_local_id IS NULL) IS NOT (NEW.needs_local_id IS NULL)
      BEGIN
        UPDATE outbox_counts SET count = count - 1
          WHERE state = OLD.state AND kind = OLD.kind AND account = OLD.account AND blocked = (OLD.needs_local_id IS NOT NULL);
        INSERT INTO outbox_counts (${KEY}, count) VALUES (NEW.state, NEW.kind, NEW.account, NEW.needs_local_id IS NOT NULL, 1)
          ON CONFLICT (${KEY}) DO UPDATE SET count = count + 1;
      END;
    `);
  },
};
