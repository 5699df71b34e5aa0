// One declaration per API method of the reference (§4.2–4.19): the contract the client is built from.
import type { z } from 'zod';
import * as req from './request-schemas';
import * as res from './response-schemas';

/** How long a method may take: pull_db and pull_reservations can return whole databases (§8). */
export type TimeoutClass = 'short' | 'long';

/** Largest answer read per class, in bytes: pulls of 100,000 guests are tens of MB; everything else is small. */
export const DEFAULT_RESPONSE_LIMITS_BYTES: Readonly<Record<TimeoutClass, number>> = {
  short: 16 * 1024 * 1024,
  long: 256 * 1024 * 1024,
};

/** Default timeouts per class, in ms. */
export const DEFAULT_TIMEOUTS_MS: Readonly<Record<TimeoutClass, number>> = { short: 20_000, long: 300_000 };

/**
 * One API method. `effect: 'write'` marks calls that change data or send something: for them an answer
 * that cannot be understood is OutcomeUnknownError (the write may have happened); for reads it is
 * InvalidResponseError.
 */
export interface MethodDeclaration<Request extends z.ZodType = z.ZodType, Response extends z.ZodType = z.ZodType> {
  /** The path segment after the API key (`/v1/<API_KEY>/<name>`). */
  name: string;
  encoding: 'form' | 'json';
  request: Request;
  /** Schema of the whole successful body; its output is what the client method returns. */
  response: Response;
  effect: 'read' | 'write';
  timeout: TimeoutClass;
  /** For a read answered with one JSON array: the schema of one element, so the answer can be read as it arrives. */
  item?: z.ZodType;
}

/** Keeps each declaration's schema types while checking its shape. */
function declare<Declared extends MethodDeclaration>(declaration: Declared): Declared {
  return declaration;
}

/** Every API method, by the camelCase name the client exposes. */
export const serviceMethods = {
  campaignCreate: declare({
    name: 'campaign_create',
    encoding: 'form',
    request: req.campaignCreateRequest,
    response: res.campaignCreateResponse,
    effect: 'write',
    timeout: 'short',
  }),
  campaignSend: declare({
    name: 'campaign_send',
    encoding: 'form',
    request: req.campaignSendRequest,
    response: res.campaignSendResponse,
    effect: 'write',
    timeout: 'short',
  }),
  campaignCancel: declare({
    name: 'campaign_cancel',
    encoding: 'form',
    request: req.campaignIdRequest,
    response: res.campaignRefResponse,
    effect: 'write',
    timeout: 'short',
  }),
  campaignTest: declare({
    name: 'campaign_test',
    encoding: 'form',
    request: req.campaignTestRequest,
    response: res.campaignRefResponse,
    effect: 'write',
    timeout: 'short',
  }),
  campaignVerify: declare({
    name: 'campaign_verify',
    encoding: 'form',
    request: req.campaignIdRequest,
    response: res.campaignRefResponse,
    effect: 'read',
    timeout: 'short',
  }),
  email: declare({
    name: 'email',
    encoding: 'form',
    request: req.emailRequest,
    response: res.messageOnlyResponse,
    effect: 'write',
    timeout: 'short',
  }),
  sms: declare({
    name: 'sms',
    encoding: 'form',
    request: req.smsRequest,
    response: res.messageOnlyResponse,
    effect: 'write',
    timeout: 'short',
  }),
  sentItems: declare({
    name: 'sent_items',
    encoding: 'form',
    request: req.sentItemsRequest,
    response: res.sentItemsResponse,
    effect: 'read',
    timeout: 'short',
  }),
  smsInbox: declare({
    name: 'sms_inbox',
    encoding: 'form',
    request: req.smsInboxRequest,
    response: res.smsInboxResponse,
    effect: 'read',
    timeout: 'short',
  }),
  getContactFields: declare({
    name: 'get_contact_fields',
    encoding: 'json',
    request: req.getContactFieldsRequest,
    response: res.contactFieldsResponse,
    effect: 'read',
    timeout: 'short',
  }),
  addContactField: declare({
    name: 'add_contact_field',
    encoding: 'json',
    request: req.addContactFieldRequest,
    response: res.addContactFieldResponse,
    effect: 'write',
    timeout: 'short',
  }),
  pullDb: declare({
    name: 'pull_db',
    encoding: 'json',
    request: req.pullDbRequest,
    response: res.pullDbResponse,
    effect: 'read',
    timeout: 'long',
    item: res.contactRecord,
  }),
  pushContact: declare({
    name: 'push_contact',
    encoding: 'json',
    request: req.pushContactRequest,
    response: res.pushContactResponse,
    effect: 'write',
    timeout: 'short',
  }),
  // categories takes no parameters; an empty form body is the plainest way to POST nothing.
  categories: declare({
    name: 'categories',
    encoding: 'form',
    request: req.categoriesRequest,
    response: res.categoriesResponse,
    effect: 'read',
    timeout: 'short',
  }),
  addPurchase: declare({
    name: 'add_purchase',
    encoding: 'json',
    request: req.addPurchaseRequest,
    response: res.addPurchaseResponse,
    effect: 'write',
    timeout: 'short',
  }),
  pullReservations: declare({
    name: 'pull_reservations',
    encoding: 'json',
    request: req.pullReservationsRequest,
    response: res.pullReservationsResponse,
    effect: 'read',
    timeout: 'long',
    item: res.reservationRecord,
  }),
  pushReservations: declare({
    name: 'push_reservations',
    encoding: 'json',
    request: req.pushReservationsRequest,
    response: res.pushReservationsResponse,
    effect: 'write',
    timeout: 'short',
  }),
  getReservationFields: declare({
    name: 'get_reservation_fields',
    encoding: 'json',
    request: req.getReservationFieldsRequest,
    response: res.reservationFieldsResponse,
    effect: 'read',
    timeout: 'short',
  }),
} as const;

export type ServiceMethods = typeof serviceMethods;
/** The client's camelCase method names. */
export type ServiceMethodName = keyof ServiceMethods;
/** What a client method takes (Dates allowed where datetimes go). */
export type MethodInput<Name extends ServiceMethodName> = z.input<ServiceMethods[Name]['request']>;
/** What a client method resolves to. */
export type MethodOutput<Name extends ServiceMethodName> = z.output<ServiceMethods[Name]['response']>;
/** The reads answered with one array whose elements can be read as they arrive (pull_db, pull_reservations). */
export type StreamedMethodName = {
  [Name in ServiceMethodName]: ServiceMethods[Name] extends { item: z.ZodType } ? Name : never;
}[ServiceMethodName];
/** One element of a streamed read's answer. */
export type MethodItem<Name extends StreamedMethodName> = z.output<ServiceMethods[Name]['item']>;
