import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxServer } from '../../sandbox/index';
import { createServiceClient } from '../../shared/api/client';
import { launchChromium } from './support/browser';
import { connectToSandbox } from './support/connect';
import { startDeskProcess, type DeskProcess } from './support/desk-process';

type Sandbox = Awaited<ReturnType<typeof startSandboxServer>>;

let sandbox: Sandbox;
let desk: DeskProcess;
let browser: Browser;
let page: Page;
/** A seeded guest with a mobile in E.164, a member number and a surname, as the service has them. */
let guest: { contactId: string; first: string; surname: string; email: string; mobile: string; member: string };

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, demo: true });
  [desk, browser] = await Promise.all([startDeskProcess(), launchChromium()]);
  const contacts = await createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.demo.apiKey }).pullDb({
    client_id: sandbox.demo.clientId,
  });
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const found = contacts.find(
    (c) =>
      /^\+614\d{8}$/.test(text(c.PatronMobile)) &&
      text(c.MemberNumber) &&
      text(c.PatronEmail) &&
      text(c.PatronSurname).length >= 5,
  );
  if (!found) throw new Error('The demo has no guest with an E.164 mobile, a member number and an email.');
  guest = {
    contactId: found.contact_id,
    first: text(found.PatronName),
    surname: text(found.PatronSurname),
    email: text(found.PatronEmail),
    mobile: text(found.PatronMobile),
    member: text(found.MemberNumber),
  };

  page = await browser.newPage();
  await page.goto(desk.url);
  // The demo venue is Australian: mobiles typed with a leading 0 are read as +61.
  await connectToSandbox(page, sandbox, { 'Phone country': 'AU', 'Default SMS sender': 'Harbour' }, 'Guests');
});

afterAll(async () => {
  await browser?.close();
  await desk?.stop();
  await sandbox?.close();
});

/** Types a query into the search box and returns the results' texts once they settle. */
async function search(query: string): Promise<string[]> {
  const box = page.getByRole('combobox', { name: 'Search guests' });
  await box.fill(query);
  // The list says which query its results answer once they settle.
  const list = page.locator(`[role="listbox"][data-query="${query.replace(/"/g, '\\"')}"]`);
  await list.waitFor();
  return list.getByRole('option').allTextContents();
}

/** Opens the guest with this email from the current results. */
async function openResult(email: string): Promise<void> {
  await page.getByRole('option').filter({ hasText: email }).click();
}

describe('guest lookup (browser mode, real sandbox)', () => {
  it('finds a seeded guest by part of the surname', async () => {
    const results = await search(`${guest.first} ${guest.surname.slice(0, 4)}`);
    expect(results.some((text) => text.includes(guest.email))).toBe(true);
    expect(results.every((text) => text.toLowerCase().includes(guest.surname.slice(0, 4).toLowerCase()))).toBe(true);
  });

  it('finds a seeded guest by a mobile typed with spaces and a leading 0', async () => {
    const national = parsePhoneNumberFromString(guest.mobile)!.formatNational();
    expect(national).toMatch(/^0\d{3} \d{3} \d{3}$/);
    const results = await search(national);
    expect(results).toHaveLength(1);
    expect(results[0]).toContain(guest.email);
  });

  it('finds a seeded guest by member number, and opens the profile with Enter', async () => {
    const results = await search(guest.member);
    expect(results).toHaveLength(1);
    expect(results[0]).toContain(guest.email);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `${guest.first} ${guest.surname}` }).waitFor();
    await expect(page.getByLabel('guest ids').textContent()).resolves.toContain(`Contact ${guest.contactId}`);
  });
});

describe('a new guest recorded while the service refuses connections', () => {
  it('shows at once as not yet on the service, then with the service’s contact_id once it answers again', async () => {
    const email = `offline.guest.${Date.now()}@example.com`;
    await sandbox.sandbox.operator.setOffline(true);
    try {
      await page.getByRole('button', { name: 'New guest' }).click();
      const form = page.getByRole('form', { name: 'new guest' });
      await form.getByLabel('First name').fill('Olive');
      await form.getByLabel('Surname').fill('Offline');
      await form.getByLabel('Email').fill(email);
      await form.getByRole('button', { name: 'Record guest' }).click();
      await page.getByRole('heading', { name: 'Olive Offline' }).waitFor();
      await page.getByText('New guest: not yet on the service').waitFor();
      await expect(page.getByLabel('guest ids').textContent()).resolves.toContain('Recorded on this desk');
      expect(await search('olive offl')).toEqual([expect.stringContaining(email)]);
    } finally {
      await sandbox.sandbox.operator.setOffline(false);
    }
    await page
      .getByLabel('guest ids')
      .getByText(/^Contact \d+/)
      .waitFor({ timeout: 60_000 });
    const shown = (await page.getByLabel('guest ids').textContent())!.match(/Contact (\d+)/)![1];
    const onService = await createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.demo.apiKey }).pullDb({
      client_id: sandbox.demo.clientId,
      PatronEmail: email,
    });
    expect(onService.map((contact) => contact.contact_id)).toEqual([shown]);
    await expect(page.getByText('New guest: not yet on the service').count()).resolves.toBe(0);
  });
});

describe('a one-off SMS', () => {
  it('refuses a message with an accented character before queueing, saying why; sends a plain one exactly once', async () => {
    await search(guest.member);
    await openResult(guest.email);
    await page.getByRole('tab', { name: 'SMS' }).click();
    const form = page.getByRole('form', { name: 'send sms' });
    const message = form.getByRole('textbox', { name: 'Message' });
    await message.fill('Your table at the café is ready');
    await form.getByRole('alert').getByText('The service refuses some characters of this message').waitFor();
    await form.getByRole('button', { name: 'Send SMS' }).click();
    await form.getByText('Replace or remove the marked characters first: the service refuses them.').waitFor();

    const text = `Your table is ready ${Date.now()}`;
    await message.fill(text);
    await form.getByRole('button', { name: 'Send SMS' }).click();
    await page.getByText('SMS queued: it goes out through the outbox.').waitFor();
    const to = guest.mobile.replace('+', '');
    const sent = async () =>
      sandbox.sandbox.operator.messages({ channel: 'sms' }).filter((entry) => entry.message === text);
    await expect.poll(sent, { timeout: 30_000 }).toHaveLength(1);
    await page.getByRole('tab', { name: 'Purchases and messages' }).click();
    await page.getByRole('table', { name: 'guest activity' }).getByText('Sent').waitFor({ timeout: 30_000 });
    expect((await sent())[0]!.to.replace('+', '')).toBe(to);
    expect(
      sandbox.sandbox.operator.messages({ channel: 'sms' }).filter((entry) => entry.message?.includes('café')),
    ).toEqual([]);
    expect(await sent()).toHaveLength(1);
  });
});
