import type { DeskApi, ResponseOf } from '../../shared/bridge/contract';
import type { GuestDatabase, SmsReplyRow } from '../db/guest-db';
import { phoneDigits } from '../../shared/rules/phone';
import type { PhoneKey } from '../search/terms';

/** How far back the first sync of sent items and replies reaches. */
const FIRST_MESSAGES_DAYS = 30;

/** Brings sent items and SMS replies into the cache: the last month the first time, then what is new (with an overlap). */
export async function syncMessages(
  desk: Pick<DeskApi, 'listSentItems' | 'listSmsReplies'>,
  db: GuestDatabase,
  phoneKey: PhoneKey,
  now: Date,
  overlapMs: number,
): Promise<void> {
  const meta = await db.syncMeta();
  const from = meta.lastMessagesSyncAt
    ? new Date(Date.parse(meta.lastMessagesSyncAt) - overlapMs).toISOString()
    : new Date(now.getTime() - FIRST_MESSAGES_DAYS * 86_400_000).toISOString();
  const [{ items }, { replies }] = await Promise.all([desk.listSentItems({ from }), desk.listSmsReplies({ from })]);
  await db.putMessages(
    items,
    replies.map((reply) => toReplyRow(reply, phoneKey)),
  );
  await db.updateSyncMeta({ lastMessagesSyncAt: now.toISOString() });
}

/** An SMS reply with a stable id (the service gives none) and its number as E.164 digits. */
export function toReplyRow(reply: ResponseOf<'listSmsReplies'>['replies'][number], phoneKey: PhoneKey): SmsReplyRow {
  const phone = phoneKey(reply.number) ?? phoneDigits(reply.number);
  return { ...reply, phone, id: `${reply.timestamp}|${phone}|${reply.reference_id ?? ''}|${reply.message}` };
}
