// Issue 10, items 2 and 5 in Chromium: a second `npm start` on the same data folder leaves the first desk alone and
// points at it; the web dashboard opens from Settings without its sign-in link ever crossing the bridge.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { startDeskProcess, type DeskProcess } from './support/desk-process';

let desk: DeskProcess;
let browser: Browser;
let page: Page;
const framesToRenderer: string[] = [];

/** Runs `npm start` (scripts/start.mjs, already built) once more on a data folder; resolves when it exits. */
function startAgain(dataDir: string) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['scripts/start.mjs', '--no-build', '--browser', '--port', '0', '--data-dir', dataDir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(
      () => (child.kill('SIGKILL'), reject(new Error(`the second start did not exit:\n${output}`))),
      40_000,
    );
    child.once('exit', (code) => (clearTimeout(timer), resolve({ code, output })));
  });
}

beforeAll(async () => {
  [desk, browser] = await Promise.all([startDeskProcess(), launchChromium()]);
  page = await browser.newPage();
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => framesToRenderer.push(String(payload))));
  await page.goto(desk.url);
});

afterAll(async () => {
  await browser?.close();
  await desk?.stop();
});

describe('one desk per data folder, and the dashboard link kept in the core', () => {
  it('a second start on the same folder prints the running desk’s address, exits 0 and leaves it serving', async () => {
    const second = await startAgain(desk.dataDir);
    expect(second.code).toBe(0);
    expect(second.output).toContain(
      `Venue Desk is already running for this data folder (${desk.dataDir}). Open this address in Chrome or Chromium: ${desk.url}`,
    );
    expect(second.output).not.toContain('is running in browser mode');
    await page.reload();
    await page.getByRole('navigation', { name: 'Screens' }).getByText('Settings', { exact: true }).click();
    await page.getByRole('tab', { name: 'Demo' }).click();
    await page.getByRole('button', { name: 'Start the demo' }).waitFor();
  });

  it('opens the web dashboard in a new tab, signed in, and says the history keeps the link', async () => {
    await page.getByRole('button', { name: 'Start the demo' }).click();
    await page.getByRole('button', { name: 'Open web dashboard' }).waitFor();
    await page.getByText("this browser's history will keep its sign-in link").waitFor();
    await page.screenshot({ path: join(desk.dataDir, 'settings-dashboard.png') });

    const demo = JSON.parse(readFileSync(join(desk.dataDir, 'demo-service.json'), 'utf8')) as { baseUrl: string };
    const [dashboard] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Open web dashboard' }).click(),
    ]);
    await dashboard.waitForURL(`${demo.baseUrl}/account`);
    await dashboard.getByText('Harbour Lights').first().waitFor();
    await dashboard.close();

    expect(framesToRenderer.length).toBeGreaterThan(0);
    expect(
      framesToRenderer.filter((frame) => frame.includes('api_token/signin') || frame.includes('signature=')),
    ).toEqual([]);
  });
});
