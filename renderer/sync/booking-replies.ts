import type { GuestDatabase } from '../db/guest-db';
import type { SmsReplyRow } from '../db/guest-types';
import type { PhoneKey } from '../search/terms';
import { replyNumberKey } from '../db/replies-by-number';

/** What a guest's reply says about their booking. */
export type ReplyMeaning = 'yes' | 'no' | 'other';

/** A guest's latest SMS reply and what it says. */
export interface BookingReply {
  reply: SmsReplyRow;
  meaning: ReplyMeaning;
}

const YES = /^\s*(y|yes|yep|yeah|yes please|confirm(ed)?|ok|okay|sure)\b/i;
const NO = /^\s*(n|no|nope|cancel(led)?|can'?t make it|cannot make it)\b/i;

/** Reads a reply as yes, no or something else (anything unclear is "other": a person reads it). */
export function meaningOf(message: string): ReplyMeaning {
  if (NO.test(message)) return 'no';
  if (YES.test(message)) return 'yes';
  return 'other';
}

/**
 * The latest SMS reply (sms_inbox, cached by the guest sync) from a guest's mobile, if any came
 * after `since` (`YYYY-MM-DD HH:MM:SS`, the service's form). Kept apart so a Messages cache can take it over.
 */
export async function latestBookingReply(
  db: GuestDatabase,
  phoneKey: PhoneKey,
  mobile: string,
  since?: string,
): Promise<BookingReply | null> {
  const phone = replyNumberKey(mobile, phoneKey);
  if (!phone) return null;
  const [latest] = await db.repliesFrom(phone);
  if (!latest || (since && latest.timestamp < since)) return null;
  return { reply: latest, meaning: meaningOf(latest.message) };
}
