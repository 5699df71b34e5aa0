// Response shapes of every API method (reference §2, §4). Objects are loose: fields the reference does not
// list pass through untouched, so a service that adds fields does not break the desk.
import { z } from 'zod';
import { reservationRecord } from './reservation-record';

/** An id the service may send as a number or a string; always a string to us. */
export const idText = z.union([z.string(), z.number()]).transform(String);

/** A number the service may send as numeric text. */
export const numeric = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** The success envelope of the campaign/message methods (§4.1), yielding its `data`. */
function envelopeData<Data extends z.ZodType>(data: Data) {
  return z
    .looseObject({ result: z.literal(true), message: z.string().optional(), data })
    .transform((body) => body.data as z.output<Data>);
}

/** A success envelope whose only content is the service's message (email, sms). */
export const messageOnlyResponse = z
  .looseObject({ result: z.literal(true), message: z.string().optional() })
  .transform((body) => ({ message: body.message ?? '' }));

const campaignRef = z.looseObject({ campaign_id: idText });

export const campaignCreateResponse = envelopeData(campaignRef);
export const campaignRefResponse = envelopeData(campaignRef);
export const campaignSendResponse = envelopeData(
  z.looseObject({ campaign_id: idText, recipients: numeric, send_at: z.string().nullish() }),
);

export const sentItem = z.looseObject({
  reference_id: z.string(),
  type: z.string(),
  timestamp: z.string().optional(),
  count: numeric.optional(),
  message: z.string().nullish(),
  from_name: z.string().nullish(),
  count_optout: numeric.optional(),
  subject: z.string().nullish(),
  count_open: numeric.optional(),
  count_auto_optout: numeric.optional(),
  count_bounced: numeric.optional(),
  count_spam: numeric.optional(),
});
export const sentItemsResponse = envelopeData(z.array(sentItem));

export const smsReply = z.looseObject({
  timestamp: z.string(),
  number: idText,
  to: idText.optional(),
  reference_id: z.string().nullish(),
  message: z.string(),
});
export const smsInboxResponse = envelopeData(z.array(smsReply));

/** A field definition of the expanded listing (§2.3); options only for the select types. */
export const fieldDefinition = z.looseObject({
  name: z.string(),
  type: z.string(),
  label: z.string().optional(),
  options: z.array(z.string()).optional(),
});

/** get_contact_fields: names only, or definitions with `expand`. */
export const contactFieldsResponse = z.looseObject({ fields: z.array(z.union([z.string(), fieldDefinition])) });

export const addContactFieldResponse = envelopeData(
  z.looseObject({ name: z.string(), label: z.string(), type: z.string() }),
);

/** A stored contact: its ids and categories plus whatever custom fields the account has. */
export const contactRecord = z.looseObject({
  client_id: idText,
  contact_id: idText,
  svc_categories: z.string().nullish(),
});
export const pullDbResponse = z.array(contactRecord);

/** Why one item of a bulk call failed (§4.14): the service's code and words. */
export const failureReason = z.looseObject({ code: numeric, desc: z.string() });

/** A bulk call's answer: accepted items and per-item failures, each failure with its reason. */
function bulkResponse<Accepted extends z.ZodType, Failed extends z.ZodType>(accepted: Accepted, failed: Failed) {
  return z
    .looseObject({ success: z.array(accepted).default([]), failures: z.array(failed).default([]) })
    .transform((body) => ({
      success: body.success as z.output<Accepted>[],
      failures: body.failures as z.output<Failed>[],
    }));
}

export const pushContactResponse = bulkResponse(
  z.looseObject({ client_id: idText, contact_id: idText }),
  z.looseObject({ client_id: idText.nullish(), contact_id: idText.nullish(), reason: failureReason }),
);

export const categoriesResponse = envelopeData(
  z.looseObject({ categories: z.array(z.looseObject({ name: z.string(), id: idText })) }),
);

export const addPurchaseResponse = bulkResponse(z.looseObject({}), z.looseObject({ reason: failureReason }));

/** pull_reservations' element: checked by hand (reservation-record.ts), as its answers are the longest the desk reads. */
export { reservationRecord };
export type { ReservationRecord } from './reservation-record';
export const pullReservationsResponse = z.array(reservationRecord);

export const pushReservationsResponse = bulkResponse(
  z.looseObject({ client_id: idText, contact_id: idText, reservation_id: idText }),
  z.looseObject({
    client_id: idText.nullish(),
    contact_id: idText.nullish(),
    reservation_id: idText.nullish(),
    reason: failureReason,
  }),
);

export const reservationFieldsResponse = z.looseObject({ fields: z.array(fieldDefinition) });

export const requestTokenResponse = envelopeData(
  z.looseObject({ token: z.string(), secret: z.string(), client_id: idText }),
);

/** A contact as pull_db returns it. */
export type ContactRecord = z.output<typeof contactRecord>;
/** A sent SMS or email as sent_items lists it. */
export type SentItem = z.output<typeof sentItem>;
/** An SMS reply as sms_inbox lists it. */
export type SmsReply = z.output<typeof smsReply>;
/** A contact or reservation field definition. */
export type FieldDefinition = z.output<typeof fieldDefinition>;
/** Why one item of a bulk call failed. */
export type FailureReason = z.output<typeof failureReason>;
