import type { campaignChannels } from '../../../shared/bridge/channels/campaigns';
import type { DeskHandlers } from '../../../shared/bridge/contract';
import type { DeskServices } from '../services';
import { createCheckHandlers } from './check-handlers';
import { createCampaignContext, type CampaignHandlerOptions } from './context';
import { createDraftHandlers } from './draft-handlers';
import { createSendHandlers } from './send-handlers';

type CampaignHandlers = Pick<DeskHandlers, keyof typeof campaignChannels>;

/** The campaign channels, by job: drafts in the desk's SQLite; the service's verify and test; send, schedule and cancel. */
export function createCampaignHandlers(services: DeskServices, options: CampaignHandlerOptions): CampaignHandlers {
  const ctx = createCampaignContext(services, options);
  return { ...createDraftHandlers(ctx), ...createCheckHandlers(ctx), ...createSendHandlers(ctx) };
}
