import { randomUUID } from 'node:crypto';
import { NoConnectionError, OutcomeUnknownError } from '../../../shared/api/errors';
import type { campaignChannels } from '../../../shared/bridge/channels/campaigns';
import type { DeskHandlers } from '../../../shared/bridge/contract';
import { UserFacingError } from '../../../shared/bridge/result';
import { audienceProblem, type Audience } from '../../../shared/rules/campaign-audience';
import { readSchedule } from '../../../shared/rules/campaign-schedule';
import { isValidEmail } from '../../../shared/rules/email';
import type { AccountSettings, DeskServices } from '../services';
import { explainCampaignError, problemOf } from './refusals';
import {
  campaignStanding,
  createServiceDraft,
  draftDigest,
  draftRequestOf,
  sendRequestOf,
  sendServiceCampaign,
} from './service-calls';
import { viewOf, type CampaignRecord, type CampaignStore } from './store';

type CampaignHandlers = Pick<DeskHandlers, keyof typeof campaignChannels>;

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

const EDITABLE = new Set(['draft', 'refused']);

/** The campaign channels: drafts in the desk's SQLite, the service's verify, test, send and cancel. */
export function createCampaignHandlers(services: DeskServices, options: CampaignHandlerOptions): CampaignHandlers {
  const now = options.now ?? (() => new Date());

  const account = (): AccountSettings => {
    const settings = services.account();
    if (!settings) throw new UserFacingError('No account is connected. Connect one in Settings, or start the demo.');
    return settings;
  };

  const find = (id: string): CampaignRecord => {
    const record = options.store().get(account().clientId, id);
    if (!record) throw new UserFacingError('This campaign is not on this desk any more. Refresh the list.');
    return record;
  };

  const changed = (record: CampaignRecord) => {
    const view = viewOf(record);
    services.events.emit('campaignChanged', view);
    return view;
  };

  /** The service's draft of the current content, made (again) when the content changed since; throws the client's errors. */
  const rawServiceDraft = async (record: CampaignRecord): Promise<string> => {
    const request = draftRequestOf(record.content);
    const digest = draftDigest(request);
    if (record.campaignId && record.campaignContent === digest) return record.campaignId;
    const campaignId = await createServiceDraft(services.requireClient(), request);
    options.store().update(record.id, { campaignId, campaignContent: digest }, now().getTime());
    return campaignId;
  };

  /** The service's draft, with a failure explained for staff. */
  const serviceDraft = (record: CampaignRecord, what: string): Promise<string> =>
    rawServiceDraft(record).catch((error: unknown) => {
      throw explainCampaignError(error, what);
    });

  /** Puts the send in the outbox: it goes once the line is back (or is reconciled there). */
  const queue = async (id: string, audience: Audience, sendAt: string | undefined) => {
    const { outboxId } = await options.queueSend(find(id), { audience, ...(sendAt ? { sendAt } : {}) });
    return options
      .store()
      .update(id, { state: 'queued', outboxId, sendAt: sendAt ?? null, problem: null }, now().getTime());
  };

  return {
    listCampaigns: () => ({ campaigns: options.store().list(account().clientId).map(viewOf) }),

    saveCampaignDraft: ({ id, content }) => {
      const { clientId } = account();
      const existing = options.store().get(clientId, id);
      const at = now().getTime();
      if (!existing) {
        const record: CampaignRecord = {
          id,
          account: clientId,
          state: 'draft',
          content,
          campaignId: null,
          campaignContent: null,
          sendAt: null,
          estimate: null,
          recipients: null,
          problem: null,
          outboxId: null,
          createdAt: at,
          updatedAt: at,
          sentAt: null,
        };
        options.store().insert(record);
        return viewOf(record);
      }
      if (!EDITABLE.has(existing.state)) {
        throw new UserFacingError(
          existing.state === 'sent'
            ? 'This campaign has been sent; make a copy to change it.'
            : 'This campaign is scheduled or queued; cancel it first to change it.',
        );
      }
      if (existing.outboxId && JSON.stringify(existing.content) !== JSON.stringify(content)) {
        // A queued send that needed attention carries the content as it was: once the campaign is changed it must never go out from the Outbox.
        if (!options.discardQueued(existing.outboxId))
          throw new UserFacingError(
            'The earlier send of this campaign is going out right now. Wait a moment, then open it again.',
          );
        return viewOf(options.store().update(id, { content, state: 'draft', problem: null, outboxId: null }, at));
      }
      if (JSON.stringify(existing.content) === JSON.stringify(content)) return viewOf(existing);
      return viewOf(options.store().update(id, { content, state: 'draft', problem: null }, at));
    },

    deleteCampaign: ({ id }) => {
      const record = find(id);
      if (record.state === 'scheduled' || record.state === 'queued')
        throw new UserFacingError('Cancel the schedule before deleting this campaign.');
      return { deleted: options.store().delete(record.account, id) };
    },

    copyCampaign: ({ id, newId }) => {
      const source = find(id);
      const at = now().getTime();
      const copy: CampaignRecord = {
        id: newId,
        account: source.account,
        state: 'draft',
        content: {
          ...source.content,
          name: `${source.content.name.trim() || source.content.subject.trim() || 'Campaign'} (copy)`,
        },
        campaignId: null,
        campaignContent: null,
        sendAt: null,
        estimate: null,
        recipients: null,
        problem: null,
        outboxId: null,
        createdAt: at,
        updatedAt: at,
        sentAt: null,
      };
      options.store().insert(copy);
      return viewOf(copy);
    },

    verifyCampaign: async ({ id }) => {
      const record = find(id);
      const campaignId = await serviceDraft(record, 'checking the campaign');
      try {
        await services.requireClient().campaignVerify({ campaign_id: campaignId });
        return { ok: true };
      } catch (error) {
        const problem = problemOf(error);
        if (!problem) throw explainCampaignError(error, 'checking the campaign');
        return { ok: false, problem };
      }
    },

    testCampaign: async ({ id, to }) => {
      const addresses = to.map((address) => address.trim()).filter(Boolean);
      if (addresses.length === 0) throw new UserFacingError('Enter at least one address to send the test to.');
      const invalid = addresses.filter((address) => !isValidEmail(address));
      if (invalid.length > 0) throw new UserFacingError(`Not a valid email address: ${invalid.join(', ')}`);
      const campaignId = await serviceDraft(find(id), 'sending the test');
      await services
        .requireClient()
        .campaignTest({ campaign_id: campaignId, to: addresses })
        .catch((error: unknown) => {
          throw explainCampaignError(error, 'sending the test');
        });
      return { sentTo: addresses };
    },

    sendCampaign: async ({ id, audience, sendAt, estimate }) => {
      const record = find(id);
      if (!EDITABLE.has(record.state))
        throw new UserFacingError(
          record.state === 'sent'
            ? 'This campaign has already been sent.'
            : 'This campaign is already scheduled or queued.',
        );
      // An earlier queued send that needed attention is replaced by this one, never sent beside it.
      if (record.outboxId) {
        if (!options.discardQueued(record.outboxId))
          throw new UserFacingError(
            'The earlier send of this campaign is going out right now. Wait a moment, then open it again.',
          );
        options.store().update(id, { outboxId: null }, now().getTime());
      }
      const problem = audienceProblem(audience);
      if (problem) throw new UserFacingError(problem);
      const { timeZone } = account();
      if (sendAt) {
        const reading = readSchedule(sendAt, timeZone, now());
        if (!reading.ok) throw new UserFacingError(reading.problem);
      }
      const at = now().getTime();
      options.store().update(id, { content: { ...record.content, audience }, estimate }, at);
      let campaignId: string;
      try {
        campaignId = await rawServiceDraft(find(id));
      } catch (error) {
        if (error instanceof NoConnectionError) return changed(await queue(id, audience, sendAt));
        throw explainCampaignError(error, 'sending the campaign');
      }
      try {
        const answer = await sendServiceCampaign(services.requireClient(), campaignId, sendRequestOf(audience, sendAt));
        return changed(
          options.store().update(
            id,
            {
              state: answer.scheduled ? 'scheduled' : 'sent',
              recipients: answer.recipients,
              sendAt: answer.sendAt ?? null,
              problem: null,
              ...(answer.scheduled ? {} : { sentAt: now().getTime() }),
            },
            now().getTime(),
          ),
        );
      } catch (error) {
        if (error instanceof NoConnectionError) return changed(await queue(id, audience, sendAt));
        if (error instanceof OutcomeUnknownError) return changed(await settleUnknownSend(id, campaignId, sendAt));
        const refusal = problemOf(error);
        if (!refusal) throw explainCampaignError(error, 'sending the campaign');
        return changed(
          options
            .store()
            .update(id, { state: refusal.code === 609 ? 'sent' : 'refused', problem: refusal }, now().getTime()),
        );
      }
    },

    cancelCampaign: async ({ id }) => {
      const record = find(id);
      if (record.state === 'queued' && record.outboxId) {
        if (!options.discardQueued(record.outboxId))
          throw new UserFacingError('The campaign is being sent right now and can no longer be stopped here.');
        return changed(
          options.store().update(id, { state: 'draft', outboxId: null, sendAt: null, problem: null }, now().getTime()),
        );
      }
      if (record.state !== 'scheduled' || !record.campaignId)
        throw new UserFacingError('Only a scheduled campaign can be cancelled.');
      try {
        await services.requireClient().campaignCancel({ campaign_id: record.campaignId });
      } catch (error) {
        // The service may have sent it already: ask it where the campaign stands rather than guess.
        const standing = await campaignStanding(services.requireClient(), record.campaignId).catch(() => null);
        if (standing?.standing === 'sent') {
          changed(options.store().update(id, { state: 'sent', sentAt: now().getTime() }, now().getTime()));
          throw new UserFacingError('Too late to cancel: the service has already sent this campaign.');
        }
        throw explainCampaignError(error, 'cancelling the campaign');
      }
      return changed(options.store().update(id, { state: 'draft', sendAt: null, problem: null }, now().getTime()));
    },
  };

  /** A send whose answer was lost: campaign_verify says whether it went (609), is scheduled (612) or did not go. */
  async function settleUnknownSend(
    id: string,
    campaignId: string,
    sendAt: string | undefined,
  ): Promise<CampaignRecord> {
    const standing = await campaignStanding(services.requireClient(), campaignId).catch(() => null);
    const at = now().getTime();
    if (standing?.standing === 'sent')
      return options.store().update(id, { state: 'sent', sentAt: at, problem: null }, at);
    if (standing?.standing === 'scheduled')
      return options.store().update(id, { state: 'scheduled', sendAt: sendAt ?? null, problem: null }, at);
    // Still unknown: the outbox settles it with the same campaign_id (the service refuses a second send of it).
    if (!standing) return queue(id, find(id).content.audience, sendAt);
    const problem = {
      message: 'The send did not go through.',
      title: 'The campaign was not sent',
      whatToDo: 'Check it and send it again.',
    };
    return options.store().update(id, { state: 'draft', problem }, at);
  }
}

/** A fresh campaign id for the desk (cmp-<uuid>). */
export function newCampaignKey(): string {
  return `cmp-${randomUUID()}`;
}
