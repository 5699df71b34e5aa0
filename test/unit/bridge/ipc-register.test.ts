import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { channels } from '../../../shared/bridge/contract';
import { mainFrameSenderCheck, registerDeskHandlers } from '../../../electron/ipc/register';
import type { BridgeResult } from '../../../shared/bridge/result';
import { fakeHandlers } from '../../support/fake-handlers';

type Listener = (event: IpcMainInvokeEvent, argument: unknown) => Promise<BridgeResult>;

/** A stand-in for ipcMain that records what register() installs. */
function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  return {
    handlers,
    handle: (channel: string, listener: Listener) => void handlers.set(channel, listener),
    removeHandler: (channel: string) => void handlers.delete(channel),
  };
}

const mainFrame = { url: 'app://desk/index.html' };
const contents = { mainFrame } as unknown as WebContents;
const trustedEvent = { sender: contents, senderFrame: mainFrame } as unknown as IpcMainInvokeEvent;

describe('registerDeskHandlers', () => {
  const ipc = fakeIpcMain();
  const unregister = registerDeskHandlers(
    ipc as never,
    fakeHandlers(),
    mainFrameSenderCheck(() => contents, 'app://desk'),
  );

  it('registers one ipcMain handler per channel of the contract', () => {
    expect([...ipc.handlers.keys()].sort()).toEqual(
      Object.keys(channels)
        .map((name) => `desk:${name}`)
        .sort(),
    );
  });

  it('answers a trusted call', async () => {
    const result = await ipc.handlers.get('desk:getAppInfo')!(trustedEvent, {});
    expect(result).toEqual({ ok: true, value: { name: 'Venue Desk', version: '1.0.0', mode: 'browser' } });
  });

  it('rejects bad arguments with a clear error', async () => {
    const result = await ipc.handlers.get('desk:openExternal')!(trustedEvent, { url: ['not', 'a', 'string'] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/Invalid arguments for openExternal.*url/s);
  });

  it('refuses a sub-frame, another window and another origin', async () => {
    const subFrame = { url: 'app://desk/index.html' };
    const other = { mainFrame: { url: 'app://desk/' } };
    const events = [
      { sender: contents, senderFrame: subFrame },
      { sender: other, senderFrame: other.mainFrame },
      { sender: contents, senderFrame: null },
    ] as unknown as IpcMainInvokeEvent[];
    for (const event of events) {
      const result = await ipc.handlers.get('desk:getStatus')!(event, {});
      expect(result).toMatchObject({
        ok: false,
        error: { message: expect.stringContaining('did not come from the Venue Desk window') },
      });
    }
    const navigatedAway = { url: 'https://evil.example/' };
    const hijacked = { mainFrame: navigatedAway } as unknown as WebContents;
    const check = mainFrameSenderCheck(() => hijacked, 'app://desk');
    expect(check({ sender: hijacked, senderFrame: navigatedAway } as unknown as IpcMainInvokeEvent)).toBe(false);
  });

  it('removes its handlers again', () => {
    unregister();
    expect(ipc.handlers.size).toBe(0);
  });
});
