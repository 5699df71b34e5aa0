import { z } from 'zod';
import { purchaseItem } from '../../api/request-schemas';
import { sentItem, smsReply } from '../../api/response-schemas';
import { deskEdit } from '../../outbox/desk-edit';
import { outboxState } from '../../outbox/states';
import { LOCAL_GUEST_ID_PATTERN, LOCAL_GUEST_ID_PREFIX } from '../../rules/guest-id';
import { channel } from '../define';
import { pulledPageCounts } from './pulled-page';

/** Largest page of contacts one bridge message carries while the renderer fetches a pull. */
export const GUEST_PAGE_LIMIT = 2000;

/** A contact as pull_db returns it: client_id, contact_id, svc_categories and the custom fields. */
const contactRecord = z.looseObject({});

/** A value staff may set on a contact field (the service stores text, numbers and booleans). */
const fieldValue = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);
const fieldName = z.string().min(1).max(100);
const guestKey = z.string().min(1).max(100);
const categoryName = z.string().trim().min(1, 'A category needs a name').max(100);
/** A wall-clock time in the account's zone, as the service takes it (`YYYY-MM-DD HH:MM:SS`). */
const serviceDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'Use the form YYYY-MM-DD HH:MM:SS');
const instant = z.iso.datetime({ offset: true });

/** The desk's id for a guest recorded here and not yet confirmed by the service. */
export const localGuestId = z
  .string()
  .regex(LOCAL_GUEST_ID_PATTERN, `A local guest id looks like ${LOCAL_GUEST_ID_PREFIX}<uuid>`);

/** What a queued write answers: the outbox entry to follow, and the guest it concerns. */
export const queuedWrite = z.object({ outboxId: z.string(), state: outboxState, guestKey: z.string().optional() });

/** One multipleSelect option checked or unchecked (sent as svc_multiselect_modify). */
const multiselectChange = z
  .object({ field: fieldName, option: z.string().min(1).max(200), checked: z.boolean() })
  .strict();

/** The purchase fields of the reference (2.5), without the ids the core adds; the core applies the defaults and the service's validation. */
export const purchaseInput = purchaseItem.omit({ client_id: true, contact_id: true }).strict();

/** A sent item (reference 2.7), as the client reads it. */
const sentItemView = sentItem;

/** An SMS reply (reference 2.8), as the client reads it. */
const smsReplyView = smsReply;

/** Who a one-off message is for (the guest, when it is about one) and when it goes (now when omitted). */
const messageFor = { guestKey: guestKey.optional(), sendAt: serviceDateTime.optional() };

const dateRange = {
  /** Instants; the core turns them into the service's datetimes in the account's zone. */
  from: instant.optional(),
  to: instant.optional(),
};

/** Guest lookup, sync, profile edits, purchases and one-off messages (issue 6). */
export const guestChannels = {
  /**
   * Pulls contacts with pull_db (all of them, or those touched since an instant) into the core for the
   * renderer to fetch in pages. Answered as soon as the service's answer is known to be a list: the contacts
   * keep arriving while their pages are fetched, so `total` is not known then (it is only when a whole list is
   * held). `startedAt` is the core's clock when the pull began: the next incremental pull starts from it (less
   * an overlap).
   */
  pullGuests: channel(
    z.object({ touchedFrom: instant.optional() }).strict(),
    z.object({ pullId: z.string(), total: z.number().int().nonnegative().optional(), startedAt: z.string() }),
  ),
  /**
   * One page of a pull, once `limit` contacts after `offset` are in (or the answer has ended): `remaining` are
   * held after it; `more`: the answer is still arriving, so ask again even when none remain. The pull is
   * forgotten once its last page has been fetched.
   */
  pullGuestsPage: channel(
    z
      .object({
        pullId: z.string().min(1).max(100),
        offset: z.number().int().nonnegative(),
        limit: z.number().int().min(1).max(GUEST_PAGE_LIMIT),
      })
      .strict(),
    z.object({ contacts: z.array(contactRecord), ...pulledPageCounts }),
    // Each contact was validated with the service's contact schema where pull_db's answer entered the core
    // (shared/api/streamed-answer.ts): a page of 2,000 is not validated again on its way out.
    { answerShape: z.object({ contacts: z.array(z.unknown()), ...pulledPageCounts }) },
  ),
  /**
   * Queues a profile edit (push_contact): changed fields, multipleSelect checks, the category list as staff
   * left it. `deskEdit`: the guest's fields as staff saw them when they began; the outbox merges the edit
   * with the service's guest before it goes, categories as additions and removals (issue 20).
   */
  saveGuest: channel(
    z
      .object({
        guestKey,
        changes: z.record(fieldName, fieldValue),
        multiselect: z.array(multiselectChange).max(500).optional(),
        categories: z.array(categoryName).max(200).optional(),
        deskEdit: deskEdit.optional(),
      })
      .strict(),
    queuedWrite,
  ),
  /** Queues a new guest (push_contact without contact_id) under a local id. */
  createGuest: channel(
    z
      .object({
        localId: localGuestId,
        fields: z.record(fieldName, fieldValue),
        categories: z.array(categoryName).max(200).optional(),
      })
      .strict(),
    queuedWrite,
  ),
  /** Queues a purchase for a guest (add_purchase). */
  addGuestPurchase: channel(z.object({ guestKey, item: purchaseInput }).strict(), queuedWrite),
  /** Queues a one-off SMS; refused with the reason when the service would refuse it. */
  sendGuestSms: channel(
    z
      .object({ ...messageFor, from: z.string().max(40), to: z.string().max(40), message: z.string().max(2000) })
      .strict(),
    queuedWrite,
  ),
  /** Queues a one-off email. */
  sendGuestEmail: channel(
    z
      .object({
        ...messageFor,
        toName: z.string().max(200),
        toEmail: z.string().max(254),
        fromName: z.string().max(200),
        fromEmail: z.string().max(254),
        subject: z.string().max(500),
        html: z.string().max(200_000),
      })
      .strict(),
    queuedWrite,
  ),
  /** Sent items (sent_items) in a time range, optionally one reference or a reference prefix. */
  listSentItems: channel(
    z
      .object({
        ...dateRange,
        type: z.enum(['email', 'sms', 'social']).optional(),
        referenceId: z.string().max(60).optional(),
        prefix: z.string().max(60).optional(),
      })
      .strict(),
    z.object({ items: z.array(sentItemView) }),
  ),
  /** SMS replies (sms_inbox) in a time range. */
  listSmsReplies: channel(
    z.object({ ...dateRange, prefix: z.string().max(60).optional() }).strict(),
    z.object({ replies: z.array(smsReplyView) }),
  ),
};

export const guestEvents = {};
