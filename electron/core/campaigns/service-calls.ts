import type { ServiceClient } from '../../../shared/api/client';
import { ServiceFailureError } from '../../../shared/api/errors';
import type { Audience } from '../../../shared/rules/campaign-audience';
import type { CampaignContent } from './store';

/** campaign_create from the desk's content: html or url, never both (reference §2.1). Returns the service's campaign_id. */
export async function createServiceDraft(client: ServiceClient, content: CampaignContent): Promise<string> {
  const body = content.body.kind === 'html' ? { html: content.body.html } : { url: content.body.url.trim(), import_images: content.body.importImages };
  const created = await client.campaignCreate({
    campaign_name: content.name.trim() || content.subject.trim() || 'Campaign',
    type: 'email',
    subject: content.subject,
    from_name: content.fromName,
    from_email: content.fromEmail.trim(),
    ...body,
  });
  return String(created.campaign_id);
}

/** What campaign_send answered: sent now or scheduled, with the service's recipient count. */
export interface SendAnswer {
  scheduled: boolean;
  recipients: number;
  sendAt: string | undefined;
}

/** campaign_send to the audience, now or at `sendAt` (the account's wall time). Throws the client's errors. */
export async function sendServiceCampaign(client: ServiceClient, campaignId: string, audience: Audience, sendAt: string | undefined): Promise<SendAnswer> {
  const answer = await client.campaignSend({
    campaign_id: campaignId,
    category_id: audience.categories,
    ...(sendAt ? { send_at: sendAt } : {}),
    ...(audience.ageFrom !== undefined ? { age_from: audience.ageFrom } : {}),
    ...(audience.ageTo !== undefined ? { age_to: audience.ageTo } : {}),
    ...(audience.gender ? { gender: audience.gender } : {}),
  });
  return { scheduled: sendAt !== undefined, recipients: Number(answer.recipients), sendAt: answer.send_at ?? sendAt };
}

/** Where the service says a campaign stands, found with campaign_verify (609 sent, 612 locked by a send). */
export type ServiceCampaignStanding = { standing: 'sent' } | { standing: 'scheduled' } | { standing: 'not-sent'; refusal?: ServiceFailureError };

/**
 * After a send whose outcome is unknown: asks campaign_verify where the campaign stands, so it is never
 * sent twice. 609 means it went out, 612 that the send was taken (scheduled or going); anything else
 * means it was not sent. Throws the client's errors other than a refusal.
 */
export async function campaignStanding(client: ServiceClient, campaignId: string): Promise<ServiceCampaignStanding> {
  try {
    await client.campaignVerify({ campaign_id: campaignId });
    return { standing: 'not-sent' };
  } catch (error) {
    if (!(error instanceof ServiceFailureError)) throw error;
    if (error.code === 609) return { standing: 'sent' };
    if (error.code === 612) return { standing: 'scheduled' };
    return { standing: 'not-sent', refusal: error };
  }
}
