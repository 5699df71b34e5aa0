import { shell, type BrowserWindow, type Session } from 'electron';
import { isSafeExternalUrl } from '../../shared/bridge/external-url';
import { APP_ORIGIN } from './app-protocol';

/** Opens a link in the system browser only when it passes the vetting rule. */
export async function openExternalVetted(url: string): Promise<boolean> {
  if (!isSafeExternalUrl(url)) return false;
  await shell.openExternal(url);
  return true;
}

/** Locks a window down: no navigation away from app://desk, no new windows (https links go to the browser). */
export function lockDownWindow(window: BrowserWindow): void {
  const contents = window.webContents;
  contents.on('will-navigate', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalVetted(url);
    return { action: 'deny' };
  });
}

/** Denies every permission request (camera, notifications, …): the desk needs none. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
