// The operator's controls, in-process: what the reference says the service operator sets, plus fault injection and the send log.
import { z } from 'zod';
import { normalizePhone } from '../shared/rules/phone';
import type { SandboxContext } from './context';
import { faultRuleSchema, type ActiveFault, type FaultInjector } from './faults';
import { notifyContactDeleted } from './domain/contact-delete';
import type { DeliveredMessage } from './domain/messages';
import type { SendScheduler, DueRun } from './scheduler';
import { generateGuests } from './seed/guests';
import {
  createAccount,
  findAccountByClientId,
  findAccountByUsername,
  issueApiKey,
  listAccounts,
  updateAccount,
  type Account,
  type AccountPatch,
} from './store/accounts';
import { notifyContactChange, pushOneContact } from './domain/contact-push';
import { parseCategoryNames } from './store/categories';
import { deleteContact, findContact, optOutEmail } from './store/contacts';
import { loadFieldMap } from './store/fields';
import { ageReservations, findReservationData, updateReservationData } from './store/reservations';
import { findPartner, savePartner, savePlan, type Partner, type Plan } from './store/partners';
import { sql } from './store/schema';
import type { WebhookDelivery, WebhookSender } from './webhooks';
import { WhereBuilder } from './store/where';

/** An operator request the sandbox cannot honour (unknown account, bad values); the message says why. */
export class OperatorError extends Error {
  readonly status: number;

  constructor(message: string, status = 400) {
    super(message);
    this.status = status;
  }
}

const newAccountSchema = z.strictObject({
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

const accountPatchSchema = newAccountSchema
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

const smsReplySchema = z.strictObject({
  clientId: z.string(),
  number: z.string().min(3),
  message: z.string().min(1),
  referenceId: z.string().optional(),
  to: z.string().optional(),
  /** ISO-8601; default now. */
  timestamp: z.iso.datetime({ offset: true }).optional(),
});

/** A value an operator sets on a booking's or guest's field (null clears it). */
const recordValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);

/** A change to a booking, as another desk would push it: the fields set, the rest kept. */
const reservationChangeSchema = z.strictObject({
  fields: z.record(z.string().min(1).max(100), recordValue),
});

/** A change to a guest, as another desk would push it: fields set, categories added and removed. */
const contactChangeSchema = z.strictObject({
  fields: z.record(z.string().min(1).max(100), recordValue).default({}),
  addCategories: z.array(z.string().trim().min(1)).optional(),
  removeCategories: z.array(z.string().trim().min(1)).optional(),
});

const DELIVERY_EVENTS = ['open', 'bounce', 'optout', 'auto_optout', 'spam'] as const;

const deliveryEventSchema = z.strictObject({
  clientId: z.string(),
  referenceId: z.string(),
  event: z.enum(DELIVERY_EVENTS),
  count: z.number().int().positive().optional(),
  /** For optout and auto_optout: the address to opt out of later campaigns. */
  recipient: z.string().optional(),
});

const partnerSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]+$/),
  name: z.string().min(1),
  webhookUrl: z.url().nullable().optional(),
});

const planSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]+$/),
  partnerId: z.string().nullable().optional(),
  name: z.string().min(1),
  description: z.string().optional(),
  emailCredits: z.number().int().min(0).optional(),
  smsCredits: z.number().int().min(0).optional(),
});

/** One entry of the send log: the message as it left, with the account's client id and the time in ISO-8601 UTC. */
export type SentMessage = Omit<DeliveredMessage, 'accountId'> & { id: number; clientId: string; time: string };

/** Filters of the send log. */
export interface SentMessageFilter {
  clientId?: string;
  channel?: 'sms' | 'email';
  kind?: DeliveredMessage['kind'];
  referenceId?: string;
  to?: string;
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

/** Switches the HTTP listener off and on (only a started server has one). */
export interface OfflineControl {
  setOffline(offline: boolean, forMs?: number): Promise<void>;
}

/** The operator controls of one sandbox. */
export class SandboxOperator {
  /** Set by startSandboxServer; in-process only the fetch wrapper honours offline. */
  offlineControl: OfflineControl | undefined;
  private offlineInProcess = false;
  private offlineTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: SandboxContext,
    readonly faults: FaultInjector,
    private readonly webhooks: WebhookSender,
    private readonly scheduler: SendScheduler,
  ) {}

  /** The account of a client id, or an OperatorError 404. */
  private account(clientId: string): Account {
    const account = findAccountByClientId(this.ctx.db, clientId);
    if (!account) throw new OperatorError(`No account with client id ${clientId}`, 404);
    return account;
  }

