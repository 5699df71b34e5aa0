// Links inside sent email: unsubscribe (#unsubscribe#) and tracked campaign links.
import type { SandboxContext } from '../context';
import { escapeHtml } from '../http/envelope';
import { page, problemPage } from '../http/pages';
import { findAccountByClientId } from '../store/accounts';
import { findCampaignLink } from '../store/campaigns';
import { optOutEmail } from '../store/contacts';
import { sql } from '../store/schema';

/** GET /unsubscribe/<client_id>/<reference_id>/<email, base64url>: opts the address out and counts it on the sent item. */
export function unsubscribe(
  ctx: SandboxContext,
  clientId: string,
  referenceId: string,
  encodedEmail: string,
): Response {
  const account = findAccountByClientId(ctx.db, clientId);
  const email = Buffer.from(encodedEmail, 'base64url').toString('utf8');
  if (!account || !email.includes('@'))
    return problemPage(
      'Unsubscribe link not valid',
      'This unsubscribe link is damaged. Reply to the email to be removed.',
      404,
    );
  ctx.db.transaction(() => {
    optOutEmail(ctx.db, account.id, email, ctx.now().getTime());
    sql(
      ctx.db,
      `UPDATE sent_items SET count_optout = count_optout + 1 WHERE id = (
      SELECT id FROM sent_items WHERE account_id = ? AND reference_id = ? ORDER BY id DESC LIMIT 1)`,
    ).run(account.id, referenceId);
  })();
  return page('You are unsubscribed', `<p>You will no longer receive email from ${escapeHtml(account.name)}.</p>`);
}

/** GET /r/<campaign_id>/<n>: redirects a tracked link to its original address. */
export function followTrackedLink(ctx: SandboxContext, campaignId: string, index: string): Response {
  const target = /^\d+$/.test(index) ? findCampaignLink(ctx.db, campaignId, Number(index)) : undefined;
  if (!target) return problemPage('Link not found', 'This link is no longer available.', 404);
  return new Response(null, { status: 302, headers: { location: target } });
}
