import type { Database } from 'better-sqlite3';
import { UserFacingError } from '../../../shared/bridge/result';
import type { DeskServices } from '../services';
import { createCampaignHandlers } from './handlers';
import { createCampaignStore } from './store';

/** The campaign handlers of the desk core; without a database every call says why. */
export function createCampaignDesk(services: DeskServices, db: Database | null, databaseProblem: string | undefined) {
  const store = db ? createCampaignStore(db) : null;
  return createCampaignHandlers(services, {
    store: () => {
      if (!store) throw new UserFacingError(`Campaigns are kept in the desk database, which cannot be opened. ${databaseProblem ?? ''}`.trim());
      return store;
    },
    queueSend: () => Promise.reject(new UserFacingError('The service is not answering. Try again when the line is back.')),
  });
}
