import type { Page } from 'playwright-core';
import type { startSandboxServer } from '../../../sandbox/index';
import { connectToSandbox } from './connect';

/**
 * Connects the desk on the page to the test sandbox (API key form), sets the venue's phone country to AU
 * (the sandbox's demo mobiles are Australian), waits for the first guest sync and opens Import.
 */
export async function connectForImport(
  page: Page,
  sandbox: Awaited<ReturnType<typeof startSandboxServer>>,
): Promise<void> {
  await connectToSandbox(page, sandbox, { 'Phone country': 'AU' }, 'Guests');
  await page.getByRole('navigation', { name: 'Screens' }).getByText('Import', { exact: true }).click();
}
