// Single messages and their history: email, sms, sent_items, sms_inbox (sections 4.7–4.10).
import { isValidEmail } from '../../shared/rules/email';
import { formatServiceDateTime } from '../../shared/rules/datetime';
import { normalizePhone } from '../../shared/rules/phone';
import { isValidReferenceId, newReferenceId, REFERENCE_ID_MAX_LENGTH } from '../../shared/rules/reference';
import {
  countSmsSegments,
  findInvalidSmsCharacters,
  SMS_REPLY_SENDER,
  validateSmsSender,
} from '../../shared/rules/sms';
import { deliverOrSchedule, recordSentItem } from '../domain/messages';
import { unsubscribeUrl, withUnsubscribeLink } from '../domain/unsubscribe';
import { BadRequestError, jsonResponse } from '../http/envelope';
import { optionalNonBlank, optionalText } from '../http/params';
import { spendCredits } from '../store/accounts';
import type { MethodCall, MethodDefinition } from './api';
import { optionalDateTime } from './time-filters';
import { WhereBuilder } from '../store/where';

/** Longest SMS the sandbox sends, in parts; the reference sets none (see README). */
const MAX_SMS_SEGMENTS = 10;

const fail = (message: string) => jsonResponse({ result: false, message });

/** The reference_id message for email or SMS, or null when valid. */
function referenceIdProblem(referenceId: string, channel: 'Email' | 'SMS'): string | null {
  if (isValidReferenceId(referenceId)) return null;
  if (referenceId.length > REFERENCE_ID_MAX_LENGTH) return `Error Sending ${channel} - Invalid Reference ID`;
  return 'Reference ID contains invalid characters';
}

/** When a message should go out (undefined: now; times without an offset in the account's zone), or why send_at cannot be read. */
function sendTime(call: MethodCall): { dueAt: number | undefined } | { problem: string } {
  try {
    return { dueAt: optionalDateTime(call.params, 'send_at', call.account.timezone) };
  } catch (error) {
    if (error instanceof BadRequestError) return { problem: error.message };
    throw error;
  }
}

/** sms: one SMS to one number, now or at send_at. */
function sendSms(call: MethodCall): Response {
  const { ctx, account, params } = call;
  const referenceId = optionalText(params, 'reference_id');
  if (referenceId === undefined || referenceId === '') return fail('Reference ID not found');
  const referenceProblem = referenceIdProblem(referenceId, 'SMS');
  if (referenceProblem) return fail(referenceProblem);
  const from = optionalText(params, 'from') ?? '';
  if (validateSmsSender(from) !== null)
    return fail('Invalid sender ID: use up to 11 letters and digits without spaces, or #reply#');
  const message = optionalText(params, 'message') ?? '';
  if (message.trim() === '') return fail('Missing Option message');
  if (findInvalidSmsCharacters(message).length > 0) return fail('Message contains invalid characters');
  const { segments } = countSmsSegments(message);
  if (segments > MAX_SMS_SEGMENTS) return fail(`Message is too long: at most ${MAX_SMS_SEGMENTS} parts`);
  const to = normalizePhone(optionalText(params, 'to') ?? '', account.country);
  if (!to) return fail('Invalid recipient details');
  const when = sendTime(call);
  if ('problem' in when) return fail(when.problem);
  const { dueAt } = when;
  if (call.faults.queueFailure) return fail('Unable To Queue Message');
  const sender = from === SMS_REPLY_SENDER ? account.replyNumber : from;
  const nowMs = ctx.now().getTime();
  const outcome = ctx.db.transaction(() => {
    if (!spendCredits(ctx.db, account.id, 'sms', segments)) return 'no-credits' as const;
    recordSentItem(ctx.db, {
      accountId: account.id,
      referenceId,
      type: 'sms',
      timestamp: dueAt ?? nowMs,
      count: 1,
      message,
      fromName: sender,
    });
    return deliverOrSchedule(
      ctx,
      { accountId: account.id, channel: 'sms', kind: 'sms', referenceId, to, from: sender, subject: null, message },
      dueAt,
    );
  })();
  if (outcome === 'no-credits') return fail('Insufficient Credits');
  return jsonResponse({
    result: true,
    message:
      outcome === 'sent'
        ? 'SMS sent'
        : `SMS scheduled for ${formatServiceDateTime(new Date(dueAt!), account.timezone)}`,
  });
}

