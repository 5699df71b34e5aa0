import { createDeskApi } from '../../shared/bridge/client';
import type { DeskApi } from '../../shared/bridge/contract';
import { createWebSocketTransport } from './websocket-transport';

let desk: DeskApi | undefined;
const reconnectListeners = new Set<() => void>();

/** The bridge to the desk core: the preload's window.desk in Electron, a WebSocket in browser mode. */
export function getDesk(): DeskApi {
  desk ??= window.desk ?? createDeskApi(createWebSocketTransport(undefined, notifyDeskReconnected));
  return desk;
}

/** Replaces the bridge (tests hand in a fake desk core). */
export function setDesk(replacement: DeskApi): void {
  desk = replacement;
}

/**
 * Calls `listener` each time the bridge comes back after it dropped (browser mode: the desk host
 * restarted or the socket broke), when events may have been missed. Returns the unsubscribe.
 */
export function onDeskReconnected(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => void reconnectListeners.delete(listener);
}

/** Tells the followers that the bridge is back (the transport calls it; tests may too). */
export function notifyDeskReconnected(): void {
  for (const listener of reconnectListeners) listener();
}
