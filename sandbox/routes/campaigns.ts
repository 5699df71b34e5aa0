// Campaign methods: create, verify, test, send, cancel (sections 3, 4.2–4.6, 7.2).
import { formatServiceDateTime } from '../../shared/rules/datetime';
import { isValidEmail } from '../../shared/rules/email';
import { importPage } from '../campaigns/page-import';
import { deliverCampaign, type StoredSelection } from '../campaigns/send';
import { CATEGORY_MODIFIERS, selectRecipients } from '../campaigns/recipients';
import { verifyCampaign } from '../campaigns/verify';
import { logDelivery } from '../domain/messages';
import { unsubscribeUrl, withUnsubscribeLink } from '../domain/unsubscribe';
import { jsonResponse } from '../http/envelope';
import { optionalBoolean, optionalNonBlank, optionalNumber, optionalText, textList } from '../http/params';
import { refundCredits, spendCredits } from '../store/accounts';
import { existingCategoryIds } from '../store/categories';
import { findCampaign, insertCampaign, markDraft, markScheduled, type Campaign } from '../store/campaigns';
import type { MethodCall, MethodDefinition } from './api';
import { optionalDateTime } from './time-filters';

/** A failure with its code, as the campaign methods answer. */
const fail = (message: string, code: number) => jsonResponse({ result: false, message, code });
/** A success with data. */
const ok = (message: string, data: Record<string, unknown>) => jsonResponse({ result: true, message, data });

/** campaign_create: a new email draft. */
async function campaignCreate({ ctx, account, params }: MethodCall): Promise<Response> {
  if (account.emailCredits <= 0) return fail('Insufficient Credits', 400);
  const html = optionalNonBlank(params, 'html');
  const url = optionalNonBlank(params, 'url');
  if (html !== undefined && url !== undefined)
    return fail('You cannot pass both the URL and HTML field options when sending an email', 400);
  const type = optionalNonBlank(params, 'type');
  if (type === undefined) return fail('Missing Option type', 400);
  if (type !== 'email') return fail(`Unsupported campaign type "${type}": only email campaigns are supported`, 400);
  // Missing means not sent at all; a blank subject or short name is stored and caught by verification (611, 603).
  const subject = optionalText(params, 'subject');
  if (subject === undefined) return fail('Missing Option subject', 400);
  const fromName = optionalText(params, 'from_name');
  if (fromName === undefined) return fail('Missing Option from_name', 400);
  if (html === undefined && url === undefined) return fail('Missing Option html', 400);
  const importImages = optionalBoolean(params, 'import_images') ?? false;
  let body = html ?? '';
  if (url !== undefined) {
    const imported = await importPage(url, ctx.pageImport);
    if ('problem' in imported) return fail(imported.problem, 400);
    body = imported.html;
  }
  const campaignId = insertCampaign(
    ctx.db,
    account.id,
    {
      name: optionalNonBlank(params, 'campaign_name') ?? subject.trim(),
      type,
      subject: subject.trim(),
      fromName: fromName.trim(),
      fromEmail: optionalNonBlank(params, 'from_email') ?? '',
      html: body,
      url: url ?? null,
      importImages,
    },
    ctx.now().getTime(),
  );
  return ok('Campaign created', { campaign_id: campaignId });
}

/** The campaign named by campaign_id, or the failure to answer with. */
function campaignOf(call: MethodCall, notFound: { message: string; code: number }): Campaign | Response {
  const id = optionalNonBlank(call.params, 'campaign_id');
  if (id === undefined) return fail('Missing Option campaign_id', 400);
  return findCampaign(call.ctx.db, call.account.id, id) ?? fail(notFound.message, notFound.code);
}

const LOOKUP_FAILED = 'There was an error getting that campaign';

/** campaign_verify: checks everything a send would check, sends nothing. */
function campaignVerify(call: MethodCall): Response {
  const campaign = campaignOf(call, { message: LOOKUP_FAILED, code: 400 });
  if (campaign instanceof Response) return campaign;
  const failure = verifyCampaign(call.ctx.db, call.account, campaign);
  return failure
    ? fail(failure.message, failure.code)
    : ok('Campaign verified: it can be sent', { campaign_id: campaign.id });
}

