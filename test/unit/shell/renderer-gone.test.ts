import type { MessageBoxOptions, RenderProcessGoneDetails } from 'electron';
import { describe, expect, it } from 'vitest';
import { reloadWhenPageGone, type PageWindow } from '../../../electron/shell/renderer-gone';

/** A window whose webContents the test drives: it records reloads, and fires render-process-gone on demand. */
function fakeWindow() {
  const listeners: Array<(event: unknown, details: RenderProcessGoneDetails) => void> = [];
  const state = { reloads: 0, destroyed: false };
  const window: PageWindow = {
    isDestroyed: () => state.destroyed,
    webContents: {
      reload: () => void (state.reloads += 1),
      on: (_event, listener) => listeners.push(listener),
    },
  };
  const gone = (reason: RenderProcessGoneDetails['reason'], exitCode = 9) =>
    listeners.forEach((listener) => listener({}, { reason, exitCode }));
  return { window, state, gone };
}

describe("the window's page stops (Electron's render-process-gone)", () => {
  it('reloads the page and says so, naming memory when the page ran out of it', async () => {
    const { window, state, gone } = fakeWindow();
    const messages: MessageBoxOptions[] = [];
    const logged: string[] = [];
    reloadWhenPageGone(
      window,
      async (options) => messages.push(options),
      (line) => logged.push(line),
    );
    gone('oom');
    expect(state.reloads).toBe(1);
    expect(messages).toEqual([
      expect.objectContaining({
        type: 'warning',
        message: "The desk's window stopped and was opened again.",
        detail: expect.stringMatching(/Nothing waiting in the outbox was lost.*ran out of memory/),
      }),
    ]);
    gone('crashed', 139);
    expect(state.reloads).toBe(2);
    expect(messages[1]!.detail).toMatch(/Reason: crashed\./);
    expect(logged).toEqual([
      "[desk] the window's page stopped (oom, exit code 9); reloading it",
      "[desk] the window's page stopped (crashed, exit code 139); reloading it",
    ]);
  });

  it('leaves a page that closed cleanly, or a window already gone, as it is', () => {
    const { window, state, gone } = fakeWindow();
    const messages: MessageBoxOptions[] = [];
    reloadWhenPageGone(
      window,
      async (options) => messages.push(options),
      () => undefined,
    );
    gone('clean-exit', 0);
    state.destroyed = true;
    gone('killed');
    expect(state.reloads).toBe(0);
    expect(messages).toEqual([]);
  });

  it('still reloads when the message cannot be shown, and says why in the log', async () => {
    const { window, state, gone } = fakeWindow();
    const logged: string[] = [];
    reloadWhenPageGone(
      window,
      () => Promise.reject(new Error('no display')),
      (line) => logged.push(line),
    );
    gone('launch-failed');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.reloads).toBe(1);
    expect(logged.at(-1)).toMatch(/could not be shown: Error: no display/);
  });
});
