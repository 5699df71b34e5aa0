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

/** Venue preferences a test saves in Settings, by the labels staff read there. */
export type VenuePreferences = Partial<
  Record<
    | 'Account time zone'
    | 'Phone country'
    | 'Default SMS sender'
    | 'Default email sender name'
    | 'Default email sender address',
    string
  >
>;

/** The marker of each screen's first sync. */
const FIRST_SYNC = { Guests: /^Guests as of/, Reservations: /^Bookings as of/ } as const;

/**
 * Connects the desk on the page to the test sandbox's demo account (API key form), saves the venue
 * preferences given, then opens `syncedScreen` and waits for its first sync.
 */
export async function connectToSandbox(
  page: Page,
  sandbox: { baseUrl: string; demo: { apiKey: string; clientId: string } },
  preferences: VenuePreferences,
  syncedScreen: keyof typeof FIRST_SYNC,
): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Screens' });
  await nav.getByText('Settings', { exact: true }).click();
  await connectWithApiKey(page, {
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.demo.apiKey,
    clientId: sandbox.demo.clientId,
  });
  for (const [label, value] of Object.entries(preferences)) await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await nav.getByText(syncedScreen, { exact: true }).click();
  await page.getByText(FIRST_SYNC[syncedScreen]).waitFor({ timeout: 60_000 });
}
