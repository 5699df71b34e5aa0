import { isValidEmail } from '../../../shared/rules/email';
import { campaignSendEntry } from '../../../shared/outbox/campaign-send';
import type { PrepareContext, PreparedEntry } from './prepared-entry';
import type { Payload } from './types';
import { OutboxValidationError } from './validation-error';

/** The lane of a campaign's entries: one campaign's sends never overtake each other. */
const CAMPAIGN_LANE_PREFIX = 'campaign:';
const SERVICE_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Checks a queued campaign send: its draft (html or url, never both; a sender address) and its audience and time. */
export function prepareCampaignSend(input: Payload, _ctx: PrepareContext): PreparedEntry<'campaign_send'> {
  const parsed = campaignSendEntry.safeParse(input);
  if (!parsed.success)
    throw new OutboxValidationError(
      `This campaign cannot be queued: ${parsed.error.issues[0]?.message ?? 'its details are incomplete'}.`,
    );
  const { draft, send } = parsed.data;
  if ((draft.html === undefined) === (draft.url === undefined))
    throw new OutboxValidationError('A campaign has either HTML or a web page, not both.', 'body');
  if (!draft.from_email || !isValidEmail(draft.from_email))
    throw new OutboxValidationError('The from email is not a valid address.', 'from_email');
  const categories = send.category_id === undefined ? [] : [send.category_id].flat();
  if (categories.length === 0)
    throw new OutboxValidationError('Choose who it goes to: one or more categories, or everyone.', 'audience');
  if (send.send_at !== undefined && !(typeof send.send_at === 'string' && SERVICE_DATETIME.test(send.send_at))) {
    throw new OutboxValidationError('The send time must be in the form YYYY-MM-DD HH:MM:SS.', 'send_at');
  }
  return {
    payload: parsed.data,
    guestKey: `${CAMPAIGN_LANE_PREFIX}${parsed.data.desk_campaign_id}`,
    needsReference: false,
  };
}
