import { ServiceFailureError } from '../../../../shared/api/errors';
import { explainCampaignRefusal, isCreditRefusal } from '../../../../shared/rules/campaign-codes';
import { parseServiceDateTime } from '../../../../shared/rules/datetime';
import type { CampaignDraftLedger } from '../../campaigns/draft-ledger';
import { campaignStanding, createServiceDraft, draftDigest, sendServiceCampaign } from '../../campaigns/service-calls';
import { outcomeOfCallError } from '../classify';
import type { DeliveryOutcome } from '../outcomes';
import type { OutboxRow } from '../types';
import type { KindSender, ServiceAccess } from './sender';

/** What the campaign sender needs: where service drafts are remembered (null without the campaigns table) and the clock. */
export interface CampaignSenderOptions {
  ledger: CampaignDraftLedger | null;
  now: () => number;
}

/**
 * Sends a campaign queued while offline: makes the service's draft once (remembered before the send),
 * then campaign_send. After an unknown outcome it asks campaign_verify first (609 sent, 612 scheduled)
 * and never sends again on a guess. A schedule whose time passed while the line was down waits for a person.
 */
export function createCampaignSender(options: CampaignSenderOptions): KindSender<'campaign_send'> {
  return {
    deliver: (rows, service) => Promise.all(rows.map((row) => deliverOne(row, service, options))),
  };
}

async function deliverOne(
  row: OutboxRow<'campaign_send'>,
  service: ServiceAccess,
  options: CampaignSenderOptions,
): Promise<DeliveryOutcome<'campaign_send'>> {
  if (!options.ledger)
    return {
      type: 'failed',
      problem: {
        message: 'This queued campaign cannot be matched to a campaign on this desk.',
        whatToDo: 'Discard it and send the campaign again from Campaigns.',
      },
    };
  const { desk_campaign_id: deskId, draft, send } = row.payload;
  const sendAt = typeof send.send_at === 'string' ? send.send_at : undefined;
  const digest = draftDigest(draft);
  try {
    let campaignId = options.ledger.serviceDraftOf(deskId, digest);
    if (row.outcomeUnknownAt !== null && campaignId) {
      const settled = await settledEarlier(service, campaignId, sendAt);
      if (settled) return settled;
    }
    const lateness = missedSchedule(sendAt, service.timeZone ?? 'UTC', options.now());
    if (lateness) return lateness;
    if (!campaignId) {
      campaignId = await createServiceDraft(service.client, draft);
      options.ledger.rememberServiceDraft(deskId, campaignId, digest);
    }
    const answer = await sendServiceCampaign(service.client, campaignId, send);
    return {
      type: 'sent',
      result: {
        campaign_id: campaignId,
        state: answer.scheduled ? 'scheduled' : 'sent',
        recipients: answer.recipients,
        send_at: answer.sendAt ?? null,
      },
    };
  } catch (error) {
    return outcomeOfSendError(error, row.kind, sendAt);
  }
}

/** After an unknown outcome: campaign_verify says whether the earlier try went (609) or is scheduled (612). */
async function settledEarlier(
  service: ServiceAccess,
  campaignId: string,
  sendAt: string | undefined,
): Promise<DeliveryOutcome<'campaign_send'> | null> {
  const standing = await campaignStanding(service.client, campaignId);
  if (standing.standing === 'sent')
    return { type: 'sent', result: { campaign_id: campaignId, state: 'sent', confirmedBy: 'campaign_verify 609' } };
  if (standing.standing === 'scheduled')
    return {
      type: 'sent',
      result: {
        campaign_id: campaignId,
        state: 'scheduled',
        send_at: sendAt ?? null,
        confirmedBy: 'campaign_verify 612',
      },
    };
  return null;
}

/** A schedule whose time passed while the line was down waits for a person; null when it is still ahead (or none). */
function missedSchedule(
  sendAt: string | undefined,
  timeZone: string,
  now: number,
): DeliveryOutcome<'campaign_send'> | null {
  const at = sendAt ? parseServiceDateTime(sendAt, timeZone) : null;
  if (!sendAt || !at || at.getTime() > now) return null;
  return {
    type: 'failed',
    problem: {
      message: `The campaign was to go out at ${sendAt.slice(0, 16)} (${timeZone}), but the line was down until after that time.`,
      whatToDo: 'It has not been sent. Open it in Campaigns to send it now or choose a new time, or discard it here.',
    },
  };
}

/** A failed draft or send, for the outbox: no credits pauses campaigns; 609 and 612 mean an earlier try went through. */
function outcomeOfSendError(
  error: unknown,
  kind: 'campaign_send',
  sendAt: string | undefined,
): DeliveryOutcome<'campaign_send'> {
  if (!(error instanceof ServiceFailureError)) return outcomeOfCallError(error, kind);
  const explained = explainCampaignRefusal(error.serviceMessage, error.code);
  if (isCreditRefusal(error.serviceMessage))
    return { type: 'paused', reason: `Campaigns paused: ${explained.title.toLowerCase()}. ${explained.whatToDo}` };
  // The same campaign_id was already sent (609) or is scheduled (612): an earlier try went through.
  if (error.code === 609) return { type: 'sent', result: { state: 'sent', confirmedBy: 'campaign_send 609' } };
  if (error.code === 612)
    return { type: 'sent', result: { state: 'scheduled', send_at: sendAt ?? null, confirmedBy: 'campaign_send 612' } };
  return {
    type: 'failed',
    problem: {
      message: `${explained.title} (the service said: "${error.serviceMessage}"${error.code !== undefined ? `, code ${error.code}` : ''})`,
      whatToDo: explained.whatToDo,
    },
  };
}
