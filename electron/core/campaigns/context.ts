// What every campaign handler works with: the account, the campaigns table, the service's draft of a
// campaign, the outbox for sends made offline, and the campaignChanged event.
import type { Audience } from '../../../shared/rules/campaign-audience';
import { UserFacingError } from '../../../shared/bridge/result';
import { connectedAccount, type AccountSettings, type DeskServices } from '../services';
import { explainCampaignError } from './refusals';
import { createServiceDraft, draftDigest, draftRequestOf } from './service-calls';
import { viewOf, type CampaignRecord, type CampaignStore, type CampaignView } from './store';

/** What a queued (offline) send needs; the outbox entry it made. */
export type QueueCampaignSend = (
  record: CampaignRecord,
  send: { audience: Audience; sendAt?: string },
) => Promise<{ outboxId: string }>;

/** What the campaign handlers need besides the desk's services. */
export interface CampaignHandlerOptions {
  /** The campaigns table; throws a UserFacingError when the desk database cannot be used. */
  store: () => CampaignStore;
  /** Queues a send or schedule in the outbox when the service is not answering. */
  queueSend: QueueCampaignSend;
  /** Drops a queued send that has not gone out (cancel, or a new send after it needed attention); false if it is on its way. */
  discardQueued: (outboxId: string) => boolean;
  now?: () => Date;
}

/** The states in which staff may still change a campaign. */
export const EDITABLE_STATES: ReadonlySet<CampaignRecord['state']> = new Set(['draft', 'refused']);

/** The campaign handlers' shared helpers. */
export interface CampaignContext {
  services: DeskServices;
  store: () => CampaignStore;
  now: () => Date;
  account(): AccountSettings;
  /** The connected account's campaign, or a refusal in staff's words. */
  find(id: string): CampaignRecord;
  /** Tells the renderer a campaign changed; returns its view. */
  changed(record: CampaignRecord): CampaignView;
  /** The service's draft of the current content, made (again) when the content changed since; throws the client's errors. */
  rawServiceDraft(record: CampaignRecord): Promise<string>;
  /** The service's draft, with a failure explained for staff. */
  serviceDraft(record: CampaignRecord, what: string): Promise<string>;
  /** Puts the send in the outbox: it goes once the line is back (or is reconciled there). */
  queue(id: string, audience: Audience, sendAt: string | undefined): Promise<CampaignRecord>;
  /** Drops a queued send before a new one; refuses while it is on its way. */
  dropQueued(outboxId: string, refusal: string): void;
}

/** Builds the helpers on the desk's services and the handler options. */
export function createCampaignContext(services: DeskServices, options: CampaignHandlerOptions): CampaignContext {
  const now = options.now ?? (() => new Date());
  const account = () => connectedAccount(services);
  const find = (id: string): CampaignRecord => {
    const record = options.store().get(account().clientId, id);
    if (!record) throw new UserFacingError('This campaign is not on this desk any more. Refresh the list.');
    return record;
  };
  const rawServiceDraft = async (record: CampaignRecord): Promise<string> => {
    const request = draftRequestOf(record.content);
    const digest = draftDigest(request);
    if (record.campaignId && record.draftDigest === digest) return record.campaignId;
    const campaignId = await createServiceDraft(services.requireClient(), request);
    options.store().update(record.id, { campaignId, draftDigest: digest }, now().getTime());
    return campaignId;
  };
  return {
    services,
    store: options.store,
    now,
    account,
    find,
    changed: (record) => {
      const view = viewOf(record);
      services.events.emit('campaignChanged', view);
      return view;
    },
    rawServiceDraft,
    serviceDraft: (record, what) =>
      rawServiceDraft(record).catch((error: unknown) => {
        throw explainCampaignError(error, what);
      }),
    queue: async (id, audience, sendAt) => {
      const { outboxId } = await options.queueSend(find(id), { audience, ...(sendAt ? { sendAt } : {}) });
      return options
        .store()
        .update(id, { state: 'queued', outboxId, sendAt: sendAt ?? null, problem: null }, now().getTime());
    },
    dropQueued: (outboxId, refusal) => {
      if (!options.discardQueued(outboxId)) throw new UserFacingError(refusal);
    },
  };
}
