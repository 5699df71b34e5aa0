// campaign_verify: state checks (609, 612), account and header checks (605, 611, 603), then the HTML checks.
import { isValidEmail } from '../../shared/rules/email';
import type { Account } from '../store/accounts';
import { isSentCampaign, type Campaign } from '../store/campaigns';
import type { SandboxDatabase } from '../store/schema';
import { checkCampaignHtml, type VerifyFailure } from './html-checks';

/** Checks that a campaign can be sent; the first failure with its code, or null. */
export function verifyCampaign(db: SandboxDatabase, account: Account, campaign: Campaign): VerifyFailure | null {
  if (campaign.state === 'sent') return { code: 609, message: 'Campaign already sent; create a new one' };
  if (campaign.state === 'scheduled')
    return { code: 612, message: 'Campaign locked by a previous send request; cancel it first' };
  if (!account.campaignsAllowed || campaign.type !== 'email')
    return { code: 605, message: 'Not authorised to send this campaign type' };
  if (campaign.subject.trim() === '') return { code: 611, message: 'No subject' };
  if (campaign.fromName.trim().length < 5 || !isValidEmail(campaign.fromEmail.trim())) {
    return {
      code: 603,
      message:
        'Problem with the from name or from email: the name needs at least 5 characters and the address must be valid',
    };
  }
  return checkCampaignHtml(campaign.html, {
    imported: campaign.imported,
    isSentCampaign: (id) => isSentCampaign(db, id),
  });
}
