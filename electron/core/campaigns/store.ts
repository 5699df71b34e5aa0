import type { Database } from 'better-sqlite3';
import type { z } from 'zod';
import {
  campaignContent,
  campaignProblem,
  type campaignState,
  type campaignView,
} from '../../../shared/bridge/channels/campaigns';

export type CampaignContent = z.output<typeof campaignContent>;
export type CampaignState = z.output<typeof campaignState>;
export type CampaignProblem = z.output<typeof campaignProblem>;
export type CampaignView = z.output<typeof campaignView>;

/** One campaign as the desk keeps it. */
export interface CampaignRecord {
  id: string;
  account: string;
  state: CampaignState;
  content: CampaignContent;
  campaignId: string | null;
  /** Digest of the content the service's draft (campaignId) was made from: another digest means a new draft is needed. */
  draftDigest: string | null;
  sendAt: string | null;
  estimate: number | null;
  recipients: number | null;
  problem: CampaignProblem | null;
  outboxId: string | null;
  createdAt: number;
  updatedAt: number;
  sentAt: number | null;
}

interface CampaignRow {
  id: string;
  account: string;
  state: CampaignState;
  content: string;
  campaign_id: string | null;
  campaign_content: string | null;
  send_at: string | null;
  estimate: number | null;
  recipients: number | null;
  problem: string | null;
  outbox_id: string | null;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
}

function decode(row: CampaignRow): CampaignRecord {
  // Rows are written only by this module; the schemas still guard against a hand-edited file.
  const content = campaignContent.parse(JSON.parse(row.content));
  const problem = row.problem ? campaignProblem.safeParse(JSON.parse(row.problem)) : null;
  return {
    id: row.id,
    account: row.account,
    state: row.state,
    content,
    campaignId: row.campaign_id,
    draftDigest: row.campaign_content,
    sendAt: row.send_at,
    estimate: row.estimate,
    recipients: row.recipients,
    problem: problem?.success ? problem.data : null,
    outboxId: row.outbox_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sentAt: row.sent_at,
  };
}

/** How a campaign is shown across the bridge. */
export function viewOf(record: CampaignRecord): CampaignView {
  return {
    ...record.content,
    id: record.id,
    state: record.state,
    ...(record.campaignId ? { campaignId: record.campaignId } : {}),
    ...(record.sendAt ? { sendAt: record.sendAt } : {}),
    ...(record.estimate !== null ? { estimate: record.estimate } : {}),
    ...(record.recipients !== null ? { recipients: record.recipients } : {}),
    ...(record.problem ? { problem: record.problem } : {}),
    ...(record.outboxId ? { outboxId: record.outboxId } : {}),
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
    ...(record.sentAt !== null ? { sentAt: new Date(record.sentAt).toISOString() } : {}),
  };
}

/** The campaigns table (migration 004): reads and writes by id, per account. */
export interface CampaignStore {
  list(account: string): CampaignRecord[];
  get(account: string, id: string): CampaignRecord | undefined;
  /** The campaign a queued send belongs to. */
  byOutboxId(outboxId: string): CampaignRecord | undefined;
  insert(record: CampaignRecord): void;
  update(id: string, patch: Partial<Omit<CampaignRecord, 'id' | 'account' | 'createdAt'>>, now: number): CampaignRecord;
  delete(account: string, id: string): boolean;
  /** Service ids of the account's sent campaigns (their tracked links must not be copied). */
  sentServiceIds(account: string): Set<string>;
}

const COLUMNS: Record<string, string> = {
  state: 'state',
  content: 'content',
  campaignId: 'campaign_id',
  draftDigest: 'campaign_content',
  sendAt: 'send_at',
  estimate: 'estimate',
  recipients: 'recipients',
  problem: 'problem',
  outboxId: 'outbox_id',
  updatedAt: 'updated_at',
  sentAt: 'sent_at',
};

/** Opens the store on the desk database. */
export function createCampaignStore(db: Database): CampaignStore {
  const selectAll = db.prepare<[string], CampaignRow>(
    'SELECT * FROM campaigns WHERE account = ? ORDER BY updated_at DESC',
  );
  const selectOne = db.prepare<[string, string], CampaignRow>('SELECT * FROM campaigns WHERE account = ? AND id = ?');
  const selectById = db.prepare<[string], CampaignRow>('SELECT * FROM campaigns WHERE id = ?');
  const selectByOutbox = db.prepare<[string], CampaignRow>('SELECT * FROM campaigns WHERE outbox_id = ?');
  const selectSent = db.prepare<[string], { campaign_id: string }>(
    "SELECT campaign_id FROM campaigns WHERE account = ? AND state = 'sent' AND campaign_id IS NOT NULL",
  );
  const insert = db.prepare(
    `INSERT INTO campaigns (id, account, state, content, campaign_id, campaign_content, send_at, estimate, recipients, problem, outbox_id, created_at, updated_at, sent_at)
     VALUES (@id, @account, @state, @content, @campaignId, @draftDigest, @sendAt, @estimate, @recipients, @problem, @outboxId, @createdAt, @updatedAt, @sentAt)`,
  );
  const remove = db.prepare('DELETE FROM campaigns WHERE account = ? AND id = ?');
  const encode = (key: string, value: unknown) =>
    (key === 'content' || key === 'problem') && value !== null ? JSON.stringify(value) : value;

  return {
    list: (account) => selectAll.all(account).map(decode),
    get: (account, id) => {
      const row = selectOne.get(account, id);
      return row ? decode(row) : undefined;
    },
    byOutboxId: (outboxId) => {
      const row = selectByOutbox.get(outboxId);
      return row ? decode(row) : undefined;
    },
    insert: (record) => {
      insert.run({
        ...record,
        content: JSON.stringify(record.content),
        problem: record.problem ? JSON.stringify(record.problem) : null,
      });
    },
    update: (id, patch, now) => {
      const entries = Object.entries({ ...patch, updatedAt: now }).filter(([key]) => key in COLUMNS);
      const sets = entries.map(([key]) => `${COLUMNS[key]} = ?`).join(', ');
      db.prepare(`UPDATE campaigns SET ${sets} WHERE id = ?`).run(
        ...entries.map(([key, value]) => encode(key, value ?? null)),
        id,
      );
      return decode(selectById.get(id)!);
    },
    delete: (account, id) => remove.run(account, id).changes > 0,
    sentServiceIds: (account) => new Set(selectSent.all(account).map((row) => row.campaign_id)),
  };
}
