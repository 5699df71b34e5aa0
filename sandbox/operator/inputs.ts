// What the operator may send: the schemas of its requests, and the error that names what does not fit.
import { z } from 'zod';

/** An operator request the sandbox cannot honour (unknown account, bad values); the message says why. */
export class OperatorError extends Error {
  readonly status: number;

  constructor(message: string, status = 400) {
    super(message);
    this.status = status;
  }
}

/** Parses operator input with a schema; a readable OperatorError when it does not fit. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const detail = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
  throw new OperatorError(`Invalid operator request: ${detail}`);
}

/** A new account (venue) as the operator creates it. */
export const newAccountSchema = z.strictObject({
  name: z.string().min(1),
  clientId: z
    .string()
    .regex(/^[A-Za-z0-9]+$/)
    .optional(),
  username: z.string().min(1).optional(),
  password: z.string().min(1).optional(),
  email: z.string().optional(),
  timezone: z.string().optional(),
  country: z.string().length(2).optional(),
  emailCredits: z.number().int().min(0).optional(),
  smsCredits: z.number().int().min(0).optional(),
  reservationsEnabled: z.boolean().optional(),
  campaignsAllowed: z.boolean().optional(),
  contactWebhookUrl: z.url().nullable().optional(),
  partnerId: z.string().nullable().optional(),
  planId: z.string().nullable().optional(),
  apiKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/)
    .optional(),
});

/** A new account as the operator gives it. */
export type NewAccountInput = z.input<typeof newAccountSchema>;

/** A change to an account: the settings the operator may change after creating it. */
export const accountPatchSchema = newAccountSchema
  .pick({
    timezone: true,
    country: true,
    emailCredits: true,
    smsCredits: true,
    reservationsEnabled: true,
    campaignsAllowed: true,
    contactWebhookUrl: true,
  })
  .extend({ name: z.string().min(1).optional(), disabled: z.boolean().optional() });

/** An inbound SMS reply, as if a guest answered. */
export const smsReplySchema = z.strictObject({
  clientId: z.string(),
  number: z.string().min(3),
  message: z.string().min(1),
  referenceId: z.string().optional(),
  to: z.string().optional(),
  /** ISO-8601; default now. */
  timestamp: z.iso.datetime({ offset: true }).optional(),
});

/** An SMS reply as the operator gives it. */
export type SmsReplyInput = z.input<typeof smsReplySchema>;

/** A value an operator sets on a booking's or guest's field (null clears it). */
const recordValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);

/** A change to a booking, as another desk would push it: the fields set, the rest kept. */
export const reservationChangeSchema = z.strictObject({
  fields: z.record(z.string().min(1).max(100), recordValue),
});

/** A change to a booking as the operator gives it. */
export type ReservationChangeInput = z.input<typeof reservationChangeSchema>;

/** A change to a guest, as another desk would push it: fields set, categories added and removed. */
export const contactChangeSchema = z.strictObject({
  fields: z.record(z.string().min(1).max(100), recordValue).default({}),
  addCategories: z.array(z.string().trim().min(1)).optional(),
  removeCategories: z.array(z.string().trim().min(1)).optional(),
});

/** A change to a guest as the operator gives it. */
export type ContactChangeInput = z.input<typeof contactChangeSchema>;

const DELIVERY_EVENTS = ['open', 'bounce', 'optout', 'auto_optout', 'spam'] as const;

/** A delivery event on a sent item: open, bounce, opt-out or spam. */
export const deliveryEventSchema = z.strictObject({
  clientId: z.string(),
  referenceId: z.string(),
  event: z.enum(DELIVERY_EVENTS),
  count: z.number().int().positive().optional(),
  /** For optout and auto_optout: the address to opt out of later campaigns. */
  recipient: z.string().optional(),
});

/** A delivery event as the operator gives it. */
export type DeliveryEventInput = z.input<typeof deliveryEventSchema>;

/** A partner and its new-account webhook URL. */
export const partnerSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]+$/),
  name: z.string().min(1),
  webhookUrl: z.url().nullable().optional(),
});

/** A partner as the operator gives it. */
export type PartnerInput = z.input<typeof partnerSchema>;

/** A plan a signup can choose: its name, description and credits. */
export const planSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]+$/),
  partnerId: z.string().nullable().optional(),
  name: z.string().min(1),
  description: z.string().optional(),
  emailCredits: z.number().int().min(0).optional(),
  smsCredits: z.number().int().min(0).optional(),
});

/** A plan as the operator gives it. */
export type PlanInput = z.input<typeof planSchema>;
