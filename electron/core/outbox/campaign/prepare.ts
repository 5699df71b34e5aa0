import { z } from 'zod';
import { campaignAudience, campaignContent } from '../../../../shared/bridge/channels/campaigns';
import { audienceProblem } from '../../../../shared/rules/campaign-audience';
import type { PrepareContext, PreparedEntry } from '../prepare';
import type { Payload } from '../types';
import { OutboxValidationError } from '../validation-error';

/** What a queued campaign send carries: the desk's campaign, its content (to make the service's draft), the audience and the time. */
export const campaignSendPayload = z
  .object({
    desk_campaign_id: z.string().min(1).max(100),
    content: campaignContent,
    audience: campaignAudience,
    send_at: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).optional(),
  })
  .strict();

export type CampaignSendPayload = z.output<typeof campaignSendPayload>;

/** The lane of a campaign's entries: one campaign's sends never overtake each other. */
export const CAMPAIGN_LANE_PREFIX = 'campaign:';

/** Checks a queued campaign send (the handler has checked the content and the schedule already). */
export function prepareCampaignSend(input: Payload, _ctx: PrepareContext): PreparedEntry {
  const parsed = campaignSendPayload.safeParse(input);
  if (!parsed.success) throw new OutboxValidationError(`This campaign cannot be queued: ${parsed.error.issues[0]?.message ?? 'its details are incomplete'}.`);
  const problem = audienceProblem(parsed.data.audience);
  if (problem) throw new OutboxValidationError(problem, 'audience');
  return { payload: parsed.data, guestKey: `${CAMPAIGN_LANE_PREFIX}${parsed.data.desk_campaign_id}`, needsReference: false };
}
