// The operator's controls, in-process: what the reference says the service operator sets, plus fault injection and the send log.
// Each group lives in its own file here (accounts, messages, guests, reservations; inputs.ts has the request schemas).
import type { SandboxContext } from '../context';
import { faultRuleSchema, type ActiveFault, type FaultInjector } from '../faults';
import type { SendScheduler, DueRun } from '../scheduler';
import { issueApiKey, listAccounts, type Account, type AccountPatch } from '../store/accounts';
import type { Partner, Plan } from '../store/partners';
import type { WebhookDelivery, WebhookSender } from '../webhooks';
import {
  createOperatorAccount,
  requireAccount,
  saveOperatorPartner,
  saveOperatorPlan,
  setPartnerWebhookUrl,
  updateOperatorAccount,
} from './accounts';
import { changeContact, deleteOperatorContact, generateOperatorGuests, storedPurchases } from './guests';
import {
  parseInput,
  type ContactChangeInput,
  type DeliveryEventInput,
  type NewAccountInput,
  type PartnerInput,
  type PlanInput,
  type ReservationChangeInput,
  type SmsReplyInput,
} from './inputs';
import {
  injectSmsReply,
  recordDeliveryEvent,
  sentMessages,
  type SentMessage,
  type SentMessageFilter,
} from './messages';
import { ageOperatorReservations, changeReservation } from './reservations';

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

  /** Creates an account (venue) with its standard fields and an API key. */
  createAccount(input: NewAccountInput): { account: Account; apiKey: string } {
    return createOperatorAccount(this.ctx, input);
  }

  /** Every account. */
  listAccounts(): Account[] {
    return listAccounts(this.ctx.db);
  }

  /** One account. */
  getAccount(clientId: string): Account {
    return requireAccount(this.ctx.db, clientId);
  }

  /** Issues another API key for an account. */
  issueApiKey(clientId: string, key?: string): string {
    return issueApiKey(this.ctx.db, requireAccount(this.ctx.db, clientId).id, this.ctx.now().getTime(), key);
  }

  /** Changes an account: credits, reservations, disabled, webhook URL, time zone, campaign permission. */
  updateAccount(clientId: string, patch: AccountPatch): Account {
    return updateOperatorAccount(this.ctx.db, clientId, patch);
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
  savePartner(input: PartnerInput): Partner {
    return saveOperatorPartner(this.ctx.db, input);
  }

  /** Sets a partner's new-account webhook URL. */
  setPartnerWebhookUrl(partnerId: string, url: string | null): Partner {
    return setPartnerWebhookUrl(this.ctx.db, partnerId, url);
  }

  /** Creates or replaces a plan. */
  savePlan(input: PlanInput): Plan {
    return saveOperatorPlan(this.ctx.db, input);
  }

  /** An inbound SMS reply, as if a guest answered; linked to the last SMS sent to that number when no reference is given. */
  injectSmsReply(input: SmsReplyInput): { id: number; referenceId: string | null } {
    return injectSmsReply(this.ctx, input);
  }

  /** Counts a delivery event on the latest sent item with that reference (open, bounce, opt-out, spam). */
  recordDeliveryEvent(input: DeliveryEventInput): void {
    recordDeliveryEvent(this.ctx, input);
  }

  /** Deletes a contact, as staff could in the service's own screens; sends delete_contact. */
  deleteContact(clientId: string, contactId: string): void {
    deleteOperatorContact(this.ctx, clientId, contactId);
  }

  /** Changes a booking as another desk would: the fields given set (null clears one), the rest kept, touched now. */
  changeReservation(clientId: string, id: string, input: ReservationChangeInput): Record<string, unknown> {
    return changeReservation(this.ctx, clientId, id, input);
  }

  /** Moves every booking's last change of an account back by `byMs` (tests and benchmarks of "what changed since"). */
  ageReservations(clientId: string, byMs: number): number {
    return ageOperatorReservations(this.ctx, clientId, byMs);
  }

  /** Changes a guest as another desk would, through push_contact's code (contact_update is sent); returns it as pull_db does. */
  changeContact(clientId: string, contactId: string, input: ContactChangeInput): Record<string, unknown> {
    return changeContact(this.ctx, clientId, contactId, input);
  }

  /** The purchases stored for an account (the API cannot read them back; tests count them here). */
  purchases(clientId: string): Record<string, unknown>[] {
    return storedPurchases(this.ctx.db, clientId);
  }

  /** Adds n generated guests to an account (benchmarks, big demos). */
  generateGuests(clientId: string, count: number): number {
    return generateOperatorGuests(this.ctx, clientId, count);
  }

  /** Every SMS and email the sandbox sent (one entry per recipient), oldest first. */
  messages(filter: SentMessageFilter = {}): SentMessage[] {
    return sentMessages(this.ctx.db, filter);
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
