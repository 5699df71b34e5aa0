import { Menu } from 'electron';
import { appMenuTemplate, type DevelopmentFeatures } from './development';

/** The application menu; the View menu's reload and DevTools exist only in development. */
export function buildAppMenu(features: Pick<DevelopmentFeatures, 'devTools'>): Menu {
  return Menu.buildFromTemplate(appMenuTemplate(features, process.platform));
}
