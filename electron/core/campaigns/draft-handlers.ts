// Campaign drafts in the desk's SQLite: list, save as typed, delete and copy (no service call: offline too).
import type { DeskHandlers } from '../../../shared/bridge/contract';
import { UserFacingError } from '../../../shared/bridge/result';
import { EDITABLE_STATES, type CampaignContext } from './context';
import { viewOf, type CampaignContent, type CampaignRecord } from './store';

type DraftHandlers = Pick<DeskHandlers, 'listCampaigns' | 'saveCampaignDraft' | 'deleteCampaign' | 'copyCampaign'>;

/** A new draft of the account's, never sent. */
function newDraft(id: string, account: string, content: CampaignContent, at: number): CampaignRecord {
  return {
    id,
    account,
    state: 'draft',
    content,
    campaignId: null,
    draftDigest: null,
    sendAt: null,
    estimate: null,
    recipients: null,
    problem: null,
    outboxId: null,
    createdAt: at,
    updatedAt: at,
    sentAt: null,
  };
}

/** The draft channels. */
export function createDraftHandlers(ctx: CampaignContext): DraftHandlers {
  return {
    listCampaigns: () => ({ campaigns: ctx.store().list(ctx.account().clientId).map(viewOf) }),

    saveCampaignDraft: ({ id, content }) => {
      const { clientId } = ctx.account();
      const existing = ctx.store().get(clientId, id);
      const at = ctx.now().getTime();
      if (!existing) {
        const record = newDraft(id, clientId, content, at);
        ctx.store().insert(record);
        return viewOf(record);
      }
      if (!EDITABLE_STATES.has(existing.state)) {
        throw new UserFacingError(
          existing.state === 'sent'
            ? 'This campaign has been sent; make a copy to change it.'
            : 'This campaign is scheduled or queued; cancel it first to change it.',
        );
      }
      const same = JSON.stringify(existing.content) === JSON.stringify(content);
      if (existing.outboxId && !same) {
        // A queued send that needed attention carries the content as it was: once the campaign is changed it must never go out from the Outbox.
        ctx.dropQueued(
          existing.outboxId,
          'The earlier send of this campaign is going out right now. Wait a moment, then open it again.',
        );
        return viewOf(ctx.store().update(id, { content, state: 'draft', problem: null, outboxId: null }, at));
      }
      if (same) return viewOf(existing);
      return viewOf(ctx.store().update(id, { content, state: 'draft', problem: null }, at));
    },

    deleteCampaign: ({ id }) => {
      const record = ctx.find(id);
      if (record.state === 'scheduled' || record.state === 'queued')
        throw new UserFacingError('Cancel the schedule before deleting this campaign.');
      return { deleted: ctx.store().delete(record.account, id) };
    },

    copyCampaign: ({ id, newId }) => {
      const source = ctx.find(id);
      const name = `${source.content.name.trim() || source.content.subject.trim() || 'Campaign'} (copy)`;
      const copy = newDraft(newId, source.account, { ...source.content, name }, ctx.now().getTime());
      ctx.store().insert(copy);
      return viewOf(copy);
    },
  };
}
