import type { Migration } from '../migrate';

/**
 * Email campaigns: the API cannot list them, so the desk keeps each one (content, service id, state,
 * audience, schedule, figures); and the outbox carries campaign sends made offline (kind campaign_send).
 */
export const campaignsMigration: Migration = {
  version: 4,
  name: 'campaigns',
  up(db) {
    db.exec(`
      CREATE TABLE campaigns (
        id TEXT PRIMARY KEY,
        -- The client id of the account it belongs to: each account sees its own.
        account TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('draft', 'queued', 'scheduled', 'sent', 'refused')),
        -- JSON of what staff edit: name, subject, sender, body (html or url), audience.
        content TEXT NOT NULL,
        -- The service's campaign_id of the draft made from content, and a digest of the content it was made from.
        campaign_id TEXT,
        campaign_content TEXT,
        -- The service's datetime in the account's zone, when scheduled (or asked to be).
        send_at TEXT,
        estimate INTEGER,
        recipients INTEGER,
        -- JSON {code, message, title, whatToDo} of the last refusal.
        problem TEXT,
        -- A send queued while offline: its outbox entry.
        outbox_id TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        sent_at INTEGER
      );
      CREATE INDEX campaigns_by_account ON campaigns (account, updated_at);
    `);
    // A campaign send or schedule made offline is an outbox entry of a new kind: the kind's CHECK
    // is widened by rebuilding the table (SQLite cannot alter a CHECK), keeping every row and its seq.
    db.exec(`
      CREATE TABLE outbox_items_004 (
        -- Enqueue order; AUTOINCREMENT so a number is never reused and order stays total.
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('sms', 'email', 'push_contact', 'add_purchase', 'push_reservations', 'campaign_send')),
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
      INSERT INTO outbox_items_004 SELECT * FROM outbox_items;
      DROP TABLE outbox_items;
      ALTER TABLE outbox_items_004 RENAME TO outbox_items;
      -- The line, in order: the dispatcher walks it page by page without sorting.
      CREATE INDEX outbox_items_in_line ON outbox_items (seq) WHERE state IN ('queued', 'waiting');
      CREATE INDEX outbox_items_backing_off ON outbox_items (next_attempt_at) WHERE state = 'waiting';
      -- The badge's counts without reading a month of sent history row by row.
      CREATE INDEX outbox_items_pending ON outbox_items (state, kind, account, needs_local_id)
        WHERE state IN ('queued', 'waiting', 'sending', 'needs_attention');
      CREATE INDEX outbox_items_sent ON outbox_items (state) WHERE state = 'sent';
      CREATE INDEX outbox_items_by_guest ON outbox_items (guest_key, seq);
      CREATE INDEX outbox_items_by_needed_local_id ON outbox_items (needs_local_id) WHERE needs_local_id IS NOT NULL;
    `);
  },
};
