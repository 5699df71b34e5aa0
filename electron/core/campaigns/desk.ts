import type { Database } from 'better-sqlite3';
import { UserFacingError } from '../../../shared/bridge/result';
import type { Outbox } from '../outbox/outbox';
import type { OutboxItemOf } from '../../../shared/bridge/channels/outbox';
import type { DeskServices } from '../services';
import { createCampaignHandlers } from './handlers';
import { draftRequestOf, sendRequestOf } from './service-calls';
import { createCampaignStore, viewOf, type CampaignStore } from './store';

/** The campaign handlers of the desk core, and campaigns kept in step with their queued sends; without a database every call says why. */
export function createCampaignDesk(
  services: DeskServices,
  parts: { db: Database; outbox: Outbox } | null,
  databaseProblem: string | undefined,
) {
  const store = parts ? createCampaignStore(parts.db) : null;
  const requireStore = (): CampaignStore => {
    if (!store)
      throw new UserFacingError(
        `Campaigns are kept in the desk database, which cannot be opened. ${databaseProblem ?? ''}`.trim(),
      );
    return store;
  };
  if (parts && store) {
    const { outbox } = parts;
    outbox.subscribe(({ changed, removed }) => {
      // Notices name entries (id, kind, state); a campaign's send is read in full to follow its result.
      for (const change of changed) {
        const item = change.kind === 'campaign_send' ? outbox.get(change.id) : undefined;
        if (item?.kind === 'campaign_send') followQueuedSend(services, store, item);
      }
      removed.forEach((outboxId) => forgetDiscardedSend(services, store, outboxId));
    });
  }

  return createCampaignHandlers(services, {
    store: requireStore,
    queueSend: async (record, send) => {
      const queued = await services.enqueue('campaign_send', {
        desk_campaign_id: record.id,
        draft: draftRequestOf(record.content),
        send: sendRequestOf(send.audience, send.sendAt),
      });
      return { outboxId: queued.id };
    },
    discardQueued: (outboxId) => {
      if (!parts) return false;
      const item = parts.outbox.get(outboxId);
      if (!item || item.state === 'sent') return true;
      if (item.state === 'sending') return false;
      return parts.outbox.discard(outboxId).discarded;
    },
  });
}

/** A queued send moved on: the campaign becomes sent or scheduled (with the service's count), or refused with the reason. */
function followQueuedSend(services: DeskServices, store: CampaignStore, item: OutboxItemOf<'campaign_send'>): void {
  const record = store.byOutboxId(item.id);
  // Queued, or refused after needing attention (staff may press Resend in the Outbox): either way it follows its entry.
  if (!record || (record.state !== 'queued' && record.state !== 'refused')) return;
  const now = Date.now();
  if (item.state === 'sent') {
    const scheduled = item.result?.state === 'scheduled';
    const recipients = item.result?.recipients ?? null;
    const sendAt = item.result?.send_at ?? record.sendAt;
    const campaignId = item.result?.campaign_id ?? record.campaignId;
    const updated = store.update(
      record.id,
      {
        state: scheduled ? 'scheduled' : 'sent',
        recipients,
        sendAt,
        campaignId,
        outboxId: null,
        problem: null,
        ...(scheduled ? {} : { sentAt: now }),
      },
      now,
    );
    services.events.emit('campaignChanged', viewOf(updated));
  } else if (item.state === 'needs_attention' && item.problem) {
    const problem = {
      message: item.problem.message,
      title: 'The queued send did not go out',
      whatToDo: item.problem.whatToDo,
    };
    services.events.emit('campaignChanged', viewOf(store.update(record.id, { state: 'refused', problem }, now)));
  }
}

/** A queued send discarded in the Outbox: its campaign was not sent and is a draft again. */
function forgetDiscardedSend(services: DeskServices, store: CampaignStore, outboxId: string): void {
  const record = store.byOutboxId(outboxId);
  if (!record || (record.state !== 'queued' && record.state !== 'refused')) return;
  const problem = {
    message: 'Its queued send was discarded in the Outbox.',
    title: 'Not sent',
    whatToDo: 'Send or schedule it again when you are ready.',
  };
  services.events.emit(
    'campaignChanged',
    viewOf(store.update(record.id, { state: 'draft', outboxId: null, sendAt: null, problem }, Date.now())),
  );
}
