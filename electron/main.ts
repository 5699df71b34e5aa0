// The Electron shell: one locked-down window, the app:// protocol, and the bridge to the desk core.
import { app, BrowserWindow, ipcMain, Menu, session } from 'electron';
import { join } from 'node:path';
import { createDeskCore } from './core/desk-core';
import { forwardDeskEvents, mainFrameSenderCheck, registerDeskHandlers } from './ipc/register';
import { APP_ORIGIN, handleAppProtocol, registerAppScheme } from './shell/app-protocol';
import { buildAppMenu } from './shell/menu';
import { denyAllPermissions, lockDownWindow, openExternalVetted } from './shell/window-security';

registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let mainWindow: BrowserWindow | undefined;

  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  app.whenReady().then(async () => {
    const rendererRoot = join(__dirname, '..', 'renderer');
    handleAppProtocol(rendererRoot);
    denyAllPermissions(session.defaultSession);
    Menu.setApplicationMenu(buildAppMenu());

    const core = await createDeskCore({
      mode: 'electron',
      version: app.getVersion(),
      dataDir: app.getPath('userData'),
      openExternal: openExternalVetted,
    });
    const getContents = () => mainWindow?.webContents;
    registerDeskHandlers(ipcMain, core.handlers, mainFrameSenderCheck(getContents, APP_ORIGIN), (channel, error) =>
      console.error(`[desk] ${channel} failed:`, error),
    );
    forwardDeskEvents(core.events, getContents);

    mainWindow = new BrowserWindow({
      width: 1280,
      height: 800,
      minWidth: 960,
      minHeight: 600,
      title: 'Venue Desk',
      show: false,
      webPreferences: {
        preload: join(__dirname, 'preload.cjs'),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        spellcheck: true,
      },
    });
    lockDownWindow(mainWindow);
    mainWindow.once('ready-to-show', () => mainWindow?.show());
    await mainWindow.loadURL(process.env.VENUE_DESK_DEV_URL ?? `${APP_ORIGIN}/`);

    app.on('before-quit', () => void core.close());
  });

  app.on('window-all-closed', () => app.quit());
}
