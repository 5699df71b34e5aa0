// Issue 20: two real desks of one venue (two data folders, two browser-mode hosts with keychain entries of
// their own, two Chromium pages) on one sandbox, each acting on the same booking or guest before it has
// seen the other's change.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxServer } from '../../sandbox/index';
import { createServiceClient } from '../../shared/api/client';
import { formatServiceDate } from '../../shared/rules/datetime';
import { launchChromium } from './support/browser';
import { connectToSandbox } from './support/connect';
import { startDeskProcess, type DeskProcess } from './support/desk-process';

type Sandbox = Awaited<ReturnType<typeof startSandboxServer>>;

let sandbox: Sandbox;
let browser: Browser;
const desks: { process: DeskProcess; page: Page }[] = [];
/** Desk A (the door) and desk B (the bar). */
const a = () => desks[0]!.page;
const b = () => desks[1]!.page;

const service = () => createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.demo.apiKey });
const clientId = () => sandbox.demo.clientId;
const today = () => formatServiceDate(new Date(), 'UTC');
/** The demo's guests, as the service has them. */
let guests: Array<{ contactId: string; first: string; surname: string; email: string; categories: string }> = [];

/** The service's booking now. */
async function serviceBooking(id: string) {
  const all = await service().pullReservations({ client_id: clientId() });
  return all.find((item) => item.reservation.id === id)!.reservation;
}

/** A booking for today at noon for one of the demo's guests, made before the desks first sync. */
async function seedBooking(id: string, guest: number): Promise<void> {
  const reservation = {
    id,
    total_attendees: 2,
    attendee_names: [`${guests[guest]!.first} ${guests[guest]!.surname}`],
    bookingStatus: 'Unconfirmed',
    Date: today(),
    Time: '12:00:00',
  };
  await service().pushReservations([
    { reservation, contact: { client_id: clientId(), contact_id: guests[guest]!.contactId } },
  ]);
}

/** Opens a desk in its own page, connects it to the sandbox with an API key and shows today's bookings. */
async function openDesk(process: DeskProcess): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  page.setDefaultTimeout(20_000);
  await page.goto(process.url);
  await connectToSandbox(page, sandbox, { 'Account time zone': 'UTC', 'Phone country': 'AU' }, 'Reservations');
  return page;
}

/** Goes to a screen of a desk. */
async function go(page: Page, screen: 'Reservations' | 'Guests' | 'Outbox'): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByText(screen, { exact: true }).click();
}

/** A booking's card on the day shown. */
const card = (page: Page, id: string) => page.locator(`[data-booking-id="${id}"]`);

/** Opens a booking's form (double-click on its card). */
async function openBookingForm(page: Page, id: string) {
  await card(page, id).dblclick();
  const dialog = page.getByRole('dialog', { name: 'Edit booking' });
  await dialog.waitFor();
  return dialog;
}

