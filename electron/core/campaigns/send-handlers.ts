// Sending, scheduling and cancelling a campaign: straight to the service, or through the outbox when
// the line is down; an answer that was lost is settled with campaign_verify, never by sending again.
import { NoConnectionError, OutcomeUnknownError } from '../../../shared/api/errors';
import type { DeskHandlers } from '../../../shared/bridge/contract';
import { UserFacingError } from '../../../shared/bridge/result';
import { audienceProblem } from '../../../shared/rules/campaign-audience';
import { readSchedule } from '../../../shared/rules/campaign-schedule';
import { EDITABLE_STATES, type CampaignContext } from './context';
import { explainCampaignError, problemOf } from './refusals';
import { campaignStanding, sendRequestOf, sendServiceCampaign } from './service-calls';
import type { CampaignRecord } from './store';

type SendHandlers = Pick<DeskHandlers, 'sendCampaign' | 'cancelCampaign'>;

/** The send and cancel channels. */
export function createSendHandlers(ctx: CampaignContext): SendHandlers {
  return {
    sendCampaign: async ({ id, audience, sendAt, estimate }) => {
      const record = ctx.find(id);
      refuseUnsendable(ctx, record, audience, sendAt);
      ctx.store().update(id, { content: { ...record.content, audience }, estimate }, ctx.now().getTime());
      let campaignId: string;
      try {
        campaignId = await ctx.rawServiceDraft(ctx.find(id));
      } catch (error) {
        if (error instanceof NoConnectionError) return ctx.changed(await ctx.queue(id, audience, sendAt));
        throw explainCampaignError(error, 'sending the campaign');
      }
      return ctx.changed(await send(ctx, id, campaignId, audience, sendAt));
    },

    cancelCampaign: async ({ id }) => {
      const record = ctx.find(id);
      const at = () => ctx.now().getTime();
      if (record.state === 'queued' && record.outboxId) {
        ctx.dropQueued(record.outboxId, 'The campaign is being sent right now and can no longer be stopped here.');
        return ctx.changed(
          ctx.store().update(id, { state: 'draft', outboxId: null, sendAt: null, problem: null }, at()),
        );
      }
      if (record.state !== 'scheduled' || !record.campaignId)
        throw new UserFacingError('Only a scheduled campaign can be cancelled.');
      try {
        await ctx.services.requireClient().campaignCancel({ campaign_id: record.campaignId });
      } catch (error) {
        // The service may have sent it already: ask it where the campaign stands rather than guess.
        const standing = await campaignStanding(ctx.services.requireClient(), record.campaignId).catch(
          () => null, // the look-up failed too: the cancel's own error is the one staff see
        );
        if (standing?.standing === 'sent') {
          ctx.changed(ctx.store().update(id, { state: 'sent', sentAt: at() }, at()));
          throw new UserFacingError('Too late to cancel: the service has already sent this campaign.');
        }
        throw explainCampaignError(error, 'cancelling the campaign');
      }
      return ctx.changed(ctx.store().update(id, { state: 'draft', sendAt: null, problem: null }, at()));
    },
  };
}

/** Refuses a send of a campaign that is not a draft, to nobody, or at a time that cannot be; drops a queued send it replaces. */
function refuseUnsendable(
  ctx: CampaignContext,
  record: CampaignRecord,
  audience: Parameters<typeof audienceProblem>[0],
  sendAt: string | undefined,
): void {
  if (!EDITABLE_STATES.has(record.state))
    throw new UserFacingError(
      record.state === 'sent'
        ? 'This campaign has already been sent.'
        : 'This campaign is already scheduled or queued.',
    );
  // An earlier queued send that needed attention is replaced by this one, never sent beside it.
  if (record.outboxId) {
    ctx.dropQueued(
      record.outboxId,
      'The earlier send of this campaign is going out right now. Wait a moment, then open it again.',
    );
    ctx.store().update(record.id, { outboxId: null }, ctx.now().getTime());
  }
  const problem = audienceProblem(audience);
  if (problem) throw new UserFacingError(problem);
  if (sendAt) {
    const reading = readSchedule(sendAt, ctx.account().timeZone, ctx.now());
    if (!reading.ok) throw new UserFacingError(reading.problem);
  }
}

/** campaign_send of the service's draft, and what its answer (or its loss) makes of the campaign. */
async function send(
  ctx: CampaignContext,
  id: string,
  campaignId: string,
  audience: Parameters<typeof sendRequestOf>[0],
  sendAt: string | undefined,
): Promise<CampaignRecord> {
  const at = () => ctx.now().getTime();
  try {
    const answer = await sendServiceCampaign(ctx.services.requireClient(), campaignId, sendRequestOf(audience, sendAt));
    return ctx.store().update(
      id,
      {
        state: answer.scheduled ? 'scheduled' : 'sent',
        recipients: answer.recipients,
        sendAt: answer.sendAt ?? null,
        problem: null,
        ...(answer.scheduled ? {} : { sentAt: at() }),
      },
      at(),
    );
  } catch (error) {
    if (error instanceof NoConnectionError) return ctx.queue(id, audience, sendAt);
    if (error instanceof OutcomeUnknownError) return settleUnknownSend(ctx, id, campaignId, sendAt);
    const refusal = problemOf(error);
    if (!refusal) throw explainCampaignError(error, 'sending the campaign');
    return ctx.store().update(id, { state: refusal.code === 609 ? 'sent' : 'refused', problem: refusal }, at());
  }
}

/** A send whose answer was lost: campaign_verify says whether it went (609), is scheduled (612) or did not go. */
async function settleUnknownSend(
  ctx: CampaignContext,
  id: string,
  campaignId: string,
  sendAt: string | undefined,
): Promise<CampaignRecord> {
  const standing = await campaignStanding(ctx.services.requireClient(), campaignId).catch(
    () => null, // still unknown: settled below through the outbox, which asks again before anything is sent
  );
  const at = ctx.now().getTime();
  if (standing?.standing === 'sent') return ctx.store().update(id, { state: 'sent', sentAt: at, problem: null }, at);
  if (standing?.standing === 'scheduled')
    return ctx.store().update(id, { state: 'scheduled', sendAt: sendAt ?? null, problem: null }, at);
  // Still unknown: the outbox settles it with the same campaign_id (the service refuses a second send of it).
  if (!standing) return ctx.queue(id, ctx.find(id).content.audience, sendAt);
  const problem = {
    message: 'The send did not go through.',
    title: 'The campaign was not sent',
    whatToDo: 'Check it and send it again.',
  };
  return ctx.store().update(id, { state: 'draft', problem }, at);
}
