import type { Migration } from '../migrate';

/** The outbox: queued writes, the local guest ids the service has answered for, and kinds paused for credits. */
export const outboxMigration: Migration = {
  version: 1,
  name: 'outbox',
  up(db) {
    db.exec(`
      CREATE TABLE outbox_items (
        -- Enqueue order; AUTOINCREMENT so a number is never reused and order stays total.
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('sms', 'email', 'push_contact', 'add_purchase', 'push_reservations')),
        state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'waiting', 'needs_attention', 'sent', 'discarded')),
        -- The client id of the account the entry was queued under; it is only sent through that account.
        account TEXT NOT NULL,
        -- Entries of one guest go out in seq order.
        guest_key TEXT NOT NULL,
        -- The service's request item (JSON), as validated at enqueue.
        payload TEXT NOT NULL,
        -- SMS and email: the id sent_items is searched by before any resend.
        reference_id TEXT UNIQUE,
        -- A new guest's push: the local id its dependants wait on.
        creates_local_id TEXT UNIQUE,
        -- A dependant: the local guest id to be replaced by the service's contact_id.
        needs_local_id TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER,
        waiting_reason TEXT,
        -- Set when a call's outcome is unknown: reconcile before sending again.
        outcome_unknown_at INTEGER,
        -- JSON {message, whatToDo, ...} when it needs attention.
        problem TEXT,
        -- JSON facts when it is held for a person's decision.
        hold TEXT,
        -- JSON of what the service gave back.
        result TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        sent_at INTEGER
      );
      -- The line, in order: the dispatcher walks it page by page without sorting.
      CREATE INDEX outbox_items_in_line ON outbox_items (seq) WHERE state IN ('queued', 'waiting');
      CREATE INDEX outbox_items_backing_off ON outbox_items (next_attempt_at) WHERE state = 'waiting';
      -- The badge's counts without reading a month of sent history row by row.
      CREATE INDEX outbox_items_pending ON outbox_items (state, kind, account, needs_local_id)
        WHERE state IN ('queued', 'waiting', 'sending', 'needs_attention');
      CREATE INDEX outbox_items_sent ON outbox_items (state) WHERE state = 'sent';
      CREATE INDEX outbox_items_by_guest ON outbox_items (guest_key, seq);
      CREATE INDEX outbox_items_by_needed_local_id ON outbox_items (needs_local_id) WHERE needs_local_id IS NOT NULL;

      CREATE TABLE outbox_local_ids (
        local_id TEXT PRIMARY KEY,
        contact_id TEXT NOT NULL,
        resolved_at INTEGER NOT NULL
      ) WITHOUT ROWID;

      CREATE TABLE outbox_paused_kinds (
        kind TEXT PRIMARY KEY,
        reason TEXT NOT NULL,
        since INTEGER NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
