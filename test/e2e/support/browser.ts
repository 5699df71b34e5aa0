import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { chromiumPath } from '../../../scripts/prerequisites.mjs';

/** Debian's Chromium, or an error naming how to install it. */
export function requireChromium(): string {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium is missing: install it with `sudo apt-get install -y chromium`.');
  return executablePath;
}

/** Flags Debian's Chromium needs on this closed network (and as root). */
export function chromiumFlags(): string[] {
  return [
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
}

/** How Playwright launches it: headless, with the flags above. */
function chromiumOptions() {
  return { executablePath: requireChromium(), headless: true, args: chromiumFlags() };
}

/** Launches Debian's Chromium headless. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumOptions());
}

/** Launches Chromium with a profile folder of the test's own, so its IndexedDB files can be inspected. */
export async function launchChromiumWithProfile(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, chromiumOptions());
}
