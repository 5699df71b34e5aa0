import type { DeskApi } from '../../shared/bridge/contract';
import { GuestDatabase, guestDatabaseName } from '../db/guest-db';
import type { PlanContext } from '../search/query';
import { createPhoneKey, phonePlanOf } from '../search/phone';
import type { PhoneKey } from '../search/terms';
import type { Collection, CollectionStatus } from './collection';
import { createGuestSync } from './guest-collection';

/** The open guest cache of the connected account, with what searching and writing need. */
export interface GuestCache {
  clientId: string;
  country: string;
  db: GuestDatabase;
  phoneKey: PhoneKey;
  planContext: PlanContext;
  /** The guests' sync (sent items and SMS replies are pulled with it). */
  sync: Collection;
}

/**
 * The cache of an account, for its phone country, and its sync; the caller starts the sync. The
 * database is opened (created if new) unless the account's cache is already open: a change of phone
 * country rebuilds the search terms in that same database, which its readers keep reading.
 */
export function openGuestCache(
  desk: DeskApi,
  account: { clientId: string; defaultPhoneCountry: string },
  onStatus: (status: CollectionStatus) => void,
  openDatabase?: GuestDatabase,
): GuestCache {
  const db = openDatabase ?? new GuestDatabase(guestDatabaseName(account.clientId));
  const phoneKey = createPhoneKey(account.defaultPhoneCountry);
  return {
    clientId: account.clientId,
    country: account.defaultPhoneCountry,
    db,
    phoneKey,
    planContext: phonePlanOf(account.defaultPhoneCountry),
    sync: createGuestSync({ desk, db, phoneKey, country: account.defaultPhoneCountry, onStatus }),
  };
}
