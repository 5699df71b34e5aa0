import Dexie from 'dexie';
import { create } from 'zustand';
import type { DeskApi } from '../../shared/bridge/contract';
import { guestDatabaseName } from '../db/guest-db';
import { onDeskReconnected } from '../bridge/desk';
import { followOutboxItem, forgetRemovedWrites, reconcileWrites } from '../sync/confirmations';
import { IDLE_STATUS, type CollectionStatus } from '../sync/collection';
import { openGuestCache, type GuestCache } from '../sync/guest-cache';
import { venueFormatFor } from '../../shared/format/venue-format';
import { warmUpSearch } from '../search/warm-up';
import { useAccount, type AccountView } from './account';
import { reportBackgroundFailure } from './background-failures';
import { followOutboxEntries } from './outbox-follow';

interface GuestsState {
  /** The connected account's cache, or null when no account is connected. */
  cache: GuestCache | null;
  status: CollectionStatus;
  /** Bumped whenever cached guests change (a sync page, a write), so searches and views refresh. */
  dataVersion: number;
}

/** The guest cache of the connected account and the state of its sync. */
export const useGuests = create<GuestsState>(() => ({ cache: null, status: IDLE_STATUS, dataVersion: 0 }));

/** Counts the databases this store closed (another account, local data cleared): readers follow it. */
let closedCaches = 0;

/**
 * How many cache databases have been closed so far. A read that began before a close and failed
 * because its database was closed has no answer to give (its cache is gone), rather than a fault.
 */
export function closedCacheCount(): number {
  return closedCaches;
}

/** Marks cached guests as changed (searches and open views read them again). */
export function guestsChanged(): void {
  useGuests.setState((state) => ({ dataVersion: state.dataVersion + 1 }));
}

let following: (() => void) | null = null;

/** Deletes every account's guest cache from this browser profile ("clear local data"). */
async function deleteGuestCaches(): Promise<void> {
  const names = await Dexie.getDatabaseNames();
  await Promise.all(names.filter((name) => name.startsWith(guestDatabaseName(''))).map((name) => Dexie.delete(name)));
}

/** Brings the cache's writes in line with the outbox, for what events could not tell (start-up, reconnect). */
function reconcile(desk: DeskApi, cache: GuestCache): void {
  reconcileWrites(desk, cache.db, cache.phoneKey).then(guestsChanged, (error: unknown) =>
    reportBackgroundFailure('Checking queued guest changes against the outbox', error),
  );
}

/**
 * Opens the connected account's cache and keeps it in step: the sync (timer, focus, on demand),
 * outbox events for this desk's writes (confirmations, removals), one reconcile when the cache opens
 * and after the bridge reconnects, account changes and "clear local data". Idempotent.
 */
export function followGuests(desk: DeskApi): () => void {
  if (following) return following;
  let stopSync: (() => void) | null = null;

  /** Stops the sync; the database is closed only when this cache is not followed by one of the same account. */
  const close = (keepDatabase: boolean) => {
    stopSync?.();
    stopSync = null;
    const current = useGuests.getState().cache;
    useGuests.setState({ cache: null, status: IDLE_STATUS });
    if (current && !keepDatabase) {
      closedCaches++;
      current.db.close();
    }
  };

  const openFor = (account: AccountView | null) => {
    const clientId = account && account.state !== 'none' ? account.clientId : undefined;
    const current = useGuests.getState().cache;
    if (current && current.clientId === clientId && current.country === account?.defaultPhoneCountry) return;
    // The same account with another phone country keeps its database: readers of it (the replies badge) go on.
    const sameAccount = current !== null && current.clientId === clientId;
    close(sameAccount);
    if (!clientId || !account) return;
    // Once the index holds guests (loaded, or after a sync), one search nobody sees, in idle time: the first key
    // staff type does not pay for compiling what a search runs.
    let warmed = false;
    const warmUp = () => {
      const cache = useGuests.getState().cache;
      const index = cache?.db.loadedSearchIndex();
      if (warmed || !cache || !index || index.size === 0 || typeof requestIdleCallback !== 'function') return;
      warmed = true;
      const { phone } = venueFormatFor(account.defaultPhoneCountry, account.timeZone);
      requestIdleCallback(() => warmUpSearch(index, cache.planContext, phone));
    };
    const onStatus = (status: CollectionStatus) => {
      useGuests.setState({ status });
      if (status.phase !== 'syncing' || status.done > 0) guestsChanged();
      if (status.phase === 'idle') warmUp();
    };
    const settings = { clientId, defaultPhoneCountry: account.defaultPhoneCountry };
    const cache = openGuestCache(desk, settings, onStatus, sameAccount ? current.db : undefined);
    useGuests.setState({ cache });
    // Search answers from the guests' index in memory: loaded now, so the first key does not wait for it.
    cache.db
      .searchIndex()
      .then(warmUp)
      .catch((error: unknown) => reportBackgroundFailure('Loading the guest search index', error));
    stopSync = cache.sync.start();
    reconcile(desk, cache);
  };

  openFor(useAccount.getState().account);
  const unsubscribeAccount = useAccount.subscribe((state) => openFor(state.account));
  // Only this desk's own guest writes are read in full: an import's 100,000 entries are not the cache's to follow.
  const unsubscribeOutbox = followOutboxEntries(desk, {
    label: 'Following the outbox in the guest list',
    pick: async (changed) => {
      const cache = useGuests.getState().cache;
      return cache ? cache.db.writeIdsAmong(changed.map((change) => change.id)) : [];
    },
    apply: async (items, removed) => {
      const cache = useGuests.getState().cache;
      if (!cache) return;
      const followed = await Promise.all(items.map((item) => followOutboxItem(cache.db, item, cache.phoneKey)));
      const forgot = await forgetRemovedWrites(cache.db, removed, cache.phoneKey);
      // Only a change to one of this desk's guest writes changes the guests (a state it already had does not).
      if (followed.includes(true) || forgot) guestsChanged();
    },
  });
  const unsubscribeReconnect = onDeskReconnected(() => {
    const cache = useGuests.getState().cache;
    if (cache) reconcile(desk, cache);
  });
  const unsubscribeCleared = desk.on('localDataCleared', () => {
    close(false);
    deleteGuestCaches().then(
      () => openFor(useAccount.getState().account),
      (error: unknown) => reportBackgroundFailure('Clearing the local guest copy', error),
    );
  });

  following = () => {
    unsubscribeAccount();
    unsubscribeOutbox();
    unsubscribeReconnect();
    unsubscribeCleared();
    close(false);
    following = null;
  };
  return following;
}
