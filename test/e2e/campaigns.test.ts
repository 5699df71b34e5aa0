import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_TOKEN_HEADER, startSandboxServer } from '../../sandbox/index';
import { createServiceClient } from '../../shared/api/client';
import { formatServiceDateTime } from '../../shared/rules/datetime';
import { launchChromium } from './support/browser';
import { connectToSandbox } from './support/connect';
import { fillWallDateTime } from './support/venue-inputs';
import { startDeskProcess, type DeskProcess } from './support/desk-process';

type Sandbox = Awaited<ReturnType<typeof startSandboxServer>>;

let sandbox: Sandbox;
let desk: DeskProcess;
let browser: Browser;
let page: Page;
let timeZone: string;
/** A seeded guest with an email and a mobile (for the SMS reply). */
let guest: { name: string; mobile: string };

/** The sandbox's operator API over HTTP, as an operator would call it. */
async function operator(path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${sandbox.baseUrl}/_operator${path}`, {
    method: init.method ?? 'GET',
    headers: { [OPERATOR_TOKEN_HEADER]: sandbox.operatorToken, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  expect(response.ok).toBe(true);
  return response.json() as Promise<Record<string, unknown>>;
}

/** What the sandbox delivered, one entry per recipient. */
async function deliveries(
  query: string,
): Promise<{ to: string; referenceId: string | null; kind: string; message: string | null }[]> {
  return (
    (await operator(`/messages?${query}`)) as {
      messages: { to: string; referenceId: string | null; kind: string; message: string | null }[];
    }
  ).messages;
}

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, demo: true, demoGuests: 800 });
  [desk, browser] = await Promise.all([startDeskProcess(), launchChromium()]);
  timeZone = ((await operator(`/accounts/${sandbox.demo.clientId}`)) as { account: { timezone: string } }).account
    .timezone;
  const contacts = await createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.demo.apiKey }).pullDb({
    client_id: sandbox.demo.clientId,
  });
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const found = contacts.find(
    (c) => /^\+614\d{8}$/.test(text(c.PatronMobile)) && text(c.PatronName) && text(c.PatronSurname),
  );
  if (!found) throw new Error('The demo has no guest with an E.164 mobile and a name.');
  guest = { name: `${text(found.PatronName)} ${text(found.PatronSurname)}`, mobile: text(found.PatronMobile) };

  page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
  await page.goto(desk.url);
  await connectToSandbox(
    page,
    sandbox,
    {
      'Account time zone': timeZone,
      'Phone country': 'AU',
      'Default SMS sender': 'Harbour',
      'Default email sender name': 'Harbour Bar',
      'Default email sender address': 'events@harbour.example.com',
    },
    'Guests',
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await desk?.stop();
  await sandbox?.close();
});

describe('an email campaign from the desk (browser mode, real sandbox)', () => {
  it('is flagged without an unsubscribe link, locally and by the service, fixed, tested, scheduled, cancelled and sent once to the estimate', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByText('Campaigns', { exact: true }).click();
    await page.getByRole('button', { name: 'New campaign' }).click();
    // Sender defaults come from Settings.
    await expect.poll(() => page.getByLabel('From email').inputValue()).toBe('events@harbour.example.com');
    await page.getByLabel('Subject').fill('Friday jazz night');
    await page.getByText('HTML source', { exact: true }).click();
    await page
      .getByRole('textbox', { name: 'HTML source' })
      .fill('<html><body><h1>Jazz on Friday</h1><p>Live band from 8pm.</p></body></html>');
    await page.getByText('Draft saved on this desk').waitFor();

    await page.getByRole('tab', { name: /Check and test/ }).click();
    const problems = page.getByRole('list', { name: 'Problems found' });
    await expect.poll(() => problems.textContent()).toContain('There is no unsubscribe link');
    expect(await problems.textContent()).toContain('Insert the unsubscribe link (#unsubscribe#)');
    await page.getByRole('button', { name: 'Check with the service' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'The service refused it' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/There is no unsubscribe link.*#unsubscribe#.*code 622/);

    await page.getByRole('button', { name: 'Insert the unsubscribe link' }).click();
    await page.getByText('No problems found here').waitFor();
    await page.getByRole('button', { name: 'Check with the service' }).click();
    await page.getByText('The service accepts this campaign').waitFor();

    await page.getByLabel('Send a test to').fill('manager@venue.example.com, not-an-address');
    await page.getByText('Not an email address: not-an-address').waitFor();
    expect(await page.getByRole('button', { name: 'Send test' }).isDisabled()).toBe(true);
    await page.getByLabel('Send a test to').fill('manager@venue.example.com');
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText('Test sent to manager@venue.example.com.').waitFor();
    expect((await deliveries('kind=campaign_test')).map((m) => m.to)).toEqual(['manager@venue.example.com']);

    await page.getByRole('tab', { name: 'Audience and send' }).click();
    await page.getByText('Chosen categories', { exact: true }).click();
    const chip = page.getByLabel('Categories', { exact: true }).locator('label').first();
    await chip.click();
    expect(await page.getByLabel('Categories', { exact: true }).getByRole('checkbox').first().isChecked()).toBe(true);
    const estimateText = page.getByTestId('audience-estimate');
    await expect.poll(async () => Number((await estimateText.textContent())?.replace(/,/g, ''))).toBeGreaterThan(0);
    const estimate = Number((await estimateText.textContent())!.replace(/,/g, ''));

    await page.getByText('Schedule', { exact: true }).click();
    // Issue 22: typed as a date and a time on the venue's clock (no browser datetime-local).
    const at = formatServiceDateTime(new Date(Date.now() + 5 * 86_400_000), timeZone).slice(0, 16);
    await fillWallDateTime(page.getByRole('group', { name: /Send at/ }), at);
    await page.getByRole('button', { name: 'Schedule…' }).click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.textContent()).toContain(`about ${estimate} guests`);
    await confirm.getByRole('button', { name: 'Schedule' }).click();
    await page
      .getByText(/^Scheduled for /)
      .first()
      .waitFor();
    expect(await deliveries('kind=campaign')).toHaveLength(0);

    await page.getByRole('button', { name: 'Cancel the schedule' }).click();
    await page.getByText('Schedule cancelled: the campaign is a draft again.').waitFor();

    await page.getByRole('tab', { name: 'Audience and send' }).click();
    // A cancelled schedule is a draft: it shows the estimate it was scheduled with, not a service's count (issue 22).
    expect(await page.getByTestId('last-estimate').textContent()).toMatch(
      new RegExp(`^Last estimate: ${estimate.toLocaleString('en-US')} guests, when it was last scheduled or sent`),
    );
    expect(await page.getByTestId('service-recipients').count()).toBe(0);
    await page.getByText('Send now', { exact: true }).click();
    await page.getByRole('button', { name: 'Send now…' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Send to ${estimate} guests` })
      .click();
    await page.getByText(`Sent to ${estimate} guests.`).waitFor({ timeout: 20_000 });
    await page.getByTestId('service-recipients').waitFor();
    expect(await page.getByTestId('service-recipients').textContent()).toBe(estimate.toLocaleString('en-US'));

    const sent = await deliveries('kind=campaign');
    expect(sent).toHaveLength(estimate);
    expect(new Set(sent.map((m) => m.to)).size).toBe(estimate);
    expect(new Set(sent.map((m) => m.referenceId)).size).toBe(1);
  }, 120_000);

  it('offline: a send waits in the outbox (or is stopped), and goes out once when the service answers again', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByText('Campaigns', { exact: true }).click();
    await page.getByRole('button', { name: 'Copy to a new draft' }).click();
    await page.getByText('Friday jazz night (copy)', { exact: false }).first().waitFor();
    await page.getByRole('tab', { name: 'Audience and send' }).click();
    const estimateText = page.getByTestId('audience-estimate');
    await expect.poll(async () => Number((await estimateText.textContent())?.replace(/,/g, ''))).toBeGreaterThan(0);
    const estimate = Number((await estimateText.textContent())!.replace(/,/g, ''));

    const before = (await deliveries('kind=campaign')).length;
    await sandbox.sandbox.operator.setOffline(true);
    try {
      const sendOffline = async () => {
        await page.getByRole('button', { name: 'Send now…' }).click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: `Send to ${estimate} guests` })
          .click();
        await page
          .getByText('The line is down: the campaign waits in the outbox.')
          .first()
          .waitFor({ timeout: 20_000 });
      };
      await sendOffline();
      // Stopped while it waits: a draft again, nothing left in the outbox.
      await page.getByRole('button', { name: "Don't send it" }).click();
      await page.getByText('Not sent: the campaign is a draft again.').waitFor();
      await page.getByRole('tab', { name: 'Audience and send' }).click();
      await sendOffline();
      await page.getByRole('navigation', { name: 'Screens' }).getByText('Outbox', { exact: true }).click();
      await page.getByText(/Campaign "Friday jazz night" to send now/).waitFor();
      expect(await page.getByText(/Campaign "Friday jazz night"/).count()).toBe(1);
      // The line names the campaign once (issue 22: it read 'Campaign  Campaign "…" to send now').
      const line = page.locator('tr').filter({ hasText: 'Friday jazz night' });
      expect((await line.textContent())!.match(/Campaign/g)).toHaveLength(1);
      expect(sandbox.sandbox.operator.messages({ kind: 'campaign' })).toHaveLength(before);
    } finally {
      await sandbox.sandbox.operator.setOffline(false);
    }
    await page.getByRole('navigation', { name: 'Screens' }).getByText('Campaigns', { exact: true }).click();
    await page.getByLabel('Campaign list').getByText('Friday jazz night (copy)').first().click();
    await page.getByRole('tab', { name: 'Audience and send' }).click();
    // The outbox sends it when the line is back; the campaign follows its entry to Sent, with the service's count.
    await page.getByTestId('service-recipients').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('service-recipients').textContent()).toBe(estimate.toLocaleString('en-US'));
    const sent = await deliveries('kind=campaign');
    expect(sent).toHaveLength(before + estimate);
    const byCampaign = new Map<string | null, number>();
    for (const message of sent) byCampaign.set(message.referenceId, (byCampaign.get(message.referenceId) ?? 0) + 1);
    // Two campaigns in all (the first test's and this copy), each to its audience once.
    expect(byCampaign.size).toBe(2);
    expect([...byCampaign.values()].at(-1)).toBe(estimate);
  }, 120_000);

  it('shows an SMS reply injected through the operator API under its guest in Messages, and answers it', async () => {
    await operator('/sms-replies', {
      method: 'POST',
      body: { clientId: sandbox.demo.clientId, number: guest.mobile, message: 'Yes please, two seats for Friday' },
    });
    const nav = page.getByRole('navigation', { name: 'Screens' });
    await nav.getByText('Messages', { exact: true }).click();
    await page.getByRole('button', { name: 'Check for new replies' }).click();
    const list = page.getByLabel('Conversations', { exact: true });
    const thread = list.getByText(guest.name, { exact: true }).first();
    await thread.waitFor({ timeout: 30_000 });
    expect(await nav.getByLabel(/new replies/).count()).toBe(1);
    await thread.click();
    const conversation = page.getByLabel('Conversation', { exact: true });
    await conversation.getByText('Yes please, two seats for Friday').waitFor();
    const form = conversation.getByRole('form', { name: 'send sms' });
    await form.getByLabel('Message').fill('See you Friday at 8');
    await form.getByRole('button', { name: 'Send SMS' }).click();
    const ours = async () =>
      (await deliveries('channel=sms')).filter((m) => m.to === guest.mobile && m.message === 'See you Friday at 8');
    await expect.poll(async () => (await ours()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Exactly once: one delivery of the reply, under one reference id.
    expect(await ours(), JSON.stringify(await deliveries('channel=sms'))).toHaveLength(1);
  }, 90_000);
});
