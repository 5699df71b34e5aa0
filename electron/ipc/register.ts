import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import {
  channels,
  ipcChannelName,
  ipcEventName,
  type ChannelName,
  type DeskHandlers,
} from '../../shared/bridge/contract';
import { createDispatcher, type DispatchErrorLogger } from '../../shared/bridge/dispatch';
import type { BridgeResult } from '../../shared/bridge/result';
import type { DeskEvents } from '../core/events';

/** Decides whether an IPC message comes from our own window's main frame. */
export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

/**
 * The only code that touches ipcMain: registers every channel of the contract, refusing senders
 * that are not our window's main frame and arguments that fail the channel's schema.
 */
export function registerDeskHandlers(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  handlers: DeskHandlers,
  isTrustedSender: SenderCheck,
  logError?: DispatchErrorLogger,
): () => void {
  const dispatch = createDispatcher(handlers, logError);
  const names = Object.keys(channels) as ChannelName[];
  for (const name of names) {
    ipcMain.handle(ipcChannelName(name), async (event, argument: unknown): Promise<BridgeResult> => {
      if (!isTrustedSender(event)) {
        return {
          ok: false,
          error: { code: 'bad-request', message: 'Refused: this request did not come from the Venue Desk window.' },
        };
      }
      return dispatch(name, argument);
    });
  }
  return () => names.forEach((name) => ipcMain.removeHandler(ipcChannelName(name)));
}

/** A sender check that accepts only the main frame of the given window, showing our app:// origin. */
export function mainFrameSenderCheck(getContents: () => WebContents | undefined, origin: string): SenderCheck {
  return (event) => {
    const contents = getContents();
    const frame = event.senderFrame;
    if (!contents || !frame || event.sender !== contents) return false;
    if (frame !== contents.mainFrame) return false;
    // Compared as text: Node's URL gives custom schemes an opaque "null" origin.
    return frame.url.startsWith(`${origin}/`);
  };
}

/** Forwards the desk core's events to the window, on the contract's event channels. */
export function forwardDeskEvents(events: DeskEvents, getContents: () => WebContents | undefined): () => void {
  return events.subscribe((name, payload) => {
    const contents = getContents();
    if (contents && !contents.isDestroyed()) contents.send(ipcEventName(name), payload);
  });
}
