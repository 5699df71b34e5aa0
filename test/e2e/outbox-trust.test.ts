import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxServer } from '../../sandbox/index';
import { launchChromium } from './support/browser';
import { connectWithApiKey } from './support/connect';
import { startDeskProcess, type DeskProcess } from './support/desk-process';

type Sandbox = Awaited<ReturnType<typeof startSandboxServer>>;

let sandbox: Sandbox;
let desk: DeskProcess;
let browser: Browser;
let page: Page;

const nav = () => page.getByRole('navigation', { name: 'Screens' });
const deskDatabase = (readonly = false) => new Database(join(desk.dataDir, 'desk.sqlite'), { readonly });

/** Opens the first guest of the search and its SMS form, with the sender filled. */
async function openSmsForm() {
  await nav().getByText('Guests', { exact: true }).click();
  await page.getByText(/^Guests as of/).waitFor({ timeout: 60_000 });
  await page.getByRole('combobox', { name: 'Search guests' }).fill('a');
  await page.getByRole('option').first().click();
  await page.getByRole('tab', { name: 'SMS' }).click();
  const form = page.getByRole('form', { name: 'send sms' });
  await form.getByLabel('Sender').fill('Harbour');
  return form;
}

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, demo: true });
  [desk, browser] = await Promise.all([startDeskProcess(), launchChromium()]);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(desk.url);
  await nav().getByText('Settings', { exact: true }).click();
  await connectWithApiKey(page, {
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.demo.apiKey,
    clientId: sandbox.demo.clientId,
  });
  await page.getByRole('heading', { name: 'Contact fields' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await desk?.stop();
  await sandbox?.close();
});

describe('the outbox when the desk database or the account cannot take it (browser mode, real desk core)', () => {
  it('an SMS the database cannot store is refused with the reason, the status says so, and what was typed stays', async () => {
    const form = await openSmsForm();
    await form.getByLabel('Message').fill('Your table is ready at 8');
    // Another program holds desk.sqlite's write lock past the desk's busy timeout.
    const other = deskDatabase();
    other.prepare('BEGIN IMMEDIATE').run();
    try {
      await form.getByRole('button', { name: 'Send SMS' }).click();
      await form
        .getByText('The desk cannot write to its database: another program is holding the database file', {
          exact: false,
        })
        .waitFor({ timeout: 20_000 });
      await page.getByRole('alert').filter({ hasText: 'Changes cannot be saved right now' }).waitFor();
      await expect(page.getByLabel('database status').textContent()).resolves.toBe('Not saving');
      expect(await form.getByLabel('Message').inputValue()).toBe('Your table is ready at 8');
    } finally {
      other.prepare('ROLLBACK').run();
      other.close();
    }
    await form.getByRole('button', { name: 'Send SMS' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Changes cannot be saved right now' })
      .waitFor({ state: 'detached', timeout: 20_000 });
    await expect
      .poll(
        () =>
          sandbox.sandbox.operator
            .messages({ clientId: sandbox.demo.clientId })
            .filter((m) => m.message === 'Your table is ready at 8').length,
        { timeout: 20_000 },
      )
      .toBe(1);
  });

  it('"Disconnect and discard N unsent" discards them for good, payloads blanked, and none goes out later', async () => {
    await sandbox.sandbox.operator.setOffline(true);
    const form = await openSmsForm();
    for (const text of ['Held back one', 'Held back two']) {
      await form.getByLabel('Sender').fill('Harbour');
      await form.getByLabel('Message').fill(text);
      await form.getByRole('button', { name: 'Send SMS' }).click();
      await expect.poll(() => form.getByLabel('Message').inputValue()).toBe('');
    }
    await nav().getByText('Settings', { exact: true }).click();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox').uncheck();
    await dialog.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await dialog.getByText('2 items have not been sent yet').waitFor();
    await expect(page.getByLabel('account status').textContent()).resolves.not.toBe('No account connected');
    await dialog.getByRole('button', { name: 'Disconnect and discard 2 unsent' }).click();
    await page.getByLabel('account status').filter({ hasText: 'No account connected' }).waitFor();

    // The account is let go first (so nothing more is claimed), then its entries are discarded: read until they are.
    const unsentRows = () => {
      const db = deskDatabase(true);
      try {
        return db.prepare(`SELECT state, payload FROM outbox_items WHERE state != 'sent'`).all();
      } finally {
        db.close();
      }
    };
    await expect.poll(unsentRows, { timeout: 10_000 }).toEqual([
      { state: 'discarded', payload: '{}' },
      { state: 'discarded', payload: '{}' },
    ]);
    await sandbox.sandbox.operator.setOffline(false);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const texts = sandbox.sandbox.operator.messages({ clientId: sandbox.demo.clientId }).map((m) => m.message);
    expect(texts).not.toContain('Held back one');
    expect(texts).not.toContain('Held back two');
  });
});
