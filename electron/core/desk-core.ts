import { mkdirSync } from 'node:fs';
import type { DeskHandlers, EventPayload } from '../../shared/bridge/contract';
import { isSafeExternalUrl } from '../../shared/bridge/external-url';
import { createDeskEvents, type DeskEvents } from './events';

/** What the desk core needs from the process hosting it (Electron or the browser-mode host). */
export interface DeskCoreOptions {
  mode: 'electron' | 'browser';
  version: string;
  dataDir: string;
  /** Hands a vetted https link to the system browser; the browser-mode host cannot, and says so. */
  openExternal?: (url: string) => Promise<boolean>;
}

/** The running desk core: the handlers both transports register, its events, and shutdown. */
export interface DeskCore {
  handlers: DeskHandlers;
  events: DeskEvents;
  close(): Promise<void>;
}

/** Builds the desk core for one data directory; all state lives under it. */
export async function createDeskCore(options: DeskCoreOptions): Promise<DeskCore> {
  mkdirSync(options.dataDir, { recursive: true });
  const events = createDeskEvents((error) => console.error('[desk] event listener failed:', error));
  const status: EventPayload<'statusChanged'> = { account: { state: 'none' }, online: false };

  const handlers: DeskHandlers = {
    getAppInfo: () => ({ name: 'Venue Desk', version: options.version, mode: options.mode }),
    getStatus: () => status,
    openExternal: async ({ url }) => {
      if (!isSafeExternalUrl(url)) return { opened: false, reason: 'Only https links can be opened.' };
      if (!options.openExternal) return { opened: false, reason: 'browser-mode' };
      return { opened: await options.openExternal(url) };
    },
  };

  return {
    handlers,
    events,
    close: async () => {},
  };
}
