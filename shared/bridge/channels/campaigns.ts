import { z } from 'zod';
import { AUDIENCE_MODIFIERS } from '../../rules/campaign-audience';
import { channel } from '../define';
import { isSafeExternalUrl } from '../external-url';

const campaignKey = z.string().regex(/^cmp-[a-z0-9-]{8,64}$/, 'A campaign id looks like cmp-<uuid>');
const serviceDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'Use the form YYYY-MM-DD HH:MM:SS');

/**
 * The address of a web page the service imports as the body: empty while staff have not typed one, or
 * https to a real host without a user name or password (the rule of links the desk opens), never
 * http, file:, javascript: or anything else the service would be asked to fetch.
 */
const webPageAddress = z
  .string()
  .max(2000)
  .refine((url) => url === '' || isSafeExternalUrl(url), 'The web page address must be a full https:// address.');

/** The body: HTML written or pasted here, or a web page the service imports. */
const campaignBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('html'), html: z.string().max(2_000_000) }).strict(),
  z.object({ kind: z.literal('url'), url: webPageAddress, importImages: z.boolean() }).strict(),
]);

/** Who it goes to (reference §4.3): category ids and/or modifiers, age range, gender. */
const campaignAudience = z
  .object({
    categories: z.array(z.union([z.enum(AUDIENCE_MODIFIERS), z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)])).max(200),
    ageFrom: z.number().int().min(0).max(150).optional(),
    ageTo: z.number().int().min(0).max(150).optional(),
    gender: z.enum(['m', 'f']).optional(),
  })
  .strict();

/** Where a campaign stands: a draft; waiting in the outbox to be sent or scheduled; scheduled; sent; refused by the service. */
export const campaignState = z.enum(['draft', 'queued', 'scheduled', 'sent', 'refused']);

/** A refusal of the service, with the desk's explanation. */
export const campaignProblem = z.object({
  code: z.number().int().optional(),
  message: z.string(),
  title: z.string(),
  whatToDo: z.string(),
});

/** The editable part of a campaign. */
export const campaignContent = z
  .object({
    name: z.string().max(200),
    subject: z.string().max(500),
    fromName: z.string().max(200),
    fromEmail: z.string().max(254),
    body: campaignBody,
    audience: campaignAudience,
  })
  .strict();

/** A body as the desk keeps it: a draft saved before addresses had to be https is still listed, as it is. */
const storedCampaignBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('html'), html: z.string() }),
  z.object({ kind: z.literal('url'), url: z.string(), importImages: z.boolean() }),
]);

/** A campaign as the desk keeps it. */
export const campaignView = campaignContent.extend({
  body: storedCampaignBody,
  id: z.string(),
  state: campaignState,
  /** The service's campaign_id of the draft made from the current content, if one was made. */
  campaignId: z.string().optional(),
  /** When it goes or went (the service's time, in the account's zone); absent for "now". */
  sendAt: z.string().optional(),
  /** The desk's estimate of the recipients when it was sent or scheduled, and the service's own count. */
  estimate: z.number().int().optional(),
  recipients: z.number().int().optional(),
  /** Last refusal of the service, explained. */
  problem: campaignProblem.optional(),
  /** A queued send: its outbox entry. */
  outboxId: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().optional(),
});

const byKey = z.object({ id: campaignKey }).strict();

/** The result of the service's campaign_verify: fine, or its code explained. */
const verifyResult = z.object({ ok: z.boolean(), problem: campaignProblem.optional() });

/** Email campaigns (issue 14): kept in the desk's SQLite, checked, tested and sent through the service. */
export const campaignChannels = {
  /** Every campaign of the connected account, newest first. */
  listCampaigns: channel(z.object({}).strict(), z.object({ campaigns: z.array(campaignView) })),
  /** Saves a draft as typed (a new one when the id is new); refused once it is scheduled, queued or sent. */
  saveCampaignDraft: channel(z.object({ id: campaignKey, content: campaignContent }).strict(), campaignView),
  /** Forgets a draft (the service keeps its own copy of any draft it made). */
  deleteCampaign: channel(byKey, z.object({ deleted: z.boolean() })),
  /** A new draft with the same content (to send a sent campaign again). */
  copyCampaign: channel(z.object({ id: campaignKey, newId: campaignKey }).strict(), campaignView),
  /** The service's own check (campaign_verify) of the current content. */
  verifyCampaign: channel(byKey, verifyResult),
  /** Sends the draft to a few addresses (campaign_test). */
  testCampaign: channel(
    z.object({ id: campaignKey, to: z.array(z.string().max(254)).min(1).max(20) }).strict(),
    z.object({ sentTo: z.array(z.string()) }),
  ),
  /** Sends now or schedules (campaign_send); offline, it is queued in the outbox. */
  sendCampaign: channel(
    z
      .object({
        id: campaignKey,
        audience: campaignAudience,
        sendAt: serviceDateTime.optional(),
        estimate: z.number().int().nonnegative(),
      })
      .strict(),
    campaignView,
  ),
  /** Cancels a scheduled campaign (campaign_cancel): back to a draft. */
  cancelCampaign: channel(byKey, campaignView),
};

export const campaignEvents = {
  /** A campaign changed in the core (a queued send went out or was refused). */
  campaignChanged: campaignView,
};
