import { z } from 'zod';
import { contactRecord } from '../../api/response-schemas';
import { OUTBOX_KIND_SPECS, outboxKind, type OutboxKind, type OutboxPayloads } from '../../outbox/kinds';
import { conflictChoice, editConflict } from '../../outbox/desk-edit';
import { outboxState } from '../../outbox/states';
import { channel } from '../define';

/** A guest the service already has with the email or mobile of a new guest it refused (Duplicate check failed). */
export const existingGuest = z.object({
  contactId: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  /** The guest's record as the service gave it when the refusal was looked into: what adding details would change. */
  record: contactRecord,
});

/** Why an entry needs attention: the service's own words, what to do, and the guests it names. */
export const outboxProblem = z.object({
  message: z.string(),
  whatToDo: z.string(),
  existingGuests: z.array(existingGuest).optional(),
  /** Issue 20: the same field changed here and on another desk; staff keep theirs, this desk's, or type the value. */
  conflict: editConflict.optional(),
});

/** What every outbox entry shows staff, whatever its kind. */
const outboxItemFacts = {
  id: z.string(),
  state: outboxState,
  /** Which guest it concerns (service contact id or local id), for per-guest views and overlays. */
  guestKey: z.string().optional(),
  /** One line: what it is ("SMS to +61 412 345 678: Your table is ready"). */
  summary: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  attempts: z.number().int(),
  /** When waiting: why (offline, backing off) and until when. */
  waitingReason: z.string().optional(),
  nextAttemptAt: z.string().optional(),
  /** When it needs attention: the service's own words, and what to do. */
  problem: outboxProblem.optional(),
  /** Whether staff may edit it (contacts and messages), and a held purchase's decision. */
  editable: z.boolean(),
  awaitingDecision: z.boolean().optional(),
};

/** One kind's entry: its payload as queued (the kind's own schema) and what the service gave back when sent. */
function outboxItemOf<K extends OutboxKind, Payload extends z.ZodType, Result extends z.ZodType>(
  kind: K,
  spec: { payload: Payload; result: Result },
) {
  return z.object({ ...outboxItemFacts, kind: z.literal(kind), payload: spec.payload, result: spec.result.optional() });
}

/** Each kind's entry schema, from its spec; the compiler asks for one when a kind is added to OUTBOX_KIND_SPECS. */
export const OUTBOX_ITEMS = {
  sms: outboxItemOf('sms', OUTBOX_KIND_SPECS.sms),
  email: outboxItemOf('email', OUTBOX_KIND_SPECS.email),
  push_contact: outboxItemOf('push_contact', OUTBOX_KIND_SPECS.push_contact),
  add_purchase: outboxItemOf('add_purchase', OUTBOX_KIND_SPECS.add_purchase),
  push_reservations: outboxItemOf('push_reservations', OUTBOX_KIND_SPECS.push_reservations),
  campaign_send: outboxItemOf('campaign_send', OUTBOX_KIND_SPECS.campaign_send),
} satisfies { [K in OutboxKind]: z.ZodType<{ kind: K; payload: OutboxPayloads[K] }> };

/** One outbox entry as staff see it: a union keyed by kind, each with its own payload and result. */
const { sms, ...otherItems } = OUTBOX_ITEMS;
export const outboxItemView = z.discriminatedUnion('kind', [sms, ...Object.values(otherItems)]);

/** An outbox entry of kind K as the bridge carries it (its payload and result typed by its kind). */
export type OutboxItemOf<K extends OutboxKind = OutboxKind> = Extract<z.output<typeof outboxItemView>, { kind: K }>;

/** The payload staff may change on an entry of each editable kind; the core checks it again with the kind's rules. */
const editedPayload = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sms'), payload: OUTBOX_KIND_SPECS.sms.payload }),
  z.object({ kind: z.literal('email'), payload: OUTBOX_KIND_SPECS.email.payload }),
  z.object({ kind: z.literal('push_contact'), payload: OUTBOX_KIND_SPECS.push_contact.payload }),
]);

/** Counts per state and kinds paused for lack of credits: the navigation badge and the banner. */
export const outboxSummary = z.object({
  counts: z.record(outboxState, z.number().int()),
  paused: z.array(z.object({ kind: outboxKind, reason: z.string() })),
  online: z.boolean(),
});

const byId = z.object({ id: z.string().min(1).max(100) }).strict();

export const outboxChannels = {
  listOutbox: channel(
    z
      .object({
        states: z.array(outboxState).optional(),
        kinds: z.array(outboxKind).optional(),
        guestKey: z.string().max(100).optional(),
        /** Only these entries (those still in the outbox; a missing id was discarded or forgotten). */
        ids: z.array(z.string().min(1).max(100)).max(1000).optional(),
        /** The next page: entries queued before this one. */
        before: z.string().min(1).max(100).optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .strict(),
    z.object({ items: z.array(outboxItemView), summary: outboxSummary }),
  ),
  resendOutboxItem: channel(byId, outboxItemView),
  editOutboxItem: channel(z.object({ id: z.string().min(1).max(100), edit: editedPayload }).strict(), outboxItemView),
  discardOutboxItem: channel(byId, z.object({ discarded: z.boolean() })),
  decideHeldItem: channel(
    z.object({ id: z.string().min(1).max(100), decision: z.enum(['it-was-recorded', 'send-again']) }).strict(),
    outboxItemView,
  ),
  /**
   * A person's choice on a new guest the service refused as a duplicate: it is the guest the service
   * already has (`contactId`, one the problem names); `fields` are the details to add to that guest.
   */
  addToExistingGuest: channel(
    z
      .object({
        id: z.string().min(1).max(100),
        contactId: z.string().min(1).max(100),
        fields: z.array(z.string().min(1).max(100)).max(500),
      })
      .strict(),
    outboxItemView,
  ),
  resumeOutboxKind: channel(z.object({ kind: outboxKind }).strict(), outboxSummary),
  /** Issue 20: a person settles a conflict (the same field changed here and on another desk); it merges again before it goes. */
  resolveOutboxConflict: channel(
    z.object({ id: z.string().min(1).max(100), choice: conflictChoice }).strict(),
    /** The entry, queued again; none when nothing was left to send and it left the outbox. */
    z.object({ item: outboxItemView.optional() }),
  ),
};

/**
 * One entry that changed, as the outboxChanged event names it: its id, kind, state as shown and when
 * it was queued (where it sorts in a list, newest first). A listener that shows more of it reads it
 * with listOutbox({ ids }): an import of 100,000 guests announces each of its entries three times
 * (queued, sending, sent), so a notice carries no more than this.
 */
export const outboxEntryChange = z.object({
  id: z.string(),
  kind: outboxKind,
  state: outboxState,
  createdAt: z.string(),
});

export const outboxEvents = {
  /**
   * The outbox changed: fresh summary, the entries that changed (id, kind and state), and the ids of
   * entries that left it without being sent (discarded, cleared), which the renderer forgets at once.
   */
  outboxChanged: z.object({
    summary: outboxSummary,
    changed: z.array(outboxEntryChange),
    removed: z.array(z.string()),
  }),
};
