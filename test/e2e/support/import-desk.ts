import type { Page } from 'playwright-core';
import type { startSandboxServer } from '../../../sandbox/index';
import { connectWithApiKey } from './connect';

/**
 * Connects the desk on the page to the test sandbox (API key form), sets the venue's phone country to AU
 * (the sandbox's demo mobiles are Australian), waits for the first guest sync and opens Import.
 */
export async function connectForImport(
  page: Page,
  sandbox: Awaited<ReturnType<typeof startSandboxServer>>,
): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Screens' });
  await nav.getByText('Settings', { exact: true }).click();
  await connectWithApiKey(page, {
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.demo.apiKey,
    clientId: sandbox.demo.clientId,
  });
  await page.getByLabel('Phone country').fill('AU');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await nav.getByText('Guests', { exact: true }).click();
  await page.getByText(/^Guests as of/).waitFor({ timeout: 60_000 });
  await nav.getByText('Import', { exact: true }).click();
}
