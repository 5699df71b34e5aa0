import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxServer } from '../../sandbox/index';
import { createServiceClient, type ServiceClient } from '../../shared/api/client';
import { launchChromium } from './support/browser';
import { connectToSandbox } from './support/connect';
import { startDeskProcess, type DeskProcess } from './support/desk-process';

// Issue 10, item 1: a new guest with the email of a guest the service already has never changes
// that guest, on the desk or on the service; a person decides, with the guest on file in front of them.

type Sandbox = Awaited<ReturnType<typeof startSandboxServer>>;

let sandbox: Sandbox;
let desk: DeskProcess;
let browser: Browser;
let page: Page;
let client: ServiceClient;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, demo: true });
  [desk, browser] = await Promise.all([startDeskProcess(), launchChromium()]);
  client = createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.demo.apiKey });
  page = await browser.newPage();
  await page.goto(desk.url);
  await connectToSandbox(page, sandbox, { 'Phone country': 'AU' }, 'Guests');
});

afterAll(async () => {
  await browser?.close();
  await desk?.stop();
  await sandbox?.close();
});

/** The service's record of the guest with this email. */
async function onService(email: string) {
  return client.pullDb({ client_id: sandbox.demo.clientId, PatronEmail: email });
}

/** Opens an empty New guest form. */
async function newGuestForm() {
  await page.getByRole('navigation', { name: 'Screens' }).getByText('Guests', { exact: true }).click();
  await page.getByRole('button', { name: 'New guest' }).click();
  const form = page.getByRole('form', { name: 'new guest' });
  await form.getByRole('button', { name: 'Clear' }).click();
  return form;
}