  /** Creates an account (venue) with its standard fields and an API key. */
  createAccount(input: z.input<typeof newAccountSchema>): { account: Account; apiKey: string } {
    const parsed = parseInput(newAccountSchema, input);
    if (parsed.clientId && findAccountByClientId(this.ctx.db, parsed.clientId))
      throw new OperatorError(`Client id ${parsed.clientId} is taken`, 409);
    if (parsed.username && findAccountByUsername(this.ctx.db, parsed.username))
      throw new OperatorError(`Username ${parsed.username} is taken`, 409);
    try {
      return createAccount(this.ctx, parsed);
    } catch (error) {
      throw new OperatorError(
        `Could not create the account: ${error instanceof Error ? error.message : String(error)}`,
        409,
      );
    }
  }

  /** Every account. */
  listAccounts(): Account[] {
    return listAccounts(this.ctx.db);
  }

  /** One account. */
  getAccount(clientId: string): Account {
    return this.account(clientId);
  }

  /** Issues another API key for an account. */
  issueApiKey(clientId: string, key?: string): string {
    return issueApiKey(this.ctx.db, this.account(clientId).id, this.ctx.now().getTime(), key);
  }

  /** Changes an account: credits, reservations, disabled, webhook URL, time zone, campaign permission. */
  updateAccount(clientId: string, patch: AccountPatch): Account {
    return updateAccount(this.ctx.db, this.account(clientId).id, parseInput(accountPatchSchema, patch))!;
  }

  /** Sets email and/or SMS credits. */
  setCredits(clientId: string, credits: { email?: number; sms?: number }): Account {
    const patch: AccountPatch = {};
    if (credits.email !== undefined) patch.emailCredits = credits.email;
    if (credits.sms !== undefined) patch.smsCredits = credits.sms;
    return this.updateAccount(clientId, patch);
  }

  /** Enables (or disables) reservations. */
  enableReservations(clientId: string, enabled = true): Account {
    return this.updateAccount(clientId, { reservationsEnabled: enabled });
  }

  /** Disables (or re-enables) an account. */
  disableAccount(clientId: string, disabled = true): Account {
    return this.updateAccount(clientId, { disabled });
  }

  /** Sets the URL that receives new_contact, contact_update and delete_contact. */
  setContactWebhookUrl(clientId: string, url: string | null): Account {
    return this.updateAccount(clientId, { contactWebhookUrl: url });
  }

  /** Creates or replaces a partner (and its new-account webhook URL). */
  savePartner(input: z.input<typeof partnerSchema>): Partner {
    const parsed = parseInput(partnerSchema, input);
    const partner = { id: parsed.id, name: parsed.name, webhookUrl: parsed.webhookUrl ?? null };
    savePartner(this.ctx.db, partner);
    return partner;
  }

  /** Sets a partner's new-account webhook URL. */
  setPartnerWebhookUrl(partnerId: string, url: string | null): Partner {
    const partner = findPartner(this.ctx.db, partnerId);
    if (!partner) throw new OperatorError(`No partner ${partnerId}`, 404);
    return this.savePartner({ ...partner, webhookUrl: url });
  }

  /** Creates or replaces a plan. */
  savePlan(input: z.input<typeof planSchema>): Plan {
    const parsed = parseInput(planSchema, input);
    const plan: Plan = {
      id: parsed.id,
      partnerId: parsed.partnerId ?? null,
      name: parsed.name,
      description: parsed.description ?? '',
      emailCredits: parsed.emailCredits ?? 1000,
      smsCredits: parsed.smsCredits ?? 500,
    };
    savePlan(this.ctx.db, plan);
    return plan;
  }

