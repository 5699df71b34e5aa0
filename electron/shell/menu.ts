import { Menu, type MenuItemConstructorOptions } from 'electron';

/**
 * The application menu (edit shortcuts matter: copy and paste in every field). The View menu's reload and
 * DevTools exist only in development (`developerTools`, i.e. not app.isPackaged).
 */
export function buildAppMenu(options: { developerTools: boolean }): Menu {
  const view: MenuItemConstructorOptions = options.developerTools
    ? { role: 'viewMenu' }
    : {
        label: 'View',
        submenu: [{ role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
      };
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    view,
    { role: 'windowMenu' },
  ];
  return Menu.buildFromTemplate(template);
}
