// System prerequisites of the test suites, each with the one command that installs it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The Chromium the e2e tests and benchmarks drive: CHROMIUM_PATH, or Debian's /usr/bin/chromium. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((path) => existsSync(path)) ?? null;
}

/** Whether a command exists on PATH. */
export function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** The first missing prerequisite as one line naming the install command, or null when all are present. */
export function missingPrerequisite() {
  if (!chromiumPath())
    return 'Chromium is missing for the end-to-end tests: install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH).';
  if (!hasCommand('pdftotext'))
    return 'pdftotext is missing for the printing end-to-end test: install it with `sudo apt-get install -y poppler-utils` (macOS: `brew install poppler`).';
  if (process.platform === 'linux') {
    if (!hasCommand('dbus-run-session') || !hasCommand('gnome-keyring-daemon')) {
      return 'No keyring service for the keychain tests: install it with `sudo apt-get install -y gnome-keyring dbus libsecret-1-dev`, then `npm rebuild keytar`.';
    }
  }
  try {
    require('keytar');
  } catch (error) {
    return `keytar did not load (${String(error.message).split('\n')[0]}): install libsecret with \`sudo apt-get install -y libsecret-1-dev\`, then \`npm rebuild keytar\`.`;
  }
  return null;
}

/** Rebuilds the native modules for Node when they were last built for Electron (`npm start` with Electron does that). */
export function ensureNativeModulesForNode() {
  try {
    execFileSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { stdio: 'pipe' });
  } catch (error) {
    if (!/NODE_MODULE_VERSION|was compiled against/.test(String(error.stderr))) throw error;
    console.log('Native modules were built for Electron; rebuilding them for Node…');
    execFileSync('npm', ['rebuild', 'better-sqlite3', 'keytar'], { stdio: 'inherit' });
  }
}
