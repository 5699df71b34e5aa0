import Dexie from 'dexie';
import { create } from 'zustand';
import type { DeskApi } from '../../shared/bridge/contract';
import { guestDatabaseName } from '../db/guest-db';
import { followOutboxItem, reconcileWrites } from '../sync/confirmations';
import { openGuestCache, type GuestCache } from '../sync/guest-cache';
import type { SyncStatus } from '../sync/guest-sync';
import { useAccount, type AccountView } from './account';
import { useOutbox } from './outbox';

interface GuestsState {
  /** The connected account's cache, or null when no account is connected. */
  cache: GuestCache | null;
  status: SyncStatus;
  /** Bumped whenever cached guests change (a sync page, a write), so searches and views refresh. */
  dataVersion: number;
}

const IDLE: SyncStatus = { phase: 'idle', done: 0, total: 0 };
const RECONCILE_DELAY_MS = 1500;

/** The guest cache of the connected account and the state of its sync. */
export const useGuests = create<GuestsState>(() => ({ cache: null, status: IDLE, dataVersion: 0 }));

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

/**
 * Opens the connected account's cache and keeps it in step: the sync (timer, focus, on demand),
 * outbox confirmations of this desk's writes, account changes and "clear local data". Idempotent.
 */
export function followGuests(desk: DeskApi): () => void {
  if (following) return following;
  let stopSync: (() => void) | null = null;

  const close = () => {
    stopSync?.();
    stopSync = null;
    useGuests.getState().cache?.db.close();
    useGuests.setState({ cache: null, status: IDLE });
  };

  const openFor = (account: AccountView | null) => {
    const clientId = account && account.state !== 'none' ? account.clientId : undefined;
    const current = useGuests.getState().cache;
    if (current && current.clientId === clientId && current.country === account?.defaultPhoneCountry) return;
    close();
    if (!clientId || !account) return;
    const cache = openGuestCache(desk, { clientId, defaultPhoneCountry: account.defaultPhoneCountry }, (status) => {
      useGuests.setState({ status });
      if (status.phase !== 'syncing' || status.done > 0) guestsChanged();
    });
    useGuests.setState({ cache });
    stopSync = cache.sync.start();
  };

  openFor(useAccount.getState().account);
  const unsubscribeAccount = useAccount.subscribe((state) => openFor(state.account));
  // Discarded entries leave the outbox without an event of their own: look again shortly after any change.
  let reconcileTimer: ReturnType<typeof setTimeout> | undefined;
  const reconcileSoon = (cache: GuestCache) => {
    clearTimeout(reconcileTimer);
    reconcileTimer = setTimeout(() => void reconcileWrites(desk, cache.db, cache.phoneKey).then(guestsChanged, () => {}), RECONCILE_DELAY_MS);
  };
  const unsubscribeOutbox = useOutbox.subscribe((state, previous) => {
    const cache = useGuests.getState().cache;
    if (!cache || state.version === previous.version) return;
    const changed = Object.values(state.items).filter((item) => previous.items[item.id] !== item);
    void Promise.all(changed.map((item) => followOutboxItem(cache.db, item, cache.phoneKey))).then(guestsChanged, () => {});
    reconcileSoon(cache);
  });
  const unsubscribeCleared = desk.on('localDataCleared', () => {
    close();
    void deleteGuestCaches().then(() => openFor(useAccount.getState().account));
  });

  following = () => {
    clearTimeout(reconcileTimer);
    unsubscribeAccount();
    unsubscribeOutbox();
    unsubscribeCleared();
    close();
    following = null;
  };
  return following;
}