describe('a new guest with the email of a guest already on file (browser mode, real sandbox)', () => {
  it('a seeded guest in the desk’s cache: the form offers Open and Add these details, and records no second guest', async () => {
    const [seeded] = (await client.pullDb({ client_id: sandbox.demo.clientId })).filter(
      (c) => text(c.PatronEmail) && text(c.PatronName) && text(c.PatronSurname),
    );
    const name = `${text(seeded!.PatronName)} ${text(seeded!.PatronSurname)}`;
    const form = await newGuestForm();
    await form.getByLabel('First name').fill('Imposter');
    await form.getByLabel('Email').fill(text(seeded!.PatronEmail).toUpperCase());
    const offer = form.getByRole('alert');
    await offer.getByText('The service keeps one guest per email and one per mobile.').waitFor();
    await offer.getByRole('button', { name: `Open ${name}` }).waitFor();
    await offer.getByRole('button', { name: `Add these details to ${name}` }).waitFor();
    expect(await form.getByRole('button', { name: 'Record anyway' }).count()).toBe(0);
    await form.getByRole('button', { name: 'Record guest' }).click();
    await form.getByText(/keeps one guest per email and one per mobile, and .* already has this email/).waitFor();
    await page.screenshot({ path: 'test-results/duplicate-form.png' }).catch(() => undefined); // a screenshot is for a person reading a failure, never a failure itself
    expect(await onService(text(seeded!.PatronEmail))).toEqual([
      expect.objectContaining({ contact_id: seeded!.contact_id, PatronName: seeded!.PatronName }),
    ]);

    // Add these details: only what a person keeps ticked goes to the guest on file.
    await form.getByLabel('Card number').fill('CARD E2E 77');
    await offer.getByRole('button', { name: `Add these details to ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Add these details to ${name}?` });
    await dialog.getByRole('table', { name: 'changes to the guest' }).getByText('CARD E2E 77').waitFor();
    await dialog.getByRole('checkbox', { name: 'Change First name' }).uncheck();
    await dialog.getByRole('button', { name: `Add to ${name}` }).click();
    await page.getByRole('heading', { name }).waitFor();
    await expect
      .poll(async () => text((await onService(text(seeded!.PatronEmail)))[0]?.CardNumber), { timeout: 30_000 })
      .toBe('CARD E2E 77');
    expect(await onService(text(seeded!.PatronEmail))).toEqual([
      expect.objectContaining({
        contact_id: seeded!.contact_id,
        PatronName: seeded!.PatronName,
        PatronSurname: seeded!.PatronSurname,
      }),
    ]);
  });

  it('a guest another desk put on the service after the last sync: the entry needs attention naming that guest, who stays unchanged on the service and the desk', async () => {
    const email = `other.desk.${Date.now()}@example.com`;
    const { success } = await client.pushContact([
      { client_id: sandbox.demo.clientId, PatronName: 'Orla', PatronSurname: 'Original', PatronEmail: email },
    ]);
    const contactId = String(success[0]!.contact_id);

    const form = await newGuestForm();
    await form.getByLabel('First name').fill('Nora');
    await form.getByLabel('Surname').fill('Newcomer');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Mobile').fill('0412 555 019');
    await form.getByRole('button', { name: 'Record guest' }).click();
    await page.getByRole('heading', { name: 'Nora Newcomer' }).waitFor();

    const nav = page.getByRole('navigation', { name: 'Screens' });
    await nav.getByText('Outbox', { exact: true }).click();
    const row = page.locator('tr[data-state="needs_attention"]').filter({ hasText: 'Nora Newcomer' });
    await row
      .getByText(/one guest per email and one per mobile, and already has Orla Original/)
      .waitFor({ timeout: 30_000 });
    const choices = row.getByLabel('guest already on file');
    await choices.getByText(email).waitFor();
    for (const name of ['Open Orla Original', 'Add these details to Orla Original', 'Edit', 'Discard'])
      await row.getByRole('button', { name }).waitFor();
    expect(await row.getByRole('button', { name: 'Resend' }).count()).toBe(0);
    await page.screenshot({ path: 'test-results/duplicate-outbox.png' }).catch(() => undefined); // a screenshot is for a person reading a failure, never a failure itself

    expect(await onService(email)).toEqual([
      expect.objectContaining({ contact_id: contactId, PatronName: 'Orla', PatronSurname: 'Original' }),
    ]);
    expect(text((await onService(email))[0]!.PatronMobile)).toBe('');

    // Open fetches the guest on file (not yet synced to this desk) and shows them under their own name.
    await row.getByRole('button', { name: 'Open Orla Original' }).click();
    await page.getByRole('heading', { name: 'Orla Original' }).waitFor({ timeout: 30_000 });

    // On the desk: the guest on file shows under their own name; the new guest stays apart, not yet on the service.
    await page.getByRole('button', { name: 'Sync now' }).click();
    const box = page.getByRole('combobox', { name: 'Search guests' });
    await box.fill(email);
    const list = page.locator(`[role="listbox"][data-query="${email}"]`);
    await list.getByRole('option').filter({ hasText: 'Orla Original' }).waitFor({ timeout: 30_000 });
    const options = await list.getByRole('option').allTextContents();
    expect(options.filter((option) => option.includes('Orla Original'))).toHaveLength(1);
    expect(options.filter((option) => option.includes('Nora Newcomer'))).toHaveLength(1);

    // A person adds only the mobile to the guest on file: the names stay as they are.
    await nav.getByText('Outbox', { exact: true }).click();
    await row.getByRole('button', { name: 'Add these details to Orla Original' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add these details to Orla Original?' });
    const table = dialog.getByRole('table', { name: 'changes to the guest' });
    await table.getByText('+61412555019').waitFor();
    await dialog.getByRole('checkbox', { name: 'Change First name' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Change Surname' }).uncheck();
    await page.screenshot({ path: 'test-results/duplicate-add-details.png' }).catch(() => undefined); // a screenshot is for a person reading a failure, never a failure itself
    await dialog.getByRole('button', { name: 'Add to Orla Original' }).click();
    await expect
      .poll(async () => text((await onService(email))[0]?.PatronMobile), { timeout: 30_000 })
      .toBe('+61412555019');
    expect(await onService(email)).toEqual([
      expect.objectContaining({ contact_id: contactId, PatronName: 'Orla', PatronSurname: 'Original' }),
    ]);

    // On the desk the new guest is now the guest on file: one row, under their own name, with the added mobile.
    await nav.getByText('Guests', { exact: true }).click();
    await box.fill('');
    await box.fill(email);
    await expect
      .poll(() => list.getByRole('option').allTextContents(), { timeout: 30_000 })
      .toEqual([expect.stringMatching(/^Orla Original.*0412 555 019/)]); // the venue's form: national for a local mobile
  });

  it('Edit: a new email sends the new guest as a guest of their own; Discard: the new guest is dropped; the guest on file is untouched either way', async () => {
    const stamp = Date.now();
    const email = `kept.${stamp}@example.com`;
    const otherEmail = `left.${stamp}@example.com`;
    const { success } = await client.pushContact([
      { client_id: sandbox.demo.clientId, PatronName: 'Kim', PatronSurname: 'Kept', PatronEmail: email },
      { client_id: sandbox.demo.clientId, PatronName: 'Lee', PatronSurname: 'Left', PatronEmail: otherEmail },
    ]);
    const contactId = String(success[0]!.contact_id);
    const nav = page.getByRole('navigation', { name: 'Screens' });
    for (const [first, address] of [
      ['Eddie', email],
      ['Dana', otherEmail],
    ] as const) {
      const form = await newGuestForm();
      await form.getByLabel('First name').fill(first);
      await form.getByLabel('Surname').fill('Second');
      await form.getByLabel('Email').fill(address);
      await form.getByRole('button', { name: 'Record guest' }).click();
      await page.getByRole('heading', { name: `${first} Second` }).waitFor();
    }
    await nav.getByText('Outbox', { exact: true }).click();
    const rowOf = (first: string) =>
      page.locator('tr[data-state="needs_attention"]').filter({ hasText: `${first} Second` });
    await rowOf('Eddie').getByRole('button', { name: 'Add these details to Kim Kept' }).waitFor({ timeout: 30_000 });
    await rowOf('Dana').getByRole('button', { name: 'Add these details to Lee Left' }).waitFor({ timeout: 30_000 });

    const edited = `eddie.${Date.now()}@example.com`;
    await rowOf('Eddie').getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit before sending' });
    await dialog.getByLabel('Email').fill(edited);
    await dialog.getByRole('button', { name: 'Save and send' }).click();
    await expect
      .poll(async () => (await onService(edited)).map((c) => text(c.PatronName)), { timeout: 30_000 })
      .toEqual(['Eddie']);

    await rowOf('Dana').getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => rowOf('Dana').count(), { timeout: 30_000 }).toBe(0);
    expect(await onService(email)).toEqual([
      expect.objectContaining({ contact_id: contactId, PatronName: 'Kim', PatronSurname: 'Kept' }),
    ]);
    expect(await onService(otherEmail)).toEqual([
      expect.objectContaining({ PatronName: 'Lee', PatronSurname: 'Left' }),
    ]);
  });
});
