import type { Page } from 'playwright-core';

/** Fills Settings' API key form on the page (already on the Settings screen) and connects. */
export async function connectWithApiKey(
  page: Page,
  account: { baseUrl: string; apiKey: string; clientId: string },
): Promise<void> {
  const form = page.getByRole('tabpanel', { name: 'API key' });
  await form.getByLabel('Service address').fill(account.baseUrl);
  await form.getByLabel('API key').fill(account.apiKey);
  await form.getByLabel('Client id').fill(account.clientId);
  await form.getByRole('button', { name: 'Connect' }).click();
}
