import { chromium, type Browser } from 'playwright-core';
import { chromiumPath } from '../../../scripts/prerequisites.mjs';

/** Launches Debian's Chromium headless with the flags this closed network needs. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium is missing: install it with `sudo apt-get install -y chromium`.');
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
