import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { startDeskProcess, type DeskProcess } from './support/desk-process';

let desk: DeskProcess;
let browser: Browser;

beforeAll(async () => {
  [desk, browser] = await Promise.all([startDeskProcess(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await desk?.stop();
});

describe('browser mode in Chromium', () => {
  it('prints an address whose page shows the app shell', async () => {
    expect(desk.output()).toContain('Starting browser mode.');
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(desk.url);

    const nav = page.getByRole('navigation', { name: 'Screens' });
    for (const label of ['Guests', 'Reservations', 'Import', 'Campaigns', 'Messages', 'Outbox', 'Settings']) {
      await expect(nav.getByText(label, { exact: true }).isVisible()).resolves.toBe(true);
    }
    // The account indicator is fed over the bridge WebSocket: this proves the token cookie and the socket work.
    await page.getByLabel('account status').getByText('No account connected').waitFor();
    expect(new URL(page.url()).search).toBe('');

    await nav.getByText('Settings', { exact: true }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.keyboard.press('Control+K');
    await page.getByRole('heading', { name: 'Guests' }).waitFor();
    expect(await page.locator(':focus').getAttribute('aria-label')).toBe('Search guests');

    mkdirSync('test-results/e2e', { recursive: true });
    await page.screenshot({ path: 'test-results/e2e/shell.png' });
    expect(errors).toEqual([]);
  });

  it('falls back to browser mode in one line when the Electron binary is missing', async () => {
    const fallback = await startDeskProcess({
      forceBrowser: false,
      env: { VENUE_DESK_ELECTRON_PATH: '/nonexistent/electron' },
    });
    try {
      expect(fallback.output()).toMatch(
        /^There is no Electron binary at \/nonexistent\/electron: starting browser mode instead\.\n/,
      );
      const response = await fetch(fallback.url);
      expect(response.status).toBe(200);
    } finally {
      await fallback.stop();
    }
  });

  it('refuses the page without the token', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(desk.url.replace(/\?token=.*/, ''));
    expect(response?.status()).toBe(403);
    await context.close();
  });
});
