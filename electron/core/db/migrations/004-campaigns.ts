import type { Migration } from '../migrate';

/** Email campaigns: the API cannot list them, so the desk keeps each one (content, service id, state, audience, schedule, figures). */
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
  },
};
