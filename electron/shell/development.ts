import type { MenuItemConstructorOptions } from 'electron';

/** What only a development run has: the renderer from Vite's dev URL, and DevTools with reload in the menu. */
export interface DevelopmentFeatures {
  /** Where to load the renderer from instead of app://desk (VENUE_DESK_DEV_URL), never in a packaged build. */
  devUrl: string | undefined;
  devTools: boolean;
}

/** The development features for this run: none at all when the app is packaged (app.isPackaged). */
export function developmentFeatures(isPackaged: boolean, env: Record<string, string | undefined>): DevelopmentFeatures {
  if (isPackaged) return { devUrl: undefined, devTools: false };
  return { devUrl: env.VENUE_DESK_DEV_URL || undefined, devTools: true };
}

/** The application menu's template (edit shortcuts matter: copy and paste in every field); reload and DevTools only with `devTools`. */
export function appMenuTemplate(
  features: Pick<DevelopmentFeatures, 'devTools'>,
  platform: NodeJS.Platform,
): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions = features.devTools
    ? { role: 'viewMenu' }
    : {
        label: 'View',
        submenu: [
          { role: 'resetZoom' },
          { role: 'zoomIn' },
          { role: 'zoomOut' },
          { type: 'separator' },
          { role: 'togglefullscreen' },
        ],
      };
  return [
    ...(platform === 'darwin' ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    view,
    { role: 'windowMenu' },
  ];
}
