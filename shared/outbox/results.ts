// What the outbox keeps of the service's answer once an entry went out: one schema per kind. The
// core's senders build them, the bridge carries them typed, the renderer reads them without probing.
// Fields an older desk did not record are optional, so entries stored before a field existed still read.
import { z } from 'zod';
import { sentItem } from '../api/response-schemas';

/**
 * An edit merged with the service's current record (./desk-edit.ts): the fields it changed as the service
 * holds them now (a set: the service's list with this desk's additions and removals), or `unchanged`
 * when the service already held every value, so nothing was pushed.
 */
const mergedEdit = {
  merged: z.record(z.string(), z.json()).optional(),
  unchanged: z.literal(true).optional(),
};

/** A sent SMS or email: its reference id; when its outcome had been unknown, the sent item that proved it went. */
export const messageResult = z.object({
  reference_id: z.string(),
  confirmedBy: z.literal('sent_items').optional(),
  sentItem: sentItem.optional(),
});

/**
 * A guest push: the service's contact_id (absent when several new guests went in one call and the
 * answer did not say which id is whose: `created`), whether a person added it to a guest on file, and
 * whether a "Duplicate check failed" was this entry's own earlier write.
 */
export const contactResult = z.object({
  contact_id: z.string().optional(),
  created: z.literal(true).optional(),
  addedToExistingGuest: z.boolean().optional(),
  matchedOwnEarlierWrite: z.literal(true).optional(),
  ...mergedEdit,
});

/** A purchase: its tx_id, and `staff` when a person said the service had recorded it. */
export const purchaseResult = z.object({
  tx_id: z.string().optional(),
  confirmedBy: z.literal('staff').optional(),
});

/** A booking: its reservation id and its guest's contact_id as the service echoed them. */
export const reservationResult = z.object({
  reservation_id: z.string().optional(),
  contact_id: z.string().optional(),
  matchedOwnEarlierWrite: z.literal(true).optional(),
  ...mergedEdit,
});

/** A campaign sent or scheduled: the service's campaign_id, its count, its time, and how an unknown outcome was settled. */
export const campaignSendResult = z.object({
  campaign_id: z.string().optional(),
  state: z.enum(['sent', 'scheduled']),
  recipients: z.number().optional(),
  send_at: z.string().nullable().optional(),
  confirmedBy: z
    .enum(['campaign_verify 609', 'campaign_verify 612', 'campaign_send 609', 'campaign_send 612'])
    .optional(),
});
