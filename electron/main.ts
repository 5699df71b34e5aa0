// The Electron shell: one locked-down window, the app:// protocol, and the bridge to the desk core.
import { app, BrowserWindow, dialog, ipcMain, Menu, session, shell } from 'electron';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createDeskCore, type DeskCore } from './core/desk-core';
import { DeskAlreadyRunningError, DeskLockUnavailableError } from './core/lock/desk-lock';
import { forwardDeskEvents, mainFrameSenderCheck, registerDeskHandlers } from './ipc/register';
import { APP_ORIGIN, handleAppProtocol, registerAppScheme } from './shell/app-protocol';
import { developmentFeatures } from './shell/development';
import { reloadWhenPageGone } from './shell/renderer-gone';
import { buildAppMenu } from './shell/menu';
import { createPrinter } from './shell/print';
import { denyAllPermissions, lockDownWindow } from './shell/window-security';

registerAppScheme();

// `--data-dir` (as in browser mode) moves userData, and with it Electron's single-instance lock: one desk per data folder.
const { values: flags } = parseArgs({
  args: process.argv.slice(1),
  options: { 'data-dir': { type: 'string' } },
  strict: false,
  allowPositionals: true,
});
if (typeof flags['data-dir'] === 'string') app.setPath('userData', resolve(flags['data-dir']));

// Development only: a packaged build never loads a page from elsewhere and has no DevTools.
const development = developmentFeatures(app.isPackaged, process.env);

if (!app.requestSingleInstanceLock()) {
  // The first desk on this folder gets 'second-instance' and comes to the front; nothing here opens the outbox.
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
    Menu.setApplicationMenu(buildAppMenu(development));

    let core: DeskCore;
    try {
      core = await createDeskCore({
        mode: 'electron',
        version: app.getVersion(),
        dataDir: app.getPath('userData'),
        // The core vets every link (https, or the running demo's own http origin) before this is called.
        openExternal: (url) =>
          shell.openExternal(url).then(
            () => true,
            () => false, // the renderer is told the link did not open, and says so
          ),
        // The run sheet of the day (and whatever else the page lays out for print), on paper or as a PDF.
        print: createPrinter({
          contents: () => mainWindow?.webContents,
          chooseFile: async (defaultName) => {
            if (!mainWindow) return undefined;
            const chosen = await dialog.showSaveDialog(mainWindow, {
              defaultPath: join(app.getPath('documents'), defaultName),
              filters: [{ name: 'PDF', extensions: ['pdf'] }],
            });
            return chosen.canceled ? undefined : chosen.filePath;
          },
          writeFile: (path, data) => writeFile(path, data),
        }),
      });
    } catch (error) {
      // A browser-mode desk holds this data folder (Electron's own lock only sees other Electron windows), or the folder cannot hold a lock.
      if (!(error instanceof DeskAlreadyRunningError || error instanceof DeskLockUnavailableError)) throw error;
      dialog.showErrorBox(
        error instanceof DeskAlreadyRunningError ? 'Venue Desk is already running' : 'Venue Desk cannot start',
        error.message,
      );
      app.quit();
      return;
    }
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
        devTools: development.devTools,
      },
    });
    lockDownWindow(mainWindow, (url) => void core.handlers.openExternal({ url }));
    const window = mainWindow;
    reloadWhenPageGone(window, (options) => dialog.showMessageBox(window, options));
    mainWindow.once('ready-to-show', () => mainWindow?.show());
    await mainWindow.loadURL(development.devUrl ?? `${APP_ORIGIN}/`);

    app.on('before-quit', () => void core.close());
  });

  app.on('window-all-closed', () => app.quit());
}