/** campaign_test: sends the draft to a few addresses; the campaign stays as it was. */
function campaignTest(call: MethodCall): Response {
  const campaign = campaignOf(call, { message: LOOKUP_FAILED, code: 500 });
  if (campaign instanceof Response) return campaign;
  const to = (textList(call.params, 'to') ?? []).map((address) => address.trim()).filter(Boolean);
  if (to.length === 0) return fail('Missing Option to', 400);
  const invalid = to.filter((address) => !isValidEmail(address));
  if (invalid.length > 0) return fail(`Invalid test address: ${invalid.join(', ')}`, 400);
  for (const address of to) {
    logDelivery(call.ctx, {
      accountId: call.account.id,
      channel: 'email',
      kind: 'campaign_test',
      referenceId: campaign.id,
      to: address,
      from: `${campaign.fromName} <${campaign.fromEmail}>`,
      subject: campaign.subject,
      message: withUnsubscribeLink(
        campaign.html,
        unsubscribeUrl(call.origin, call.account.clientId, campaign.id, address),
      ),
    });
  }
  return ok(`Test sent to ${to.length} address${to.length === 1 ? '' : 'es'}`, { campaign_id: campaign.id });
}

/** The recipient filter of a send request, or the failure to answer with. */
function selectionOf(call: MethodCall): StoredSelection | Response {
  const categories = (textList(call.params, 'category_id') ?? []).map((value) => value.trim()).filter(Boolean);
  if (categories.length === 0) return fail('Missing Option category_id', 400);
  const ids = categories.filter((value) => !(CATEGORY_MODIFIERS as readonly string[]).includes(value));
  const known = existingCategoryIds(call.ctx.db, call.account.id, ids);
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0)
    return fail(
      `Invalid category_id: ${unknown.join(', ')} (use ids from categories, or all, none, uncategorized)`,
      400,
    );
  const selection: StoredSelection = { categories, origin: call.origin };
  const gender = optionalNonBlank(call.params, 'gender');
  if (gender !== undefined && gender !== 'm' && gender !== 'f') return fail('gender must be m or f', 400);
  if (gender) selection.gender = gender;
  const ageFrom = optionalNumber(call.params, 'age_from');
  const ageTo = optionalNumber(call.params, 'age_to');
  if (ageFrom !== undefined) selection.ageFrom = ageFrom;
  if (ageTo !== undefined) selection.ageTo = ageTo;
  if (ageFrom !== undefined && ageTo !== undefined && ageFrom > ageTo)
    return fail('age_from is greater than age_to', 400);
  return selection;
}

/** campaign_send: now, or at send_at (then scheduled, cancellable). */
function campaignSend(call: MethodCall): Response {
  const { ctx, account } = call;
  const campaign = campaignOf(call, { message: LOOKUP_FAILED, code: 400 });
  if (campaign instanceof Response) return campaign;
  const failure = verifyCampaign(ctx.db, account, campaign);
  if (failure) return fail(failure.message, failure.code);
  const selection = selectionOf(call);
  if (selection instanceof Response) return selection;
  const sendAt = optionalDateTime(call.params, 'send_at', account.timezone);
  const now = ctx.now();
  const recipients = selectRecipients(ctx.db, account.id, selection, now, account.timezone).length;
  if (recipients === 0) return fail('No recipients matched', 400);
  return ctx.db.transaction(() => {
    if (!spendCredits(ctx.db, account.id, 'email', recipients)) return fail('Unable to allocate credits', 400);
    if (sendAt !== undefined && sendAt > now.getTime()) {
      markScheduled(ctx.db, campaign.id, sendAt, JSON.stringify(selection), recipients, recipients);
      ctx.wakeScheduler();
      return ok('Campaign scheduled', {
        campaign_id: campaign.id,
        recipients,
        send_at: formatServiceDateTime(new Date(sendAt), account.timezone),
      });
    }
    const sent = deliverCampaign(ctx, account, campaign, selection, recipients);
    return ok('Campaign sent', {
      campaign_id: campaign.id,
      recipients: sent,
      send_at: formatServiceDateTime(now, account.timezone),
    });
  })();
}

/** campaign_cancel: a scheduled campaign goes back to the drafts and its credits come back. */
function campaignCancel(call: MethodCall): Response {
  const id = optionalNonBlank(call.params, 'campaign_id');
  const campaign = id === undefined ? undefined : findCampaign(call.ctx.db, call.account.id, id);
  if (!campaign || campaign.state !== 'scheduled') return fail('Could not cancel campaign', 500);
  call.ctx.db.transaction(() => {
    refundCredits(call.ctx.db, call.account.id, 'email', campaign.creditsReserved);
    markDraft(call.ctx.db, campaign.id);
  })();
  return ok('Campaign cancelled; it is back in the email drafts', { campaign_id: campaign.id });
}

/** The campaign method group. */
export const campaignMethods: MethodDefinition[] = [
  { name: 'campaign_create', encoding: 'form', handle: campaignCreate },
  { name: 'campaign_send', encoding: 'form', handle: campaignSend },
  { name: 'campaign_cancel', encoding: 'form', handle: campaignCancel },
  { name: 'campaign_test', encoding: 'form', handle: campaignTest },
  { name: 'campaign_verify', encoding: 'form', handle: campaignVerify },
];
