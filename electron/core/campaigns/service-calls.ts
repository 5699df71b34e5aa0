import type { ServiceClient } from '../../../shared/api/client';
import { ServiceFailureError } from '../../../shared/api/errors';
import type { MethodInput } from '../../../shared/api/methods';
import type { Audience } from '../../../shared/rules/campaign-audience';
import type { CampaignContent } from './store';

/** The service's draft request (campaign_create). */
export type DraftRequest = MethodInput<'campaignCreate'>;
/** The service's send request (campaign_send) without the campaign_id it acts on. */
export type SendRequest = Omit<MethodInput<'campaignSend'>, 'campaign_id'>;

/** campaign_create's request from the desk's content: html or url, never both (reference §2.1). */
export function draftRequestOf(content: CampaignContent): DraftRequest {
  const body =
    content.body.kind === 'html'
      ? { html: content.body.html }
      : { url: content.body.url.trim(), import_images: content.body.importImages };
  return {
    campaign_name: content.name.trim() || content.subject.trim() || 'Campaign',
    type: 'email',
    subject: content.subject,
    from_name: content.fromName,
    from_email: content.fromEmail.trim(),
    ...body,
  };
}

/** What a service draft is made of: another digest means a new draft is needed. */
export function draftDigest(request: DraftRequest): string {
  return JSON.stringify([
    request.campaign_name,
    request.subject,
    request.from_name,
    request.from_email,
    request.html,
    request.url,
    request.import_images,
  ]);
}

/** campaign_send's request for an audience, now or at `sendAt` (the account's wall time). */
export function sendRequestOf(audience: Audience, sendAt: string | undefined): SendRequest {
  return {
    category_id: audience.categories,
    ...(sendAt ? { send_at: sendAt } : {}),
    ...(audience.ageFrom !== undefined ? { age_from: audience.ageFrom } : {}),
    ...(audience.ageTo !== undefined ? { age_to: audience.ageTo } : {}),
    ...(audience.gender ? { gender: audience.gender } : {}),
  };
}

/** campaign_create; returns the service's campaign_id. */
export async function createServiceDraft(client: ServiceClient, request: DraftRequest): Promise<string> {
  const created = await client.campaignCreate(request);
  return String(created.campaign_id);
}

/** What campaign_send answered: sent now or scheduled, with the service's recipient count. */
export interface SendAnswer {
  scheduled: boolean;
  recipients: number;
  sendAt: string | undefined;
}

/** campaign_send of a service draft (scheduled when the request has a send_at). Throws the client's errors. */
export async function sendServiceCampaign(
  client: ServiceClient,
  campaignId: string,
  send: SendRequest,
): Promise<SendAnswer> {
  const answer = await client.campaignSend({ campaign_id: campaignId, ...send });
  const asked = typeof send.send_at === 'string' ? send.send_at : undefined;
  return {
    scheduled: send.send_at !== undefined,
    recipients: Number(answer.recipients),
    sendAt: answer.send_at ?? asked,
  };
}

/** Where the service says a campaign stands, found with campaign_verify (609 sent, 612 locked by a send). */
export type ServiceCampaignStanding =
  { standing: 'sent' } | { standing: 'scheduled' } | { standing: 'not-sent'; refusal?: ServiceFailureError };

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
