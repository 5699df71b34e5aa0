import { createDeskApi } from '../../shared/bridge/client';
import type { DeskApi } from '../../shared/bridge/contract';
import { createWebSocketTransport } from './websocket-transport';

let desk: DeskApi | undefined;

/** The bridge to the desk core: the preload's window.desk in Electron, a WebSocket in browser mode. */
export function getDesk(): DeskApi {
  desk ??= window.desk ?? createDeskApi(createWebSocketTransport());
  return desk;
}

/** Replaces the bridge (tests hand in a fake desk core). */
export function setDesk(replacement: DeskApi): void {
  desk = replacement;
}
