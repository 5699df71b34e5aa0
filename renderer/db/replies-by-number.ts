// SMS replies looked up by number: the Messages conversations, and anywhere else a guest's replies are
// shown (a booking's yes/no answer). Numbers are compared as E.164 digits, as toReplyRow stores them.
import { phoneDigits } from '../../shared/rules/phone';
import type { PhoneKey } from '../search/terms';
import type { SmsReplyRow } from './guest-types';

/** The key replies are filed under for a mobile as typed or stored (E.164 digits), or null when it is no number. */
export function replyNumberKey(mobile: string, phoneKey: PhoneKey): string | null {
  if (mobile.trim() === '') return null;
  return phoneKey(mobile) ?? (phoneDigits(mobile) || null);
}

/** One conversation: every reply from one number, newest first. */
export interface ReplyThread {
  phone: string;
  replies: SmsReplyRow[];
  latestAt: string;
}

/** Replies grouped by number, the most recent conversation first. */
export function threadsOf(replies: readonly SmsReplyRow[]): ReplyThread[] {
  const byPhone = new Map<string, SmsReplyRow[]>();
  for (const reply of replies) byPhone.set(reply.phone, [...(byPhone.get(reply.phone) ?? []), reply]);
  return [...byPhone.entries()]
    .map(([phone, list]) => {
      const sorted = list.sort((a, b) => b.timestamp.localeCompare(a.timestamp));
      return { phone, replies: sorted, latestAt: sorted[0]!.timestamp };
    })
    .sort((a, b) => b.latestAt.localeCompare(a.latestAt));
}
