// Sending: sent items (what sent_items lists), the delivery log (what the operator reads) and scheduled single sends.
import type { SandboxContext } from '../context';
import { sql, type SandboxDatabase } from '../store/schema';

/** A sent item as section 2.7 describes it, before formatting. */
export interface NewSentItem {
  accountId: number;
  referenceId: string;
  type: 'email' | 'sms';
  timestamp: number;
  count: number;
  message: string;
  fromName: string;
  subject?: string | null;
  campaignId?: string | null;
}

/** Records a sent item; scheduled sends are recorded when accepted, with their send time (see README). */
export function recordSentItem(db: SandboxDatabase, item: NewSentItem): number {
  const info = sql(
    db,
    `INSERT INTO sent_items (account_id, reference_id, type, timestamp, count, message, from_name, subject, campaign_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    item.accountId,
    item.referenceId,
    item.type,
    item.timestamp,
    item.count,
    item.message,
    item.fromName,
    item.subject ?? null,
    item.campaignId ?? null,
  );
  return Number(info.lastInsertRowid);
}

/** One message as it left the sandbox: one entry per recipient, so tests can count duplicates. */
export interface DeliveredMessage {
  accountId: number;
  channel: 'sms' | 'email';
  kind: 'sms' | 'email' | 'campaign' | 'campaign_test';
  referenceId: string | null;
  to: string;
  from: string | null;
  subject: string | null;
  message: string | null;
}

/** Writes a delivered message to the log at the sandbox's current time. */
export function logDelivery(ctx: SandboxContext, message: DeliveredMessage): void {
  sql(
    ctx.db,
    `INSERT INTO message_log (account_id, channel, kind, reference_id, to_address, from_address, subject, message, sent_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    message.accountId,
    message.channel,
    message.kind,
    message.referenceId,
    message.to,
    message.from,
    message.subject,
    message.message,
    ctx.now().getTime(),
  );
}

/** Delivers now, or keeps the message until its send time when that is in the future. */
export function deliverOrSchedule(
  ctx: SandboxContext,
  message: DeliveredMessage,
  dueAt: number | undefined,
): 'sent' | 'scheduled' {
  if (dueAt === undefined || dueAt <= ctx.now().getTime()) {
    logDelivery(ctx, message);
    return 'sent';
  }
  sql(ctx.db, 'INSERT INTO scheduled_messages (account_id, channel, due_at, payload) VALUES (?, ?, ?, ?)').run(
    message.accountId,
    message.channel,
    dueAt,
    JSON.stringify(message),
  );
  ctx.wakeScheduler();
  return 'scheduled';
}

/** Delivers every scheduled single message whose time has come; returns how many went out. */
export function deliverDueMessages(ctx: SandboxContext): number {
  const due = sql(
    ctx.db,
    "SELECT id, payload FROM scheduled_messages WHERE state = 'pending' AND due_at <= ? ORDER BY due_at, id",
  ).all(ctx.now().getTime()) as {
    id: number;
    payload: string;
  }[];
  for (const row of due) {
    ctx.db.transaction(() => {
      logDelivery(ctx, JSON.parse(row.payload) as DeliveredMessage);
      sql(ctx.db, "UPDATE scheduled_messages SET state = 'sent' WHERE id = ?").run(row.id);
    })();
  }
  return due.length;
}

/** When the next scheduled single message is due, if any. */
export function nextScheduledMessageAt(db: SandboxDatabase): number | undefined {
  const row = sql(db, "SELECT MIN(due_at) AS at FROM scheduled_messages WHERE state = 'pending'").get() as {
    at: number | null;
  };
  return row.at ?? undefined;
}