/** email: one email to one address, now or at send_at. */
function sendEmail(call: MethodCall): Response {
  const { ctx, account, params } = call;
  if (account.emailCredits < 1) return fail('Insufficient Credits');
  const givenReference = optionalText(params, 'reference_id');
  if (givenReference !== undefined && givenReference !== '') {
    const problem = referenceIdProblem(givenReference, 'Email');
    if (problem) return fail(problem);
  }
  const referenceId = givenReference || newReferenceId('email');
  const toEmail = optionalNonBlank(params, 'to_email');
  if (!toEmail || !isValidEmail(toEmail)) return fail('Invalid recipient details');
  const fromName = optionalNonBlank(params, 'from_name');
  if (!fromName) return fail('Missing Option from_name');
  const fromEmail = optionalNonBlank(params, 'from_email');
  if (!fromEmail || !isValidEmail(fromEmail))
    return fail('Invalid sender details: from_email must be a valid email address');
  const subject = optionalNonBlank(params, 'subject');
  if (!subject) return fail('Missing Option subject');
  const html = optionalText(params, 'html');
  if (!html || html.trim() === '') return fail('Missing Option html');
  const when = sendTime(call);
  if ('problem' in when) return fail(when.problem);
  const { dueAt } = when;
  if (call.faults.queueFailure) return fail('Unable To Queue Message');
  const nowMs = ctx.now().getTime();
  const body = withUnsubscribeLink(html, unsubscribeUrl(call.origin, account.clientId, referenceId, toEmail));
  const toName = optionalNonBlank(params, 'to_name');
  const outcome = ctx.db.transaction(() => {
    if (!spendCredits(ctx.db, account.id, 'email', 1)) return 'no-credits' as const;
    recordSentItem(ctx.db, {
      accountId: account.id,
      referenceId,
      type: 'email',
      timestamp: dueAt ?? nowMs,
      count: 1,
      message: html,
      fromName,
      subject,
    });
    const to = toName ? `${toName} <${toEmail}>` : toEmail;
    return deliverOrSchedule(
      ctx,
      {
        accountId: account.id,
        channel: 'email',
        kind: 'email',
        referenceId,
        to,
        from: `${fromName} <${fromEmail}>`,
        subject,
        message: body,
      },
      dueAt,
    );
  })();
  if (outcome === 'no-credits') return fail('Unable to allocate credits');
  return jsonResponse({
    result: true,
    message:
      outcome === 'sent'
        ? 'Email sent'
        : `Email scheduled for ${formatServiceDateTime(new Date(dueAt!), account.timezone)}`,
  });
}

interface SentItemRow {
  reference_id: string;
  type: string;
  timestamp: number;
  count: number;
  message: string;
  from_name: string;
  subject: string | null;
  count_optout: number;
  count_open: number;
  count_auto_optout: number;
  count_bounced: number;
  count_spam: number;
}

/** The filters sent_items and sms_inbox share: date_start, date_end (account zone) and a reference_id prefix. */
function historyFilter({ account, params }: MethodCall, referenceColumn: string): WhereBuilder {
  const where = new WhereBuilder('account_id = ?', account.id);
  const from = optionalDateTime(params, 'date_start', account.timezone);
  const to = optionalDateTime(params, 'date_end', account.timezone);
  const prefix = optionalNonBlank(params, 'prefix');
  if (from !== undefined) where.add('timestamp >= ?', from);
  if (to !== undefined) where.add('timestamp <= ?', to);
  if (prefix !== undefined) where.add(`substr(${referenceColumn}, 1, length(?)) = ?`, prefix, prefix);
  return where;
}

/** sent_items: the account's sent email and SMS, filtered by date, reference and type. */
function sentItems(call: MethodCall): Response {
  const { ctx, account, params } = call;
  const where = historyFilter(call, 'reference_id');
  const referenceId = optionalNonBlank(params, 'reference_id');
  if (referenceId !== undefined) where.add('reference_id = ?', referenceId);
  const type = optionalNonBlank(params, 'type');
  if (type !== undefined && !['email', 'sms', 'social'].includes(type))
    throw new BadRequestError(`type must be email, sms or social, got "${type}"`);
  if (type !== undefined) where.add('type = ?', type);
  const rows = ctx.db
    .prepare(`SELECT * FROM sent_items WHERE ${where.sql} ORDER BY timestamp, id`)
    .all(...where.params) as SentItemRow[];
  const data = rows.map((row) => {
    const common = {
      reference_id: row.reference_id,
      type: row.type,
      timestamp: formatServiceDateTime(new Date(row.timestamp), account.timezone),
      count: row.count,
      message: row.message,
      from_name: row.from_name,
      count_optout: row.count_optout,
    };
    if (row.type !== 'email') return common;
    return {
      ...common,
      subject: row.subject ?? '',
      count_open: row.count_open,
      count_auto_optout: row.count_auto_optout,
      count_bounced: row.count_bounced,
      count_spam: row.count_spam,
    };
  });
  return jsonResponse({ result: true, message: `${data.length} sent items`, data });
}

/** sms_inbox: SMS replies, filtered by date and the reference_id prefix of the message replied to. */
function smsInbox(call: MethodCall): Response {
  const { ctx, account } = call;
  const where = historyFilter(call, "COALESCE(reference_id, '')");
  const rows = ctx.db
    .prepare(
      `SELECT timestamp, number, to_number, reference_id, message FROM sms_replies WHERE ${where.sql} ORDER BY timestamp, id`,
    )
    .all(...where.params) as {
    timestamp: number;
    number: string;
    to_number: string;
    reference_id: string | null;
    message: string;
  }[];
  const data = rows.map((row) => ({
    timestamp: formatServiceDateTime(new Date(row.timestamp), account.timezone),
    number: row.number,
    to: row.to_number,
    reference_id: row.reference_id ?? '',
    message: row.message,
  }));
  return jsonResponse({ result: true, message: `${data.length} replies`, data });
}

/** The message method group. */
export const messageMethods: MethodDefinition[] = [
  { name: 'email', encoding: 'form', handle: sendEmail },
  { name: 'sms', encoding: 'form', handle: sendSms },
  { name: 'sent_items', encoding: 'form', handle: sentItems },
  { name: 'sms_inbox', encoding: 'form', handle: smsInbox },
];
