import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxServer } from '../../sandbox/index';
import { createServiceClient } from '../../shared/api/client';
import { launchChromium } from './support/browser';
import { connectForImport } from './support/import-desk';
import { startDeskProcess, type DeskProcess } from './support/desk-process';

type Sandbox = Awaited<ReturnType<typeof startSandboxServer>>;

let sandbox: Sandbox;
let desk: DeskProcess;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, demo: true });
  [desk, browser] = await Promise.all([startDeskProcess(), launchChromium()]);
  page = await browser.newPage({ acceptDownloads: true });
  await page.goto(desk.url);
  await connectForImport(page, sandbox);
});

afterAll(async () => {
  await browser?.close();
  await desk?.stop();
  await sandbox?.close();
});

const client = () => createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.demo.apiKey });

describe('import (browser mode, real sandbox, real outbox)', () => {
  it('queues a CSV while the service refuses connections; after the line is back every row reaches it once, and a refused row comes back in the failed-rows file with its reason', async () => {
    const guests = await client().pullDb({ client_id: sandbox.demo.clientId });
    const known = guests.find((guest) => typeof guest.PatronEmail === 'string' && guest.PatronEmail.includes('@'))!;
    const stamp = Date.now().toString(36);
    const fresh = Array.from({ length: 40 }, (_, i) => ({
      first: `Imported${i}`,
      surname: `Guest`,
      email: `import-${stamp}-${i}@example.com`,
    }));
    const lines = [
      'First Name;Last Name;Email Address;Mobile Phone;Notes',
      ...fresh.map(
        (row, i) => `${row.first};${row.surname};${row.email};0491 570 ${String(100 + i)};"line one\nline two"`,
      ),
      // This row matches a guest on the desk, so it becomes an update of that guest; the guest is then removed from the service.
      `=HYPERLINK("x");Known;${String(known.PatronEmail)};;updated by import`,
    ];
    const file = { name: `venue-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n'), 'utf8') };

    await sandbox.sandbox.operator.setOffline(true);
    await page.locator('input[type=file]').setInputFiles(file);
    await expect.poll(() => page.getByRole('table', { name: 'Columns of the file' }).isVisible()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Delimiter' }).inputValue()).toMatch(/Semicolon/);
    await page.getByRole('button', { name: /^Check 41 rows/ }).click();
    await page.getByRole('grid', { name: 'Rows of the file' }).waitFor();
    await expect
      .poll(() => page.getByLabel('Counts', { exact: true }).textContent())
      .toMatch(/41 rows.*41 ready.*0 with problems.*1 matches a guest or an earlier row/i);
    // The grid is virtualised: the last row is in the page once scrolled to.
    await page.getByRole('grid', { name: 'Rows of the file' }).evaluate((grid) => grid.scrollTo(0, grid.scrollHeight));
    expect(await page.locator(`[role=row][data-line="42"]`).textContent()).toContain(
      `Updates guest ${known.contact_id}`,
    );
    expect(await page.locator('[role=row][data-line]').count()).toBeLessThan(41);

    await page.getByRole('button', { name: 'Queue 41 guests' }).click();
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 20_000 }).toMatch(/^Queued\./);
    expect(await page.getByLabel('Delivery', { exact: true }).textContent()).toMatch(/Sent: 0 of 41 · 41 still to go/);

    // Nothing reached the service while it was away; the guest matched is removed there meanwhile.
    sandbox.sandbox.operator.deleteContact(sandbox.demo.clientId, String(known.contact_id));
    await sandbox.sandbox.operator.setOffline(false);
    await expect
      .poll(() => page.getByRole('status').textContent(), { timeout: 60_000, interval: 500 })
      .toMatch(/^Done/);
    const result = await page.getByLabel('Result', { exact: true }).textContent();
    expect(result).toMatch(/40New guests/);
    expect(result).toMatch(/1Failed/);

    const after = await client().pullDb({ client_id: sandbox.demo.clientId });
    for (const row of fresh) {
      const found = after.filter((guest) => guest.PatronEmail === row.email);
      expect(found, row.email).toHaveLength(1);
      expect(found[0]).toMatchObject({
        PatronName: row.first,
        PatronSurname: row.surname,
        notes: 'line one\nline two',
      });
    }

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download 1 failed rows' }).click();
    const saved = await (await download).path();
    const text = readFileSync(saved, 'utf8');
    expect(text.split('\r\n')[0]).toBe('First Name;Last Name;Email Address;Mobile Phone;Notes;Reason');
    // Same delimiter as the file, the formula neutralised, the service's reason at the end.
    expect(text.split('\r\n')[1]).toBe(
      `'=HYPERLINK(""x"");Known;${String(known.PatronEmail)};;updated by import;No such contact in database`.replace(
        `'=HYPERLINK(""x"")`,
        `"'=HYPERLINK(""x"")"`,
      ),
    );
    expect(await page.getByRole('table', { name: 'Past imports' }).textContent()).toContain(file.name);
  });
});
