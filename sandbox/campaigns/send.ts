// Sending a campaign: tracked links, one log entry per recipient, the sent item; and scheduled sends when due.
import { parse } from 'node-html-parser';
import type { SandboxContext } from '../context';
import { logDelivery, recordSentItem } from '../domain/messages';
import { findAccountById, refundCredits, spendCredits, type Account } from '../store/accounts';
import { dueCampaigns, findCampaign, markSent, saveCampaignLink, type Campaign } from '../store/campaigns';
import { selectRecipients, type RecipientSelection } from './recipients';

/** What a scheduled campaign keeps of its send request. */
export interface StoredSelection extends RecipientSelection {
  origin: string;
}

/** Rewrites each http(s) link to a tracked /r/<campaign>/<n> address and remembers the original. */
function trackLinks(ctx: SandboxContext, campaign: Campaign, origin: string): string {
  const root = parse(campaign.html, { comment: true, blockTextElements: { script: true, style: true, pre: true } });
  let index = 0;
  for (const link of root.querySelectorAll('a')) {
    const href = (link.getAttribute('href') ?? '').trim();
    if (!/^https?:\/\//i.test(href)) continue;
    index += 1;
    saveCampaignLink(ctx.db, campaign.id, index, href);
    link.setAttribute('href', `${origin}/r/${campaign.id}/${index}`);
  }
  return root.toString();
}

/** Sends a campaign now to the recipients matching `selection`; credits already taken are `prepaid`. Returns the count. */
export function deliverCampaign(
  ctx: SandboxContext,
  account: Account,
  campaign: Campaign,
  selection: StoredSelection,
  prepaid: number,
): number {
  const recipients = selectRecipients(ctx.db, account.id, selection, ctx.now(), account.timezone);
  // A scheduled campaign may find more or fewer recipients at send time than when it was booked.
  if (recipients.length > prepaid)
    spendCredits(
      ctx.db,
      account.id,
      'email',
      Math.min(recipients.length - prepaid, findAccountById(ctx.db, account.id)!.emailCredits),
    );
  if (recipients.length < prepaid) refundCredits(ctx.db, account.id, 'email', prepaid - recipients.length);
  const html = trackLinks(ctx, campaign, selection.origin);
  const from = `${campaign.fromName} <${campaign.fromEmail}>`;
  for (const recipient of recipients) {
    // The per-recipient body is not stored: the log keeps who got which subject; the sent item keeps the body as sent (tracked links).
    logDelivery(ctx, {
      accountId: account.id,
      channel: 'email',
      kind: 'campaign',
      referenceId: campaign.id,
      to: recipient.email,
      from,
      subject: campaign.subject,
      message: null,
    });
  }
  recordSentItem(ctx.db, {
    accountId: account.id,
    referenceId: campaign.id,
    type: 'email',
    timestamp: ctx.now().getTime(),
    count: recipients.length,
    message: html,
    fromName: campaign.fromName,
    subject: campaign.subject,
    campaignId: campaign.id,
  });
  markSent(ctx.db, campaign.id, recipients.length, ctx.now().getTime());
  return recipients.length;
}

/** Sends every scheduled campaign whose time has come; returns how many went out. */
export function deliverDueCampaigns(ctx: SandboxContext): number {
  let sent = 0;
  for (const due of dueCampaigns(ctx.db, ctx.now().getTime())) {
    ctx.db.transaction(() => {
      const campaign = findCampaign(ctx.db, due.accountId, due.id);
      const account = findAccountById(ctx.db, due.accountId);
      if (!campaign || campaign.state !== 'scheduled' || !account) return;
      const selection = JSON.parse(campaign.selection ?? '{"categories":["none"],"origin":""}') as StoredSelection;
      deliverCampaign(ctx, account, campaign, selection, campaign.creditsReserved);
      sent += 1;
    })();
  }
  return sent;
}
