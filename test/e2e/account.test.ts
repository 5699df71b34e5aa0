import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxServer } from '../../sandbox/index';
import { launchChromiumWithProfile } from './support/browser';
import { startDeskProcess, type DeskProcess } from './support/desk-process';

type Sandbox = Awaited<ReturnType<typeof startSandboxServer>>;

let sandbox: Sandbox;
let desk: DeskProcess;
let context: BrowserContext;
let page: Page;
const profileDir = mkdtempSync(join(tmpdir(), 'desk-profile-'));
const framesToRenderer: string[] = [];

/** Every file below a folder, read as bytes (latin1 keeps any byte sequence searchable). */
function readTree(dir: string): Array<{ path: string; text: string }> {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((relative) => join(dir, relative))
    .filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile())
    .map((path) => ({ path, text: readFileSync(path).toString('latin1') }));
}

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, demo: true });
  [desk, context] = await Promise.all([startDeskProcess(), launchChromiumWithProfile(profileDir)]);
  page = await context.newPage();
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => framesToRenderer.push(String(payload))));
  await page.goto(desk.url);
  await page.getByRole('navigation', { name: 'Screens' }).getByText('Settings', { exact: true }).click();
});

afterAll(async () => {
  await context?.close();
  await desk?.stop();
  await sandbox?.close();
  rmSync(profileDir, { recursive: true, force: true });
});

describe('connecting an account (browser mode, real keychain, real sandbox)', () => {
  it('refuses a wrong key clearly and saves nothing', async () => {
    const form = page.getByRole('tabpanel', { name: 'API key' });
    await form.getByLabel('Service address').fill(sandbox.baseUrl);
    await form.getByLabel('API key').fill('not-the-right-key');
    await form.getByLabel('Client id').fill(sandbox.demo.clientId);
    await form.getByRole('button', { name: 'Connect' }).click();
    await expect(form.getByRole('alert').textContent()).resolves.toMatch(/refused this API key.*Nothing was saved/);
    await expect(page.getByLabel('account status').textContent()).resolves.toBe('No account connected');
    expect(await form.getByLabel('Service address').inputValue()).toBe(sandbox.baseUrl);
  });

  it('connects with the right key and shows the account in the header', async () => {
    const form = page.getByRole('tabpanel', { name: 'API key' });
    await form.getByLabel('API key').fill(sandbox.demo.apiKey);
    await form.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('heading', { name: 'Contact fields' }).waitFor();
    await expect(page.getByLabel('account status').textContent()).resolves.toContain(new URL(sandbox.baseUrl).host);
    await page.getByRole('table', { name: 'contact fields' }).getByText('PatronEmail').waitFor();
  });

  it('keeps the key out of the database, the browser profile, the logs and everything sent to the renderer', async () => {
    await page.reload();
    await page.getByLabel('account status').getByText(new URL(sandbox.baseUrl).host).waitFor();
    await context.close(); // flush IndexedDB and the profile to disk
    const secret = sandbox.demo.apiKey;
    expect(secret.length).toBeGreaterThanOrEqual(16);
    const places = [
      ...readTree(desk.dataDir),
      ...readTree(profileDir),
      { path: 'desk output', text: desk.output() },
      { path: 'frames to the renderer', text: framesToRenderer.join('\n') },
    ];
    expect(places.some((place) => place.path.includes('desk.sqlite'))).toBe(true);
    expect(framesToRenderer.length).toBeGreaterThan(0);
    expect(places.filter((place) => place.text.includes(secret)).map((place) => place.path)).toEqual([]);
  });
});
