import { create } from 'zustand';
import type { DeskApi, EventPayload } from '../../shared/bridge/contract';
import { reportBackgroundFailure } from './background-failures';

export type AccountView = EventPayload<'accountChanged'>;

/** The connected account as the renderer may know it (never the key). */
export const useAccount = create<{ account: AccountView | null }>(() => ({ account: null }));

/** Loads the account once and follows its changes. */
export function followAccount(desk: DeskApi): () => void {
  desk.getAccount({}).then(
    (account) => useAccount.setState({ account }),
    (error: unknown) => reportBackgroundFailure('Loading the connected account', error),
  );
  return desk.on('accountChanged', (account) => useAccount.setState({ account }));
}