/** Chooses a time in an open booking form. */
async function chooseTime(page: Page, time: string): Promise<void> {
  await page.getByRole('dialog').getByLabel('Time', { exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${time} ·`) }).click();
}

/** Waits until the service's booking satisfies `check`. */
async function untilService(id: string, check: (reservation: Record<string, unknown>) => boolean): Promise<void> {
  await expect.poll(async () => check(await serviceBooking(id)), { timeout: 30_000 }).toBe(true);
}

/** Opens a guest's profile on the Guests screen by their email. */
async function openGuest(page: Page, email: string) {
  await go(page, 'Guests');
  await page.getByRole('combobox', { name: 'Search guests' }).fill(email);
  await page.getByRole('option').filter({ hasText: email }).first().click();
  const form = page.getByRole('form', { name: 'guest details' });
  await form.waitFor();
  return form;
}

/** Adds a category in an open profile (not saved yet). */
async function addCategory(page: Page, name: string): Promise<void> {
  const input = page.getByRole('form', { name: 'guest details' }).getByLabel('Categories');
  await input.fill(name);
  await input.press('Enter');
}

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, demo: true });
  guests = (await service().pullDb({ client_id: clientId() }))
    .map((record) => ({
      contactId: String(record.contact_id),
      first: String(record.PatronName ?? ''),
      surname: String(record.PatronSurname ?? ''),
      email: String(record.PatronEmail ?? ''),
      categories: String(record.svc_categories ?? ''),
    }))
    .filter((guest) => guest.email !== '' && guest.first !== '');
  await seedBooking('E2E-TIME', 0);
  await seedBooking('E2E-PARTY', 1);
  await seedBooking('E2E-NAME', 3);
  const [door, bar] = await Promise.all([startDeskProcess(), startDeskProcess()]);
  desks.push({ process: door!, page: undefined as never }, { process: bar!, page: undefined as never });
  browser = await launchChromium();
  desks[0]!.page = await openDesk(door!);
  desks[1]!.page = await openDesk(bar!);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(desks.map((desk) => desk.process.stop()));
  await sandbox?.close();
});

describe('two desks of one venue, one sandbox (issue 20)', () => {
  it('A confirms a booking while B moves it to 20:45: the service keeps both', async () => {
    // B opens the booking as its cache has it: Unconfirmed at 12:00.
    const form = await openBookingForm(b(), 'E2E-TIME');
    await card(a(), 'E2E-TIME').click();
    await a()
      .getByLabel('booking details')
      .getByRole('button', { name: /^Confirmed/ })
      .click();
    await untilService('E2E-TIME', (booking) => booking.bookingStatus === 'Confirmed');
    await chooseTime(b(), '20:45');
    await form.getByRole('button', { name: 'Save booking' }).click();
    await untilService('E2E-TIME', (booking) => booking.Time === '20:45:00');
    expect(await serviceBooking('E2E-TIME')).toMatchObject({ bookingStatus: 'Confirmed', Time: '20:45:00' });
    // B shows the booking as the service now holds it: moved, and confirmed by A.
    await expect
      .poll(() => card(b(), 'E2E-TIME').getAttribute('aria-label'), { timeout: 30_000 })
      .toMatch(/, 8:45 pm, Confirmed(, |$)/);
  });

  it('A and B set the party size: B’s change needs attention with both values; Keep mine sends B’s', async () => {
    const formB = await openBookingForm(b(), 'E2E-PARTY');
    const formA = await openBookingForm(a(), 'E2E-PARTY');
    await formA.getByRole('textbox', { name: 'Party size' }).fill('6');
    await formA.getByRole('button', { name: 'Save booking' }).click();
    await untilService('E2E-PARTY', (booking) => Number(booking.total_attendees) === 6);
    await formB.getByRole('textbox', { name: 'Party size' }).fill('3');
    await formB.getByRole('button', { name: 'Save booking' }).click();
    // B's booking shows the service's party size (A's 6) with the mark, until staff choose.
    await card(b(), 'E2E-PARTY').getByText('needs attention').waitFor({ timeout: 30_000 });
    await expect(card(b(), 'E2E-PARTY').getAttribute('aria-label')).resolves.toMatch(/, 6, 12:00 pm, /);
    expect(Number((await serviceBooking('E2E-PARTY')).total_attendees)).toBe(6);
    await card(b(), 'E2E-PARTY').click();
    const choices = b().getByLabel('booking details').getByLabel('changed on another desk');
    await expect(choices.getByRole('row', { name: /Party size/ }).textContent()).resolves.toBe('Party size236');
    await b().screenshot({ path: 'test-results/two-desks-conflict-booking.png' });

    await go(b(), 'Outbox');
    await b()
      .getByText(/^Needs attention \(\d+\)$/)
      .click();
    const entry = b()
      .getByRole('row')
      .filter({ has: b().getByLabel('changed on another desk') });
    await expect(entry.getByRole('row', { name: /Party size/ }).textContent()).resolves.toBe('Party size236');
    await b().screenshot({ path: 'test-results/two-desks-conflict-outbox.png' });
    await entry.getByRole('button', { name: 'Keep mine' }).click();
    await untilService('E2E-PARTY', (booking) => Number(booking.total_attendees) === 3);
    await go(b(), 'Reservations');
    await expect
      .poll(() => card(b(), 'E2E-PARTY').getAttribute('aria-label'), { timeout: 30_000 })
      .toMatch(/, 3, 12:00 pm, /);
  });

  it('A adds VIP to a guest while B adds Brunch: the guest has both', async () => {
    const guest = guests.slice(4).find((candidate) => !/VIP|Brunch/.test(candidate.categories))!;
    await openGuest(b(), guest.email);
    await addCategory(b(), 'Brunch');
    await openGuest(a(), guest.email);
    await addCategory(a(), 'VIP');
    await a().getByRole('form', { name: 'guest details' }).getByRole('button', { name: 'Save' }).click();
    const categoriesOnService = async () =>
      String(
        (await service().pullDb({ client_id: clientId(), PatronEmail: guest.email }))[0]?.svc_categories ?? '',
      ).split(',');
    await expect.poll(categoriesOnService, { timeout: 30_000 }).toContain('VIP');
    await b().getByRole('form', { name: 'guest details' }).getByRole('button', { name: 'Save' }).click();
    await expect.poll(categoriesOnService, { timeout: 30_000 }).toContain('Brunch');
    expect(await categoriesOnService()).toContain('VIP');
  });

  it('A renames a guest: B’s booking card shows the new name after B’s Sync now', async () => {
    const guest = guests[3]!;
    const form = await openGuest(a(), guest.email);
    await form.getByLabel('First name').fill('Renamed');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await service().pullDb({ client_id: clientId(), PatronEmail: guest.email }))[0]?.PatronName)
      .toBe('Renamed');
    // The booking itself is not touched: only reading the guest can bring the name to B's card.
    sandbox.sandbox.context.db.prepare('UPDATE reservations SET touched_at = ?').run(Date.now() - 86_400_000);
    await go(b(), 'Reservations');
    await expect(card(b(), 'E2E-NAME').getAttribute('aria-label')).resolves.toMatch(new RegExp(`^${guest.first} `));
    await b().getByRole('button', { name: 'Sync now' }).last().click();
    await expect
      .poll(() => card(b(), 'E2E-NAME').getAttribute('aria-label'), { timeout: 60_000 })
      .toMatch(new RegExp(`^Renamed ${guest.surname}, `));
  });
});
