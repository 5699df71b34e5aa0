// Request shapes of every API method (reference §4). A field is required here only where the call means
// nothing without it (the ids it acts on, a message's recipient and body). Lengths, formats and either-or
// rules are left to the service, whose own words the desk shows; shared/rules checks them before enqueue.
import { z } from 'zod';

/** A datetime: a Date (written in the account's zone when sent) or text already in the service's form. */
export const serviceDateTime = z.union([z.date(), z.string()]);

/** Text the service may also take as a number (phone numbers, prices, quantities). */
const textOrNumber = z.union([z.string(), z.number()]);

export const campaignCreateRequest = z.strictObject({
  campaign_name: z.string(),
  type: z.literal('email').default('email'),
  subject: z.string().optional(),
  from_name: z.string().optional(),
  from_email: z.string().optional(),
  html: z.string().optional(),
  url: z.string().optional(),
  import_images: z.boolean().optional(),
});

/** A category id from `categories`, or one of the modifiers of §4.3. */
const categorySelector = z.string();

export const campaignSendRequest = z.strictObject({
  campaign_id: z.string(),
  category_id: z.union([categorySelector, z.array(categorySelector)]).optional(),
  send_at: serviceDateTime.optional(),
  age_from: z.number().int().nonnegative().optional(),
  age_to: z.number().int().nonnegative().optional(),
  gender: z.enum(['m', 'f']).optional(),
});

export const campaignIdRequest = z.strictObject({ campaign_id: z.string() });

export const campaignTestRequest = z.strictObject({ campaign_id: z.string(), to: z.array(z.string()) });

export const emailRequest = z.strictObject({
  to_name: z.string().optional(),
  to_email: z.string(),
  from_name: z.string().optional(),
  from_email: z.string(),
  html: z.string(),
  subject: z.string(),
  reference_id: z.string().optional(),
  send_at: serviceDateTime.optional(),
});

export const smsRequest = z.strictObject({
  from: z.string(),
  to: textOrNumber,
  message: z.string(),
  reference_id: z.string().optional(),
  send_at: serviceDateTime.optional(),
});

export const sentItemsRequest = z.strictObject({
  date_start: serviceDateTime.optional(),
  date_end: serviceDateTime.optional(),
  prefix: z.string().optional(),
  reference_id: z.string().optional(),
  type: z.enum(['email', 'social', 'sms']).optional(),
});

export const smsInboxRequest = z.strictObject({
  date_start: serviceDateTime.optional(),
  date_end: serviceDateTime.optional(),
  prefix: z.string().optional(),
});

export const getContactFieldsRequest = z.strictObject({ client_id: z.string(), expand: z.boolean().optional() });

export const addContactFieldRequest = z.strictObject({
  label: z.string(),
  // Plain text rather than an enum: "Unsupported field type specified" is the service's to say.
  type: z.string(),
  append_after: z.string().optional(),
});

/** The client database and the optional "inserted or updated" window of the pull methods (either end alone is fine). */
const touchedWindow = {
  client_id: z.string(),
  touched_from: serviceDateTime.optional(),
  touched_to: serviceDateTime.optional(),
};

export const pullDbRequest = z.strictObject({
  ...touchedWindow,
  member_id: z.string().optional(),
  MemberNumber: z.string().optional(),
  PatronEmail: z.string().optional(),
  PatronMobile: z.string().optional(),
  PatronName: z.string().optional(),
  CardNumber: z.string().optional(),
  PatronSurname: z.string().optional(),
});

export const multiselectModification = z.strictObject({ field: z.string(), option: z.string(), checked: z.boolean() });

/** A contact to insert or update; custom fields (PatronEmail, MemberNumber…) ride along by name, unchecked as the service leaves them (§4.14). */
export const contactToPush = z.looseObject({
  client_id: z.string(),
  contact_id: z.string().optional(),
  svc_categories: z.string().optional(),
  svc_multiselect_modify: z.array(multiselectModification).optional(),
});

export const pushContactRequest = z.array(contactToPush);

export const categoriesRequest = z.strictObject({});

export const purchaseItem = z.looseObject({
  client_id: z.string(),
  contact_id: z.string(),
  tx_id: z.string().optional(),
  item_cat: z.string().optional(),
  item_dep: z.string().optional(),
  item_store: z.string().optional(),
  item_brand: z.string().optional(),
  item_code: z.string().optional(),
  item_desc: z.string().optional(),
  item_adj: z.string().optional(),
  item_qty: textOrNumber.optional(),
  price: textOrNumber.optional(),
  purchased_at: serviceDateTime.optional(),
});

export const addPurchaseRequest = z.array(purchaseItem);

export const pullReservationsRequest = z.strictObject(touchedWindow);

export const reservationToPush = z.strictObject({
  reservation: z.looseObject({
    // Without an id the service assigns one and reports it as reservation_id.
    id: z.string().optional(),
    total_attendees: textOrNumber.optional(),
    attendee_names: z.union([z.string(), z.array(z.string())]).optional(),
  }),
  contact: z.looseObject({ client_id: z.string(), contact_id: z.string().optional() }),
});

export const pushReservationsRequest = z.array(reservationToPush);

export const getReservationFieldsRequest = z.strictObject({ client_id: z.string() });
