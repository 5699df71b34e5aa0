import type { BrowserWindow, Session } from 'electron';
import { APP_ORIGIN } from './app-protocol';

/**
 * Locks a window down: no navigation away from app://desk, no new windows. A link the page tries to open
 * goes to `openLink` (the core's openExternal, which vets it) and never into a window of ours.
 */
export function lockDownWindow(window: BrowserWindow, openLink: (url: string) => void): void {
  const contents = window.webContents;
  contents.on('will-navigate', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openLink(url);
    return { action: 'deny' };
  });
}

/** Denies every permission request (camera, notifications, …): the desk needs none. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
