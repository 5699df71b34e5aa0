// Email campaigns and their states: draft, scheduled, sent (section 3).
import { sql, type SandboxDatabase } from './schema';

export type CampaignState = 'draft' | 'scheduled' | 'sent';

/** A stored campaign: the fields it was created with, its state and what a send request booked. */
export interface Campaign extends NewCampaign {
  id: string;
  accountId: number;
  imported: boolean;
  state: CampaignState;
  sendAt: number | null;
  selection: string | null;
  recipients: number | null;
  creditsReserved: number;
}

interface CampaignRow {
  id: string;
  account_id: number;
  name: string;
  type: string;
  subject: string;
  from_name: string;
  from_email: string;
  html: string;
  url: string | null;
  imported: number;
  import_images: number;
  state: CampaignState;
  send_at: number | null;
  selection: string | null;
  recipients: number | null;
  credits_reserved: number;
}

/** Row → campaign. */
function toCampaign(row: CampaignRow): Campaign {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    type: row.type,
    subject: row.subject,
    fromName: row.from_name,
    fromEmail: row.from_email,
    html: row.html,
    url: row.url,
    imported: row.imported === 1,
    importImages: row.import_images === 1,
    state: row.state,
    sendAt: row.send_at,
    selection: row.selection,
    recipients: row.recipients,
    creditsReserved: row.credits_reserved,
  };
}

/** The fields of a new draft. */
export interface NewCampaign {
  name: string;
  type: string;
  subject: string;
  fromName: string;
  fromEmail: string;
  html: string;
  url: string | null;
  importImages: boolean;
}

/** Stores a new draft; returns its campaign_id. */
export function insertCampaign(db: SandboxDatabase, accountId: number, campaign: NewCampaign, nowMs: number): string {
  const next = (sql(db, 'SELECT COALESCE(MAX(pk), 0) + 1 AS pk FROM campaigns').get() as { pk: number }).pk;
  const id = `cmp${1000 + next}`;
  sql(
    db,
    `INSERT INTO campaigns (pk, id, account_id, name, type, subject, from_name, from_email, html, url, imported, import_images, state, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'draft', ?)`,
  ).run(
    next,
    id,
    accountId,
    campaign.name,
    campaign.type,
    campaign.subject,
    campaign.fromName,
    campaign.fromEmail,
    campaign.html,
    campaign.url,
    campaign.url ? 1 : 0,
    campaign.importImages ? 1 : 0,
    nowMs,
  );
  return id;
}

/** One of the account's campaigns, or undefined. */
export function findCampaign(db: SandboxDatabase, accountId: number, id: string): Campaign | undefined {
  const row = sql(db, 'SELECT * FROM campaigns WHERE id = ? AND account_id = ?').get(id, accountId) as
    CampaignRow | undefined;
  return row && toCampaign(row);
}

/** Scheduled campaigns whose send time has come. */
export function dueCampaigns(db: SandboxDatabase, nowMs: number): Campaign[] {
  return (
    sql(db, "SELECT * FROM campaigns WHERE state = 'scheduled' AND send_at <= ? ORDER BY send_at").all(
      nowMs,
    ) as CampaignRow[]
  ).map(toCampaign);
}

/** When the next scheduled campaign is due, if any. */
export function nextCampaignAt(db: SandboxDatabase): number | undefined {
  const row = sql(db, "SELECT MIN(send_at) AS at FROM campaigns WHERE state = 'scheduled'").get() as {
    at: number | null;
  };
  return row.at ?? undefined;
}

/** Moves a campaign to scheduled with its filter and reserved credits. */
export function markScheduled(
  db: SandboxDatabase,
  id: string,
  sendAt: number,
  selection: string,
  recipients: number,
  credits: number,
): void {
  sql(
    db,
    "UPDATE campaigns SET state = 'scheduled', send_at = ?, selection = ?, recipients = ?, credits_reserved = ? WHERE id = ?",
  ).run(sendAt, selection, recipients, credits, id);
}

/** Moves a campaign to sent. */
export function markSent(db: SandboxDatabase, id: string, recipients: number, nowMs: number): void {
  sql(db, "UPDATE campaigns SET state = 'sent', recipients = ?, sent_at = ?, credits_reserved = 0 WHERE id = ?").run(
    recipients,
    nowMs,
    id,
  );
}

/** Moves a scheduled campaign back to draft (campaign_cancel). */
export function markDraft(db: SandboxDatabase, id: string): void {
  sql(
    db,
    "UPDATE campaigns SET state = 'draft', send_at = NULL, selection = NULL, recipients = NULL, credits_reserved = 0 WHERE id = ?",
  ).run(id);
}

/** Whether a campaign of that id was sent (any account): its tracked links must not be reused (625). */
export function isSentCampaign(db: SandboxDatabase, id: string): boolean {
  return sql(db, "SELECT 1 FROM campaigns WHERE id = ? AND state = 'sent'").get(id) !== undefined;
}

/** Stores the original address behind a tracked link. */
export function saveCampaignLink(db: SandboxDatabase, campaignId: string, index: number, url: string): void {
  sql(db, 'INSERT OR REPLACE INTO campaign_links (campaign_id, idx, url) VALUES (?, ?, ?)').run(campaignId, index, url);
}

/** The original address behind a tracked link. */
export function findCampaignLink(db: SandboxDatabase, campaignId: string, index: number): string | undefined {
  const row = sql(db, 'SELECT url FROM campaign_links WHERE campaign_id = ? AND idx = ?').get(campaignId, index) as
    { url: string } | undefined;
  return row?.url;
}
