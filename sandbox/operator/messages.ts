// The operator's view of messaging: the send log, and what comes back from guests (SMS replies, delivery events).
import { normalizePhone } from '../../shared/rules/phone';
import type { SandboxContext } from '../context';
import type { DeliveredMessage } from '../domain/messages';
import { optOutEmail } from '../store/contacts';
import { sql, type SandboxDatabase } from '../store/schema';
import { WhereBuilder } from '../store/where';
import { requireAccount } from './accounts';
import {
  deliveryEventSchema,
  OperatorError,
  parseInput,
  smsReplySchema,
  type DeliveryEventInput,
  type SmsReplyInput,
} from './inputs';

/** One entry of the send log: the message as it left, with the account's client id and the time in ISO-8601 UTC. */
export type SentMessage = Omit<DeliveredMessage, 'accountId'> & { id: number; clientId: string; time: string };

/** Filters of the send log. */
export interface SentMessageFilter {
  clientId?: string;
  channel?: 'sms' | 'email';
  kind?: DeliveredMessage['kind'];
  referenceId?: string;
  to?: string;
}

/** Every SMS and email the sandbox sent (one entry per recipient) that the filter lets through, oldest first. */
export function sentMessages(db: SandboxDatabase, filter: SentMessageFilter): SentMessage[] {
  const where = new WhereBuilder('1 = 1');
  if (filter.clientId !== undefined) where.add('a.client_id = ?', filter.clientId);
  if (filter.channel !== undefined) where.add('m.channel = ?', filter.channel);
  if (filter.kind !== undefined) where.add('m.kind = ?', filter.kind);
  if (filter.referenceId !== undefined) where.add('m.reference_id = ?', filter.referenceId);
  if (filter.to !== undefined) where.add('m.to_address = ?', filter.to);
  const rows = db
    .prepare(
      `SELECT m.*, a.client_id FROM message_log m JOIN accounts a ON a.id = m.account_id WHERE ${where.sql} ORDER BY m.id`,
    )
    .all(...where.params) as {
    id: number;
    client_id: string;
    channel: SentMessage['channel'];
    kind: SentMessage['kind'];
    reference_id: string | null;
    to_address: string;
    from_address: string | null;
    subject: string | null;
    message: string | null;
    sent_at: number;
  }[];
  return rows.map((row) => ({
    id: row.id,
    clientId: row.client_id,
    channel: row.channel,
    kind: row.kind,
    referenceId: row.reference_id,
    to: row.to_address,
    from: row.from_address,
    subject: row.subject,
    message: row.message,
    time: new Date(row.sent_at).toISOString(),
  }));
}

/** An inbound SMS reply, as if a guest answered; linked to the last SMS sent to that number when no reference is given. */
export function injectSmsReply(ctx: SandboxContext, input: SmsReplyInput): { id: number; referenceId: string | null } {
  const parsed = parseInput(smsReplySchema, input);
  const account = requireAccount(ctx.db, parsed.clientId);
  const number = normalizePhone(parsed.number, account.country) ?? parsed.number;
  const lastSent = sql(
    ctx.db,
    "SELECT reference_id FROM message_log WHERE account_id = ? AND channel = 'sms' AND to_address = ? ORDER BY id DESC LIMIT 1",
  ).get(account.id, number) as { reference_id: string } | undefined;
  const referenceId = parsed.referenceId ?? lastSent?.reference_id ?? null;
  const timestamp = parsed.timestamp ? Date.parse(parsed.timestamp) : ctx.now().getTime();
  const info = sql(
    ctx.db,
    'INSERT INTO sms_replies (account_id, timestamp, number, to_number, reference_id, message) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(account.id, timestamp, number, parsed.to ?? account.replyNumber, referenceId, parsed.message);
  return { id: Number(info.lastInsertRowid), referenceId };
}

/** Counts a delivery event on the latest sent item with that reference (open, bounce, opt-out, spam). */
export function recordDeliveryEvent(ctx: SandboxContext, input: DeliveryEventInput): void {
  const parsed = parseInput(deliveryEventSchema, input);
  const account = requireAccount(ctx.db, parsed.clientId);
  const item = sql(
    ctx.db,
    'SELECT id, type FROM sent_items WHERE account_id = ? AND reference_id = ? ORDER BY id DESC LIMIT 1',
  ).get(account.id, parsed.referenceId) as { id: number; type: string } | undefined;
  if (!item) throw new OperatorError(`No sent item with reference_id ${parsed.referenceId}`, 404);
  if (item.type !== 'email' && parsed.event !== 'optout')
    throw new OperatorError(`${parsed.event} applies to email only; SMS items count opt-outs only`);
  const column = {
    open: 'count_open',
    bounce: 'count_bounced',
    optout: 'count_optout',
    auto_optout: 'count_auto_optout',
    spam: 'count_spam',
  }[parsed.event];
  ctx.db.prepare(`UPDATE sent_items SET ${column} = ${column} + ? WHERE id = ?`).run(parsed.count ?? 1, item.id);
  if ((parsed.event === 'optout' || parsed.event === 'auto_optout') && parsed.recipient && item.type === 'email') {
    optOutEmail(ctx.db, account.id, parsed.recipient, ctx.now().getTime());
  }
}
