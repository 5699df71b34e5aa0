import type { z } from 'zod';
import { BROWSER_MODE_REASON, type appChannels, type printAnswer } from '../../../shared/bridge/channels/app';
import type { DeskHandlers, EventPayload } from '../../../shared/bridge/contract';
import { UserFacingError } from '../../../shared/bridge/result';
import { moveAsideDamagedDatabase } from '../db/open-database';

type AppHandlers = Pick<DeskHandlers, keyof typeof appChannels>;

/** What the app channels need from the desk core. */
export interface AppHandlerDeps {
  mode: 'electron' | 'browser';
  version: string;
  status: () => EventPayload<'statusChanged'>;
  /** The network is back (the outbox tries at once); absent while the desk database is unusable. */
  networkOnline?: () => void;
  /** Why the desk database cannot be used, if it cannot. */
  databaseProblem?: string;
  databaseFile: string;
  /** Whether a link may be opened: https, or the running demo service on this computer. */
  mayOpenLink: (url: string) => boolean;
  /** Hands a vetted https link to the system browser; the browser-mode host cannot, and says so. */
  openExternal?: (url: string) => Promise<boolean>;
  /** Prints the window, or saves it as a PDF (the Electron shell's webContents); the browser-mode host cannot, and says so. */
  print?: PrintWindow;
}

/** Prints the window (Electron's webContents.print or printToPDF): what it did, or why not. */
export type PrintWindow = (request: { to: 'printer' | 'pdf'; name: string }) => Promise<z.infer<typeof printAnswer>>;

/** The app's own channels: what is running, its status, the network coming back, the damaged database, external links. */
export function createAppHandlers(deps: AppHandlerDeps): AppHandlers {
  return {
    getAppInfo: () => ({ name: 'Venue Desk', version: deps.version, mode: deps.mode }),
    getStatus: () => deps.status(),
    networkOnline: () => {
      deps.networkOnline?.();
      return {};
    },
    moveAsideDamagedDatabase: () => {
      if (!deps.databaseProblem)
        throw new UserFacingError('The desk database is fine; there is nothing to move aside.');
      return { movedTo: moveAsideDamagedDatabase(deps.databaseFile) };
    },
    openExternal: async ({ url }) => {
      if (!deps.mayOpenLink(url))
        return {
          opened: false,
          reason: 'Only https links (or the running demo service on this computer) can be opened.',
        };
      if (!deps.openExternal) return { opened: false, reason: BROWSER_MODE_REASON };
      return { opened: await deps.openExternal(url) };
    },
    printPage: async (request) => (deps.print ? deps.print(request) : { printed: false, reason: BROWSER_MODE_REASON }),
  };
}
