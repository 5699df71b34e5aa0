import type { Migration } from '../migrate';

/** Imports of contact spreadsheets: the file's facts, and each queued row with its outbox entry (so failures map back to file rows). */
export const importsMigration: Migration = {
  version: 3,
  name: 'imports',
  up(db) {
    db.exec(`
      CREATE TABLE imports (
        id TEXT PRIMARY KEY,
        -- The client id of the account it was queued under.
        account TEXT NOT NULL,
        file_name TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        -- Set when every ready row was queued; NULL while queueing (or when the desk stopped mid-way).
        queued_at INTEGER,
        cancelled_at INTEGER,
        -- How the file was read, so the failed-rows file is written the same way.
        delimiter TEXT NOT NULL,
        encoding TEXT NOT NULL,
        bom INTEGER NOT NULL DEFAULT 0,
        -- JSON: the header line's cells as in the file.
        header TEXT NOT NULL,
        -- JSON: column name → what it became (a field, the name split, categories, ignored).
        mapping TEXT NOT NULL,
        -- JSON: categories added to every guest.
        categories TEXT NOT NULL,
        -- 'update' or 'skip': what was done with rows matching a guest.
        match_policy TEXT NOT NULL,
        -- Rows in the file, rows to queue, and rows the desk left out (held for problems or skipped as matching a guest).
        total_rows INTEGER NOT NULL,
        ready_rows INTEGER NOT NULL,
        left_out_rows INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX imports_by_time ON imports (created_at);

      CREATE TABLE import_rows (
        import_id TEXT NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
        -- The row's number in the file, as a spreadsheet numbers it.
        line INTEGER NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('new', 'update')),
        -- The outbox entry that carries it; NULL when the desk refused it at queueing (reason in refused).
        outbox_id TEXT,
        refused TEXT,
        -- JSON: the row's cells as in the file, for the failed-rows file.
        original TEXT NOT NULL,
        PRIMARY KEY (import_id, line)
      ) WITHOUT ROWID;
      CREATE INDEX import_rows_by_outbox ON import_rows (outbox_id) WHERE outbox_id IS NOT NULL;
    `);
  },
};
