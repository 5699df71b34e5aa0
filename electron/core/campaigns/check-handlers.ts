// Asking the service about a campaign before it goes: campaign_verify, and test sends.
import type { DeskHandlers } from '../../../shared/bridge/contract';
import { UserFacingError } from '../../../shared/bridge/result';
import { isValidEmail } from '../../../shared/rules/email';
import type { CampaignContext } from './context';
import { explainCampaignError, problemOf } from './refusals';

type CheckHandlers = Pick<DeskHandlers, 'verifyCampaign' | 'testCampaign'>;

/** The verify and test channels. */
export function createCheckHandlers(ctx: CampaignContext): CheckHandlers {
  return {
    verifyCampaign: async ({ id }) => {
      const campaignId = await ctx.serviceDraft(ctx.find(id), 'checking the campaign');
      try {
        await ctx.services.requireClient().campaignVerify({ campaign_id: campaignId });
        return { ok: true };
      } catch (error) {
        const problem = problemOf(error);
        if (!problem) throw explainCampaignError(error, 'checking the campaign');
        return { ok: false, problem };
      }
    },

    testCampaign: async ({ id, to }) => {
      const addresses = to.map((address) => address.trim()).filter(Boolean);
      if (addresses.length === 0) throw new UserFacingError('Enter at least one address to send the test to.');
      const invalid = addresses.filter((address) => !isValidEmail(address));
      if (invalid.length > 0) throw new UserFacingError(`Not a valid email address: ${invalid.join(', ')}`);
      const campaignId = await ctx.serviceDraft(ctx.find(id), 'sending the test');
      await ctx.services
        .requireClient()
        .campaignTest({ campaign_id: campaignId, to: addresses })
        .catch((error: unknown) => {
          throw explainCampaignError(error, 'sending the test');
        });
      return { sentTo: addresses };
    },
  };
}
