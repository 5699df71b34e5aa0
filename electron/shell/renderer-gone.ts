import type { MessageBoxOptions, RenderProcessGoneDetails } from 'electron';

/** What following a window's page needs of the window (Electron's BrowserWindow, or a fake in tests). */
export interface PageWindow {
  isDestroyed(): boolean;
  webContents: {
    reload(): void;
    on(event: 'render-process-gone', listener: (event: unknown, details: RenderProcessGoneDetails) => void): unknown;
  };
}

/**
 * A renderer that dies (out of memory on a huge file, a crash) would leave the window blank. The desk
 * core, the outbox and any import it is queueing or delivering live in the main process and go on:
 * the page is reloaded (it shows the import where it stands) and a message says what happened. A page
 * that closed cleanly, or a window already gone, is left alone.
 */
export function reloadWhenPageGone(
  window: PageWindow,
  showMessage: (options: MessageBoxOptions) => Promise<unknown>,
  log: (line: string) => void = (line) => console.error(line),
): void {
  window.webContents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit' || window.isDestroyed()) return;
    log(`[desk] the window's page stopped (${details.reason}, exit code ${details.exitCode}); reloading it`);
    window.webContents.reload();
    showMessage({
      type: 'warning',
      title: 'Venue Desk',
      message: "The desk's window stopped and was opened again.",
      detail: `Nothing waiting in the outbox was lost, and an import being queued or sent goes on (see Import). ${details.reason === 'oom' ? 'The page ran out of memory: a very large file may need to be split.' : `Reason: ${details.reason}.`}`,
    }).catch((error: unknown) =>
      log(`[desk] the message about the reloaded page could not be shown: ${String(error)}`),
    );
  });
}
