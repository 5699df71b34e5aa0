import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** The per-user data directory, the same one Electron's app.getPath('userData') uses for "Venue Desk". */
export function defaultDataDir(platform: NodeJS.Platform = process.platform, env = process.env): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Venue Desk');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Venue Desk');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Venue Desk');
}

/**
 * The keychain service a data folder's secrets are filed under: "Venue Desk" for the usual folder, one of
 * its own for any other, so two desks on one machine (two data folders, e.g. the door and the bar on one
 * till) never read or overwrite each other's credentials.
 */
export function keychainServiceFor(dataDir: string, usual: string = defaultDataDir()): string {
  return resolve(dataDir) === resolve(usual) ? 'Venue Desk' : `Venue Desk (${resolve(dataDir)})`;
}
