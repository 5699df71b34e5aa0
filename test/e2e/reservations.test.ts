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

const service = () => createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.demo.apiKey });
/** The service's bookings of a contact. */
const bookingsOf = async (contactId: string) =>
  (await service().pullReservations({ client_id: sandbox.demo.clientId })).filter(
    (item) => item.contact.contact_id === contactId,
  );

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, demo: true });
  [desk, browser] = await Promise.all([startDeskProcess(), launchChromium()]);
  page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  page.setDefaultTimeout(15_000);
  await page.goto(desk.url);
  await connectToSandbox(
    page,
    sandbox,
    { 'Account time zone': 'Australia/Sydney', 'Phone country': 'AU' },
    'Reservations',
  );
});

afterAll(async () => {
  await browser?.close();
  await desk?.stop();
  await sandbox?.close();
});

/** The covers the timeline shows for a slot. */
async function slotCovers(slot: string): Promise<number> {
  return Number(await page.locator(`[data-slot="${slot}"] [data-covers]`).getAttribute('data-covers'));
}

/** Chooses a time in the open booking form. */
async function chooseTime(time: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Time', { exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${time} ·`) }).click();
}

describe('reservations (browser mode, real sandbox)', () => {
  const email = `booked.offline.${Date.now()}@example.com`;
  let contactId = '';

  it('takes a booking offline for a guest also recorded offline: the slot counts it at once, and it reaches the service once with the guest’s contact_id', async () => {
    const before = await slotCovers('22:45');
    await sandbox.sandbox.operator.setOffline(true);
    try {
      await page.keyboard.press('n');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'New guest…' }).click();
      const guest = dialog.getByLabel('new guest');
      await guest.getByLabel('First name').fill('Nora');
      await guest.getByLabel('Surname').fill('Nightline');
      await guest.getByLabel('Email').fill(email);
      await guest.getByRole('button', { name: 'Record guest' }).click();
      await dialog.getByLabel('booking guest').getByText('Nora Nightline').waitFor();
      await chooseTime('22:45');
      await dialog.getByRole('textbox', { name: 'Party size' }).fill('3');
      await dialog.getByRole('button', { name: 'Make booking' }).click();
      await dialog.waitFor({ state: 'detached' });
      const card = page.locator('[data-slot="22:45"]').getByRole('button', { name: /Nora Nightline/ });
      await card.waitFor();
      await card.getByText('not sent yet').waitFor();
      expect(await slotCovers('22:45')).toBe(before + 3);
    } finally {
      await sandbox.sandbox.operator.setOffline(false);
    }
    await expect
      .poll(
        async () =>
          (await service().pullDb({ client_id: sandbox.demo.clientId, PatronEmail: email })).map((c) => c.contact_id),
        { timeout: 60_000 },
      )
      .toHaveLength(1);
    contactId = (await service().pullDb({ client_id: sandbox.demo.clientId, PatronEmail: email }))[0]!.contact_id;
    await expect.poll(async () => (await bookingsOf(contactId)).length, { timeout: 60_000 }).toBe(1);
    const [booking] = await bookingsOf(contactId);
    expect(booking!.reservation).toMatchObject({ total_attendees: 3, Time: '22:45:00', bookingStatus: 'Unconfirmed' });
    await page.locator('[data-slot="22:45"]').getByText('not sent yet').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await slotCovers('22:45')).toBe(before + 3);
    // Nothing was pushed twice: still one booking for the guest, and one guest with that email.
    expect(await bookingsOf(contactId)).toHaveLength(1);
  });

  it('moves a booking to another time on the timeline and on the service', async () => {
    await page
      .locator('[data-slot="22:45"]')
      .getByRole('button', { name: /Nora Nightline/ })
      .click();
    await page.keyboard.press('Enter');
    await chooseTime('21:00');
    await page.getByRole('dialog').getByRole('button', { name: 'Save booking' }).click();
    await page
      .locator('[data-slot="21:00"]')
      .getByRole('button', { name: /Nora Nightline/ })
      .waitFor();
    await page
      .locator('[data-slot="22:45"]')
      .getByRole('button', { name: /Nora Nightline/ })
      .waitFor({ state: 'detached', timeout: 5_000 });
    await expect
      .poll(async () => (await bookingsOf(contactId)).map((item) => item.reservation.Time), { timeout: 60_000 })
      .toEqual(['21:00:00']);
  });

  it('sets a status with one key and pushes it as bookingStatus', async () => {
    await page
      .locator('[data-slot="21:00"]')
      .getByRole('button', { name: /Nora Nightline/ })
      .click();
    await page.keyboard.press('c');
    await page
      .locator('[data-slot="21:00"]')
      .getByRole('button', { name: /Nora Nightline.*Confirmed/ })
      .waitFor();
    await expect
      .poll(async () => (await bookingsOf(contactId)).map((item) => item.reservation.bookingStatus), {
        timeout: 60_000,
      })
      .toEqual(['Confirmed']);
    await page.keyboard.press('x');
    await expect
      .poll(async () => (await bookingsOf(contactId)).map((item) => item.reservation.bookingStatus), {
        timeout: 60_000,
      })
      .toEqual(['Cancelled']);
    // Cancelled bookings leave the covers count and the default view.
    await page
      .locator('[data-slot="21:00"]')
      .getByRole('button', { name: /Nora Nightline/ })
      .waitFor({ state: 'detached' });
  });

  it('warns, without blocking, when a party of 12 would pass the covers limit of a full slot', async () => {
    const full = await slotCovers('19:00');
    await page.getByLabel('Covers per slot limit').fill(String(Math.max(full, 1)));
    await page.getByLabel('day total').click();
    await page.keyboard.press('n');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Guest', { exact: true }).fill(email);
    await dialog.getByRole('option', { name: /Nora Nightline/ }).click();
    await chooseTime('19:00');
    await dialog.getByRole('textbox', { name: 'Party size' }).fill('12');
    const warning = dialog.getByLabel('slot covers');
    await expect(warning.textContent()).resolves.toContain(
      `would have ${full + 12} covers, over the limit of ${Math.max(full, 1)}`,
    );
    await dialog.getByRole('button', { name: 'Make booking' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => slotCovers('19:00')).toBe(full + 12);
  });

  it('confirms by SMS: the booking moves to Pending, and the guest’s YES reply confirms it with one click', async () => {
    await page.getByLabel('Covers per slot limit').fill('');
    // An unconfirmed booking of the day shown whose guest has a mobile on the service (not every demo guest has one).
    const unconfirmed = page.locator('[data-booking-id]').filter({ hasText: 'Unconfirmed' });
    await unconfirmed.first().waitFor();
    const shownIds = await unconfirmed.evaluateAll((cards) =>
      cards.map((card) => card.getAttribute('data-booking-id')),
    );
    const withMobile = (await service().pullReservations({ client_id: sandbox.demo.clientId })).find(
      (item) => shownIds.includes(item.reservation.id) && item.contact.PatronMobile,
    );
    expect(withMobile, 'an unconfirmed booking shown whose guest has a mobile').toBeDefined();
    const id = withMobile!.reservation.id;
    const card = page.locator(`[data-booking-id="${id}"]`);
    const onService = async () =>
      (await service().pullReservations({ client_id: sandbox.demo.clientId })).find(
        (item) => item.reservation.id === id,
      );
    const mobile = String(withMobile!.contact.PatronMobile);
    // The demo's own history holds earlier confirmations: exactly one more goes out.
    const confirmations = () =>
      sandbox.sandbox.operator
        .messages({ clientId: sandbox.demo.clientId, channel: 'sms' })
        .filter((sent) => /Reply YES to confirm/.test(sent.message ?? '')).length;
    const sentBefore = confirmations();
    await card.click();
    await page.getByRole('button', { name: 'Confirm by SMS' }).click();
    const form = page.getByLabel('confirm by SMS');
    await expect(form.getByLabel('Message').inputValue()).resolves.toMatch(
      /your table for \d+ at .* Reply YES to confirm/,
    );
    await form.getByRole('button', { name: 'Send SMS' }).click();
    await expect.poll(async () => (await onService())?.reservation.bookingStatus, { timeout: 60_000 }).toBe('Pending');
    await expect.poll(() => confirmations(), { timeout: 60_000 }).toBe(sentBefore + 1);
    sandbox.sandbox.operator.injectSmsReply({
      clientId: sandbox.demo.clientId,
      number: mobile,
      message: 'Yes, see you then',
    });
    await page.getByRole('button', { name: 'Sync now' }).last().click();
    const reply = page.getByLabel('booking details').getByRole('alert', { name: 'Guest replied' });
    await reply.getByText('Yes, see you then', { exact: false }).waitFor({ timeout: 30_000 });
    await reply.getByRole('button', { name: 'Mark confirmed' }).click();
    await expect
      .poll(async () => (await onService())?.reservation.bookingStatus, { timeout: 60_000 })
      .toBe('Confirmed');
  });

  it('shows a booking’s guest as the guest is now: renamed on the service (as another desk would), the card shows the new name after Sync now', async () => {
    const card = page.locator('[data-booking-id]').first();
    const id = (await card.getAttribute('data-booking-id'))!;
    const booking = (await service().pullReservations({ client_id: sandbox.demo.clientId })).find(
      (item) => item.reservation.id === id,
    )!;
    const contactId = String(booking.contact.contact_id);
    const before = (await card.getAttribute('aria-label'))!;
    // The demo's bookings were all made minutes ago, inside every incremental pull's window: age them to
    // yesterday, as bookings made earlier are, so only a read of the guest can bring the new name.
    sandbox.sandbox.context.db.prepare('UPDATE reservations SET touched_at = ?').run(Date.now() - 86_400_000);
    // Another desk renames the guest; the booking itself is not touched, so a pull of bookings does not bring it.
    await service().pushContact([
      { client_id: sandbox.demo.clientId, contact_id: contactId, PatronName: 'Renamed', PatronSurname: 'Elsewhere' },
    ]);
    await page.getByRole('button', { name: 'Sync now' }).last().click();
    const renamed = page.locator(`[data-booking-id="${id}"]`);
    await expect
      .poll(async () => renamed.getAttribute('aria-label'), { timeout: 60_000 })
      .toMatch(/^Renamed Elsewhere, /);
    expect(before).not.toMatch(/^Renamed Elsewhere, /);
    await expect(renamed.getByText('Renamed Elsewhere', { exact: true }).isVisible()).resolves.toBe(true);
  });

  it('hands the focus of a card clicked to the timeline when → shows the next day: no card keeps it while showing another booking', async () => {
    const timeline = page.getByRole('table', { name: 'timeline' });
    const day = (await timeline.getAttribute('data-day'))!;
    const card = page.locator('[data-booking-id]').first();
    const id = (await card.getAttribute('data-booking-id'))!;
    /** The focused element: its role and, for a card, the booking it shows. */
    const focused = () =>
      page.evaluate(() => ({
        role: document.activeElement?.getAttribute('role'),
        booking: document.activeElement?.getAttribute('data-booking-id') ?? null,
      }));
    await card.click();
    await expect(focused()).resolves.toEqual({ role: 'button', booking: id });
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => timeline.getAttribute('data-day')).not.toBe(day);
    await expect(focused()).resolves.toEqual({ role: 'table', booking: null });
    // The keys still work from there, and bring the day back.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => timeline.getAttribute('data-day')).toBe(day);
    await expect(focused()).resolves.toEqual({ role: 'table', booking: null });
  });

  it('says plainly when the account has no reservations', async () => {
    sandbox.sandbox.operator.enableReservations(sandbox.demo.clientId, false);
    await page.getByRole('button', { name: 'Sync now' }).last().click();
    await page
      .getByLabel('reservations not set up')
      .getByText('Reservations are not set up for this account.', { exact: false })
      .waitFor({ timeout: 30_000 });
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
  });
});
