// The outbox's kinds (docs/architecture.md, "The outbox") in one map. Everything else about a kind is
// derived from it: the kind enum of the bridge, the payload each kind stores (one item of its service
// method's request, from shared/api), what the service's answer leaves behind (its result), the bridge's
// entry union keyed by kind, and the core's per-kind tables (preparers, senders, guest-id access), which
// are exhaustive Record<OutboxKind, …> maps: adding a kind here makes the compiler name each of them.
import { z } from 'zod';
import { emailRequest, contactToPush, purchaseItem, reservationToPush, smsRequest } from '../api/request-schemas';
import type { ServiceMethodName } from '../api/methods';
import { campaignSendEntry } from './campaign-send';
import { deskEdit } from './desk-edit';
import { campaignSendResult, contactResult, messageResult, purchaseResult, reservationResult } from './results';

/** What the outbox needs to know about one kind of write. */
export interface OutboxKindSpec {
  /** The client method that delivers it (shared/api). */
  method: ServiceMethodName;
  /** What it is called at the desk ("SMS paused…", the Outbox screen's kind column). */
  label: string;
  /** The service takes it as an array: several entries go in one call. */
  bulk: boolean;
  /**
   * A blind resend would duplicate it (a second message, a second purchase): its claim must be on
   * disk before the call. Guest and booking pushes reconcile by pull_db or upsert by id instead.
   */
  claimMustBeFlushed: boolean;
  /** Staff may edit it before it goes out. */
  editable: boolean;
  /** It carries a reference id chosen at enqueue, looked up in sent_items when its outcome is unknown. */
  referenceId: boolean;
  /**
   * What an entry stores and its sender passes on: one item of `method`'s request schema, or for a
   * kind that makes more than one call (a campaign: its draft, then its send) a schema built from
   * those methods' request schemas.
   */
  payload: z.ZodType;
  /** What the outbox keeps of the service's answer once it went out (shared/outbox/results.ts). */
  result: z.ZodType;
}

/** Every kind of write the outbox carries. Add a kind here; the compiler lists what must handle it. */
export const OUTBOX_KIND_SPECS = {
  sms: {
    method: 'sms',
    label: 'SMS',
    bulk: false,
    claimMustBeFlushed: true,
    editable: true,
    referenceId: true,
    payload: smsRequest,
    result: messageResult,
  },
  email: {
    method: 'email',
    label: 'Email',
    bulk: false,
    claimMustBeFlushed: true,
    editable: true,
    referenceId: true,
    payload: emailRequest,
    result: messageResult,
  },
  push_contact: {
    method: 'pushContact',
    label: 'Guest',
    bulk: true,
    claimMustBeFlushed: false,
    editable: true,
    referenceId: false,
    // An edit of a guest the service has carries its base beside the fields (./desk-edit.ts; never sent).
    payload: contactToPush.extend({ desk_edit: deskEdit.optional() }),
    result: contactResult,
  },
  add_purchase: {
    method: 'addPurchase',
    label: 'Purchase',
    bulk: true,
    claimMustBeFlushed: true,
    editable: false,
    referenceId: false,
    payload: purchaseItem,
    result: purchaseResult,
  },
  push_reservations: {
    method: 'pushReservations',
    label: 'Booking',
    bulk: true,
    claimMustBeFlushed: false,
    editable: false,
    referenceId: false,
    // An edit of a booking the service has carries its base beside it (./desk-edit.ts; never sent).
    payload: reservationToPush.extend({ desk_edit: deskEdit.optional() }),
    result: reservationResult,
  },
  campaign_send: {
    method: 'campaignSend',
    label: 'Campaign',
    bulk: false,
    claimMustBeFlushed: true,
    editable: false,
    referenceId: false,
    payload: campaignSendEntry,
    result: campaignSendResult,
  },
} as const satisfies Record<string, OutboxKindSpec>;

/** A kind of write the outbox carries. */
export type OutboxKind = keyof typeof OUTBOX_KIND_SPECS;

/** The kinds, in the map's order (Object.keys cannot keep the literal types; the map is their source). */
export const OUTBOX_KINDS = Object.keys(OUTBOX_KIND_SPECS) as OutboxKind[];

/** The kind enum the bridge validates with. */
export const outboxKind = z.enum(OUTBOX_KINDS);

type Specs = typeof OUTBOX_KIND_SPECS;

/**
 * The payload an entry of each kind stores and its sender passes to the service: one item of the
 * method's request as shared/api declares it (a message's reference id is kept beside it), or the
 * kind's own payload schema built from the requests it makes. The form after checking (defaults applied).
 */
export type OutboxPayloads = { [K in OutboxKind]: z.output<Specs[K]['payload']> };

/** What each kind keeps of the service's answer once sent. */
export type OutboxResults = { [K in OutboxKind]: z.output<Specs[K]['result']> };

/** The result of kind K (a union over kinds when K is). */
export type OutboxResult<K extends OutboxKind = OutboxKind> = OutboxResults[K];

/** The payload of kind K (a union over kinds when K is). */
export type OutboxPayload<K extends OutboxKind = OutboxKind> = OutboxPayloads[K];

/** Whether a string names a kind the outbox carries. */
export function isOutboxKind(value: unknown): value is OutboxKind {
  return typeof value === 'string' && Object.hasOwn(OUTBOX_KIND_SPECS, value);
}

/** The kinds the service takes as arrays (their batch sizes are configured per kind). */
export type BulkKind = {
  [K in OutboxKind]: (typeof OUTBOX_KIND_SPECS)[K]['bulk'] extends true ? K : never;
}[OutboxKind];

/** Whether several entries of this kind go in one call. */
export function isBulkKind(kind: OutboxKind): kind is BulkKind {
  return OUTBOX_KIND_SPECS[kind].bulk;
}

/** A record without the client_id the outbox stamps on it (a booking's guest included). */
type Unstamped<T> = {
  [P in keyof T as P extends 'client_id' ? never : P]: P extends 'contact' ? Unstamped<T[P]> : T[P];
} & (T extends { client_id: string } ? { client_id?: string } : unknown);

/**
 * What a feature queues for kind K: the payload before the outbox stamps the account's client_id
 * (and checks it with the service's rules). A union keyed by kind when K is.
 */
export type OutboxInput<K extends OutboxKind = OutboxKind> = {
  [P in OutboxKind]: Unstamped<z.input<Specs[P]['payload']>>;
}[K];
