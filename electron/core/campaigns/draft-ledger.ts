import type { Database } from 'better-sqlite3';

/**
 * Where the campaign sender keeps the service's campaign_id it made for a queued send, before it
 * sends: a retry after an unknown outcome then checks that same campaign (campaign_verify) instead
 * of making a new draft and sending it a second time. Backed by the campaigns table (migration 004).
 */
export interface CampaignDraftLedger {
  /** The service's draft of this desk campaign made from exactly this content (digest), if any. */
  serviceDraftOf(deskCampaignId: string, contentDigest: string): string | null;
  rememberServiceDraft(deskCampaignId: string, campaignId: string, contentDigest: string): void;
}

/** The ledger on the desk database. */
export function createCampaignDraftLedger(db: Database): CampaignDraftLedger {
  const select = db.prepare<[string], { campaign_id: string | null; campaign_content: string | null }>(
    'SELECT campaign_id, campaign_content FROM campaigns WHERE id = ?',
  );
  const update = db.prepare('UPDATE campaigns SET campaign_id = ?, campaign_content = ?, updated_at = ? WHERE id = ?');
  return {
    serviceDraftOf: (deskCampaignId, contentDigest) => {
      const row = select.get(deskCampaignId);
      return row?.campaign_id && row.campaign_content === contentDigest ? row.campaign_id : null;
    },
    rememberServiceDraft: (deskCampaignId, campaignId, contentDigest) =>
      void update.run(campaignId, contentDigest, Date.now(), deskCampaignId),
  };
}

/** Whether the desk database has the campaigns table (migration 004); outbox tests may build older files. */
export function hasCampaignsTable(db: Database): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'campaigns'").get() !== undefined;
}
