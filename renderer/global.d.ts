import type { DeskApi } from '../shared/bridge/contract';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode, where the WebSocket transport builds it. */
    desk?: DeskApi;
  }
}