  /** An inbound SMS reply, as if a guest answered; linked to the last SMS sent to that number when no reference is given. */
  injectSmsReply(input: z.input<typeof smsReplySchema>): { id: number; referenceId: string | null } {
    const parsed = parseInput(smsReplySchema, input);
    const account = this.account(parsed.clientId);
    const number = normalizePhone(parsed.number, account.country) ?? parsed.number;
    const lastSent = sql(
      this.ctx.db,
      "SELECT reference_id FROM message_log WHERE account_id = ? AND channel = 'sms' AND to_address = ? ORDER BY id DESC LIMIT 1",
    ).get(account.id, number) as { reference_id: string } | undefined;
    const referenceId = parsed.referenceId ?? lastSent?.reference_id ?? null;
    const timestamp = parsed.timestamp ? Date.parse(parsed.timestamp) : this.ctx.now().getTime();
    const info = sql(
      this.ctx.db,
      'INSERT INTO sms_replies (account_id, timestamp, number, to_number, reference_id, message) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(account.id, timestamp, number, parsed.to ?? account.replyNumber, referenceId, parsed.message);
    return { id: Number(info.lastInsertRowid), referenceId };
  }

  /** Counts a delivery event on the latest sent item with that reference (open, bounce, opt-out, spam). */
  recordDeliveryEvent(input: z.input<typeof deliveryEventSchema>): void {
    const parsed = parseInput(deliveryEventSchema, input);
    const account = this.account(parsed.clientId);
    const item = sql(
      this.ctx.db,
      'SELECT id, type FROM sent_items WHERE account_id = ? AND reference_id = ? ORDER BY id DESC LIMIT 1',
    ).get(account.id, parsed.referenceId) as { id: number; type: string } | undefined;
    if (!item) throw new OperatorError(`No sent item with reference_id ${parsed.referenceId}`, 404);
    if (item.type !== 'email' && parsed.event !== 'optout')
      throw new OperatorError(`${parsed.event} applies to email only; SMS items count opt-outs only`);
    const column = {
      open: 'count_open',
      bounce: 'count_bounced',
      optout: 'count_optout',
      auto_optout: 'count_auto_optout',
      spam: 'count_spam',
    }[parsed.event];
    this.ctx.db.prepare(`UPDATE sent_items SET ${column} = ${column} + ? WHERE id = ?`).run(parsed.count ?? 1, item.id);
    if ((parsed.event === 'optout' || parsed.event === 'auto_optout') && parsed.recipient && item.type === 'email') {
      optOutEmail(this.ctx.db, account.id, parsed.recipient, this.ctx.now().getTime());
    }
  }

  /** Deletes a contact, as staff could in the service's own screens; sends delete_contact. */
  deleteContact(clientId: string, contactId: string): void {
    const account = this.account(clientId);
    if (!/^\d+$/.test(contactId) || !deleteContact(this.ctx.db, account.id, Number(contactId)))
      throw new OperatorError(`No contact ${contactId}`, 404);
    notifyContactDeleted(this.ctx, account, contactId);
  }

  /**
   * Changes a booking as another desk of the venue would (tests make conflicts on demand): the fields
   * given are set (null clears one), the others kept, and the booking counts as touched now, so
   * pull_reservations with touched_from brings it. Returns the booking's stored fields.
   */
  changeReservation(
    clientId: string,
    id: string,
    input: z.input<typeof reservationChangeSchema>,
  ): Record<string, unknown> {
    const { fields } = parseInput(reservationChangeSchema, input);
    const account = this.account(clientId);
    const current = findReservationData(this.ctx.db, account.id, id);
    if (!current) throw new OperatorError(`No booking ${id}`, 404);
    const data = { ...current };
    for (const [name, value] of Object.entries(fields)) {
      if (value === null) delete data[name];
      else data[name] = value;
    }
    updateReservationData(this.ctx.db, account.id, id, data, this.ctx.now().getTime());
    return { id, ...data };
  }

  /** Moves every booking's last change of an account back by `byMs` (tests and benchmarks of "what changed since"). */
  ageReservations(clientId: string, byMs: number): number {
    if (!Number.isSafeInteger(byMs) || byMs < 0) throw new OperatorError('byMs must be a whole number of milliseconds');
    return ageReservations(this.ctx.db, this.account(clientId).id, byMs);
  }

  /**
   * Changes a guest as another desk would, through the same code as push_contact: fields set, categories
   * added and removed from the guest's current list (touched now; contact_update is sent). Returns the
   * guest as pull_db gives it.
   */
  changeContact(
    clientId: string,
    contactId: string,
    input: z.input<typeof contactChangeSchema>,
  ): Record<string, unknown> {
    const change = parseInput(contactChangeSchema, input);
    const account = this.account(clientId);
    const existing = findContact(this.ctx.db, account.id, contactId);
    if (!existing) throw new OperatorError(`No contact ${contactId}`, 404);
    const removed = new Set((change.removeCategories ?? []).map((name) => name.toLowerCase()));
    const categories = [
      ...parseCategoryNames(existing.categories).filter((name) => !removed.has(name.toLowerCase())),
      ...(change.addCategories ?? []),
    ];
    const touchesCategories = change.addCategories !== undefined || change.removeCategories !== undefined;
    const outcome = pushOneContact(this.ctx, account, loadFieldMap(this.ctx.db, account.id, 'contact'), {
      client_id: account.clientId,
      contact_id: contactId,
      ...change.fields,
      ...(touchesCategories ? { svc_categories: categories.join(',') } : {}),
    });
    if (!outcome.ok) throw new OperatorError(`The change was refused: ${outcome.reason.desc}`, 409);
    notifyContactChange(this.ctx, account, outcome);
    const stored = findContact(this.ctx.db, account.id, contactId)!;
    return { client_id: account.clientId, contact_id: contactId, ...stored.data, svc_categories: stored.categories };
  }

  /** The purchases stored for an account (the API cannot read them back; tests count them here). */
  purchases(clientId: string): Record<string, unknown>[] {
    const account = this.account(clientId);
    return (
      sql(this.ctx.db, 'SELECT contact_id, item, created_at FROM purchases WHERE account_id = ? ORDER BY id').all(
        account.id,
      ) as {
        contact_id: number;
        item: string;
        created_at: number;
      }[]
    ).map((row) => ({
      contact_id: String(row.contact_id),
      ...(JSON.parse(row.item) as Record<string, unknown>),
      stored_at: new Date(row.created_at).toISOString(),
    }));
  }

  /** Adds n generated guests to an account (benchmarks, big demos). */
  generateGuests(clientId: string, count: number): number {
    if (!Number.isInteger(count) || count < 1 || count > 1_000_000)
      throw new OperatorError('count must be a whole number from 1 to 1,000,000');
    return generateGuests(this.ctx.db, count, {
      accountId: this.account(clientId).id,
      nowMs: this.ctx.now().getTime(),
    });
  }

  /** Every SMS and email the sandbox sent (one entry per recipient), oldest first. */
  messages(filter: SentMessageFilter = {}): SentMessage[] {
    const where = new WhereBuilder('1 = 1');
    if (filter.clientId !== undefined) where.add('a.client_id = ?', filter.clientId);
    if (filter.channel !== undefined) where.add('m.channel = ?', filter.channel);
    if (filter.kind !== undefined) where.add('m.kind = ?', filter.kind);
    if (filter.referenceId !== undefined) where.add('m.reference_id = ?', filter.referenceId);
    if (filter.to !== undefined) where.add('m.to_address = ?', filter.to);
    const rows = this.ctx.db
      .prepare(
        `SELECT m.*, a.client_id FROM message_log m JOIN accounts a ON a.id = m.account_id WHERE ${where.sql} ORDER BY m.id`,
      )
      .all(...where.params) as {
      id: number;
      client_id: string;
      channel: SentMessage['channel'];
      kind: SentMessage['kind'];
      reference_id: string | null;
      to_address: string;
      from_address: string | null;
      subject: string | null;
      message: string | null;
      sent_at: number;
    }[];
    return rows.map((row) => ({
      id: row.id,
      clientId: row.client_id,
      channel: row.channel,
      kind: row.kind,
      referenceId: row.reference_id,
      to: row.to_address,
      from: row.from_address,
      subject: row.subject,
      message: row.message,
      time: new Date(row.sent_at).toISOString(),
    }));
  }

  /** Every webhook delivery with its attempts and last answer. */
  webhookDeliveries(): WebhookDelivery[] {
    return this.webhooks.list();
  }

  /** Resolves when no webhook attempt is scheduled or running. */
  webhooksIdle(): Promise<void> {
    return this.webhooks.whenIdle();
  }

  /** Sends whatever scheduled campaigns and messages are due now (after moving a test clock). */
  runDue(): DueRun {
    return this.scheduler.runDue();
  }

  /** Adds a fault rule (see FaultRule). */
  addFault(rule: unknown): ActiveFault {
    return this.faults.add(parseInput(faultRuleSchema, rule));
  }

  /** The fault rules in force. */
  listFaults(): ActiveFault[] {
    return this.faults.list();
  }

  /** Removes one fault rule. */
  removeFault(id: string): boolean {
    return this.faults.remove(id);
  }

  /** Removes every fault rule. */
  clearFaults(): void {
    this.faults.clear();
  }

  /** Restarts the seeded sequence that probability faults draw from. */
  seedFaults(seed: number): void {
    this.faults.reseed(seed);
  }

  /** Whether in-process calls are refused as if the service were unreachable. */
  get offline(): boolean {
    return this.offlineInProcess;
  }

  /**
   * Takes the service off the network (every call refused: ECONNREFUSED over HTTP, the same TypeError in-process),
   * for `forMs` milliseconds or until called again with false.
   */
  async setOffline(offline: boolean, forMs?: number): Promise<void> {
    if (this.offlineTimer) clearTimeout(this.offlineTimer);
    this.offlineTimer = undefined;
    this.offlineInProcess = offline;
    if (offline && forMs !== undefined) {
      this.offlineTimer = setTimeout(() => void this.setOffline(false), forMs);
      this.offlineTimer.unref();
    }
    await this.offlineControl?.setOffline(offline);
  }

  /** Stops the offline timer. */
  close(): void {
    if (this.offlineTimer) clearTimeout(this.offlineTimer);
  }
}
