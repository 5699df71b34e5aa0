import { homedir } from 'node:os';
import { join } from 'node:path';

/** The per-user data directory, the same one Electron's app.getPath('userData') uses for "Venue Desk". */
export function defaultDataDir(platform: NodeJS.Platform = process.platform, env = process.env): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Venue Desk');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Venue Desk');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Venue Desk');
}
