import { z } from 'zod';
import { channel } from '../define';

/** How the desk is running: inside Electron or as the browser-mode host. */
const deskMode = z.enum(['electron', 'browser']);

/** What the header shows: is an account connected, and can the service be reached. */
const deskStatus = z.object({
  account: z.object({
    state: z.enum(['none', 'connected', 'demo']),
    label: z.string().optional(),
  }),
  online: z.boolean(),
  /** Why the desk cannot work at all (e.g. its database is damaged), in staff's words. */
  problem: z.string().optional(),
  /** Set while the desk cannot write its database (disk full, I/O error, busy): "The desk cannot write to its database: <reason>." */
  writeProblem: z.string().optional(),
});

/** The reason openExternal and openDashboard give when the core runs as the browser-mode host and cannot open a browser itself. */
export const BROWSER_MODE_REASON = 'browser-mode';

/** What printing the page did: printed (or saved as a PDF, and where), or why not. */
export const printAnswer = z.object({
  printed: z.boolean(),
  reason: z.string().optional(),
  savedTo: z.string().optional(),
});

export const appChannels = {
  getAppInfo: channel(z.object({}).strict(), z.object({ name: z.string(), version: z.string(), mode: deskMode })),
  getStatus: channel(z.object({}).strict(), deskStatus),
  /** The renderer saw the network come back: the outbox tries at once instead of at its next probe. */
  networkOnline: channel(z.object({}).strict(), z.object({})),
  /** Moves a damaged desk database aside (a person chose to), so the next start begins with an empty one. */
  moveAsideDamagedDatabase: channel(z.object({}).strict(), z.object({ movedTo: z.string() })),
  /** Answers `opened: false, reason: BROWSER_MODE_REASON` in browser mode: the page opens the vetted link in a new tab. */
  openExternal: channel(
    z.object({ url: z.string().max(2048) }).strict(),
    z.object({ opened: z.boolean(), reason: z.string().optional() }),
  ),
  /**
   * Prints the window as it is laid out for print (the day's run sheet), on a printer through the system's
   * dialog or into a PDF file staff choose, named after `name`. Answers `printed: false, reason:
   * BROWSER_MODE_REASON` in browser mode: the page prints itself with the browser's own print.
   */
  printPage: channel(
    z
      .object({
        to: z.enum(['printer', 'pdf']),
        name: z
          .string()
          .min(1)
          .max(120)
          .regex(/^[\p{L}\p{N} ._,'()&+-]+$/u, "A file name of letters, digits, spaces and . _ , ' ( ) & + -"),
      })
      .strict(),
    printAnswer,
  ),
};

export const appEvents = {
  statusChanged: deskStatus,
};
