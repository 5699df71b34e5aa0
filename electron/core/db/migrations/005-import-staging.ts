import type { Migration } from '../migrate';

/**
 * Imports handed to the desk whole before they are queued, so an interrupted import goes on from
 * where it stopped: each ready row waits in import_rows with its push_contact item until the desk
 * core puts it in the outbox; rows held back (problems, conflicts) are kept for their download; the
 * rows' cells are only the mapped columns, and are dropped with the outbox's retention.
 */
export const importStagingMigration: Migration = {
  version: 5,
  name: 'import staging',
  up(db) {
    db.exec(`
      -- JSON: the push_contact item, until the row is in the outbox (then NULL: the outbox holds it).
      ALTER TABLE import_rows ADD COLUMN contact TEXT;
      -- Guests the file matched and the desk left as they are (skipped, unchanged, already waiting in the outbox).
      ALTER TABLE imports ADD COLUMN left_rows INTEGER NOT NULL DEFAULT 0;
      -- Rows held back for a problem or a conflict (kept in import_held_rows).
      ALTER TABLE imports ADD COLUMN held_rows INTEGER NOT NULL DEFAULT 0;
      -- Set once every ready row reached the desk core (then it queues them on its own).
      ALTER TABLE imports ADD COLUMN staged_at INTEGER;
      -- When nothing of it was left to go; its rows' cells are dropped this long after (the outbox's retention).
      ALTER TABLE imports ADD COLUMN finished_at INTEGER;
      ALTER TABLE imports ADD COLUMN data_dropped_at INTEGER;
      -- Counts frozen when the rows' cells and outbox entries are gone (JSON of the view's counts).
      ALTER TABLE imports ADD COLUMN final_counts TEXT;

      CREATE TABLE import_held_rows (
        import_id TEXT NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
        -- The row's number in the spreadsheet.
        line INTEGER NOT NULL,
        reason TEXT NOT NULL,
        -- JSON: the row's cells of the mapped columns; NULL once dropped.
        original TEXT,
        PRIMARY KEY (import_id, line)
      ) WITHOUT ROWID;
      CREATE INDEX import_rows_staged ON import_rows (import_id, line) WHERE outbox_id IS NULL AND refused IS NULL;

      -- Earlier imports kept every cell of every row: what staff did not map is dropped now.
      UPDATE imports SET header = '[]' WHERE header != '[]';
      UPDATE import_rows SET original = '[]';
      UPDATE imports SET staged_at = COALESCE(queued_at, created_at);
    `);
  },
};
