import type { DeskApi } from '../../shared/bridge/contract';
import { GuestDatabase, guestDatabaseName } from '../db/guest-db';
import type { PlanContext } from '../search/query';
import { createPhoneKey, phonePlanOf } from '../search/phone';
import type { PhoneKey } from '../search/terms';
import { createGuestSync, type GuestSync, type SyncStatus } from './guest-sync';

/** The open guest cache of the connected account, with what searching and writing need. */
export interface GuestCache {
  clientId: string;
  country: string;
  db: GuestDatabase;
  phoneKey: PhoneKey;
  planContext: PlanContext;
  sync: GuestSync;
}

/** Opens (creating if new) the cache of an account and builds its sync; the caller starts the sync. */
export function openGuestCache(
  desk: DeskApi,
  account: { clientId: string; defaultPhoneCountry: string },
  onStatus: (status: SyncStatus) => void,
): GuestCache {
  const db = new GuestDatabase(guestDatabaseName(account.clientId));
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
