// The payload of a campaign send or schedule queued offline (outbox kind campaign_send). It is two
// calls of the service: campaign_create (the draft, from what staff wrote) then campaign_send (the
// audience and time, with the campaign_id the first call gave), so it is built from both requests.
import { z } from 'zod';
import { campaignCreateRequest, campaignSendRequest } from '../api/request-schemas';

/** A queued campaign send: the desk's campaign, the service's draft request and its send request without the campaign_id. */
export const campaignSendEntry = z.strictObject({
  /** The desk's campaign (cmp-…): where the service's campaign_id is remembered before the send. */
  desk_campaign_id: z.string().min(1).max(100),
  draft: campaignCreateRequest,
  send: campaignSendRequest.omit({ campaign_id: true }),
});
