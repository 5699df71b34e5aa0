import type { VenueFormat } from '../../../shared/format/venue-format';
import { scheduleProblem } from '../../../shared/rules/schedule';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import type { AccountView } from '../../stores/account';
import { useAccount } from '../../stores/account';
import { guestDraftId, useDraft, type Draft } from '../../stores/guests-drafts';
import type { GuestProfileData } from './useGuestProfile';

/** A draft's schedule: whether it is on, and the wall date and time typed (`YYYY-MM-DDTHH:MM`). */
export interface ScheduleDraft {
  scheduled: boolean;
  sendAt: string;
}

/** The draft's schedule as the service takes it, or why it cannot be used (empty, not a real time, or already past in the account's zone). */
function draftSchedule(draft: ScheduleDraft, timeZone: string, now = new Date()): { sendAt?: string; error?: string } {
  if (!draft.scheduled) return {};
  if (!draft.sendAt) return { error: 'Choose when to send it, or untick "Send later".' };
  const sendAt = scheduleToService(draft.sendAt);
  const problem = scheduleProblem(sendAt, timeZone, now);
  if (problem === 'not-a-date') return { error: 'That is not a real date and time.' };
  if (problem === 'past') return { error: `That time has already passed in ${timeZone}.` };
  return { sendAt };
}

/** A message form's draft for a guest (kept while staff look elsewhere), the account, its zone and the checked schedule. */
export function useMessageDraft<T extends Draft & ScheduleDraft>(
  form: string,
  profile: GuestProfileData,
  initial: (account: AccountView | null) => Omit<T, keyof ScheduleDraft>,
) {
  const account = useAccount((state) => state.account);
  const format = useVenueFormat();
  const timeZone = account?.timeZone ?? 'UTC';
  const draftId = guestDraftId(form, profile.row);
  const [draft, update] = useDraft<T>(draftId, { ...initial(account), scheduled: false, sendAt: '' } as T);
  return { account, format, timeZone, draftId, draft, update, schedule: draftSchedule(draft, timeZone) };
}

/** What staff are told once a message is queued: when it goes, in the account's zone and the venue's format. */
export function queuedMessage(
  what: 'SMS' | 'Email',
  sendAt: string | undefined,
  timeZone: string,
  format: VenueFormat,
): string {
  return sendAt
    ? `${what} queued for ${format.serviceDateTime(sendAt)} (${timeZone}).`
    : `${what} queued: it goes out through the outbox.`;
}

/** The service's datetime (`YYYY-MM-DD HH:MM:SS`) of a wall date and time (`YYYY-MM-DDTHH:MM`). */
function scheduleToService(value: string): string {
  const [date, time = '00:00'] = value.split('T');
  return `${date} ${time.length === 5 ? `${time}:00` : time}`;
}
