import { create } from 'zustand';
import type { EventPayload } from '../../shared/bridge/contract';
import type { DeskApi } from '../../shared/bridge/contract';
import { reportBackgroundFailure } from './background-failures';

type DeskStatus = EventPayload<'statusChanged'>;

interface StatusState {
  status: DeskStatus | null;
  /** The browser's own view of the network; the desk core's `online` says whether the service answers. */
  networkUp: boolean;
  mode: 'electron' | 'browser' | null;
  error: string | null;
}

/** The header's account and connection state, fed by the desk core's events. */
export const useStatus = create<StatusState>(() => ({ status: null, networkUp: true, mode: null, error: null }));

/** Loads the status once and follows the desk's events and the browser's online/offline events. */
export function followDeskStatus(desk: DeskApi): () => void {
  const update = (status: DeskStatus) => useStatus.setState({ status, error: null });
  desk.getStatus({}).then(update, (error: Error) => useStatus.setState({ error: error.message }));
  desk.getAppInfo({}).then(
    (info) => useStatus.setState({ mode: info.mode }),
    (error: unknown) => reportBackgroundFailure('Asking the desk how it runs', error),
  );
  const setNetwork = () => {
    useStatus.setState({ networkUp: navigator.onLine });
    if (navigator.onLine)
      desk
        .networkOnline({})
        .catch((error: unknown) => reportBackgroundFailure('Telling the outbox the network is back', error));
  };
  setNetwork();
  window.addEventListener('online', setNetwork);
  window.addEventListener('offline', setNetwork);
  const unsubscribe = desk.on('statusChanged', update);
  return () => {
    unsubscribe();
    window.removeEventListener('online', setNetwork);
    window.removeEventListener('offline', setNetwork);
  };
}
