import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { UserFacingError } from '../../../shared/bridge/result';
import { setDesk } from '../../../renderer/bridge/desk';
import { BookingTables } from '../../../renderer/db/tables/reservations';
import { addDays, todayIn } from '../../../renderer/screens/reservations/booking-time';
import { ReservationsScreen } from '../../../renderer/screens/reservations/ReservationsScreen';
import { useAccount } from '../../../renderer/stores/account';
import { followGuests, useGuests } from '../../../renderer/stores/guests';
import { followReservations, useReservations } from '../../../renderer/stores/reservations';
import { useReservationsView } from '../../../renderer/stores/reservations-view';
import { fakeGuestDesk } from '../guests/fake-guest-desk';
import { GUESTS } from '../guests/fixtures';
import { renderWithProviders } from '../render';

// Today opens at the time now: the clock reads noon in Sydney (and goes on from there), so what is drawn
// first does not depend on the time of day the tests run at.
vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: new Date('2026-07-15T02:00:00Z') });
afterAll(() => vi.useRealTimers());

const TODAY = todayIn('Australia/Sydney');
const TOMORROW = addDays(TODAY, 1);
/** A quiet day (drawn whole): two bookings share the 19:00 slot. */
const QUIET_DAY = addDays(TODAY, 2);
const FIELDS = [
  { name: 'bookingStatus', type: 'singleSelect', options: ['Unconfirmed', 'Pending', 'Confirmed'] },
  { name: 'tableArea', label: 'Table area', type: 'singleSelect', options: ['Bar', 'Terrace'] },
];

/** A booking as pull_reservations returns it, for one of the fixture guests. */
function booking(id: string, date: string, time: string, size: number, status = 'Confirmed') {
  const guest = GUESTS[Number(id.replace(/\D/g, '')) % GUESTS.length]!;
  return {
    reservation: { id, total_attendees: size, bookingStatus: status, Date: date, Time: time, tableArea: 'Bar' },
    contact: { ...guest, client_id: 'demo', contact_id: String(guest.contact_id) },
  };
}

/** Today: 400 bookings over the service's hours (a busy night); tomorrow: two; the quiet day: three. */
const BOOKINGS = [
  ...Array.from({ length: 400 }, (_, n) => {
    const minutes = 11 * 60 + (n % 48) * 15;
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
    return booking(`B${n}`, TODAY, time, 1 + (n % 6));
  }),
  booking('T1', TOMORROW, '19:00:00', 2, 'Unconfirmed'),
  booking('T2', TOMORROW, '20:30:00', 4, 'Pending'),
  booking('Q1', QUIET_DAY, '19:00:00', 2),
  booking('Q2', QUIET_DAY, '19:00:00', 3),
  booking('Q3', QUIET_DAY, '20:00:00', 2),
];

let run = 0;
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  vi.restoreAllMocks();
});

/** The Reservations screen over a fake desk core holding the bookings above, synced; `saveBooking` answers as given. */
async function renderDayView(saveBooking: () => Promise<{ outboxId: string; state: 'queued'; guestKey: string }>) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1100);
  const fake = fakeGuestDesk(GUESTS, {
    listReservationFields: () => ({ enabled: true, fields: FIELDS }),
    pullReservations: () => ({
      enabled: true,
      pullId: 'p1',
      total: BOOKINGS.length,
      startedAt: new Date().toISOString(),
    }),
    pullReservationsPage: () => ({ bookings: BOOKINGS, remaining: 0 }),
    listPendingBookings: () => ({ items: [] }),
    saveBooking,
  });
  useAccount.setState({
    account: {
      state: 'demo',
      clientId: `day-view${++run}`,
      label: 'Harbour Lights',
      timeZone: 'Australia/Sydney',
      defaultPhoneCountry: 'AU',
      canOpenDashboard: false,
      keychain: { available: true, description: 'test' },
    },
  });
  useReservationsView.setState({ date: TODAY, selectedId: null, statuses: [], fieldFilters: {}, query: '' });
  setDesk(fake.desk);
  const stopGuests = followGuests(fake.desk);
  const stopBookings = followReservations(fake.desk);
  renderWithProviders(<ReservationsScreen />);
  await vi.waitFor(
    () => {
      if (!useGuests.getState().status.lastSyncedAt || !useReservations.getState().status.lastSyncedAt)
        throw new Error('not synced yet');
    },
    { timeout: 10_000 },
  );
  await waitFor(() => expect(document.querySelectorAll('[data-booking-id]').length).toBeGreaterThan(0));
  cleanup = () => {
    stopBookings();
    stopGuests();
  };
}

const cards = () => [...document.querySelectorAll<HTMLElement>('[data-booking-id]')];
const coversAt = (slot: string) => document.querySelector(`[data-slot="${slot}"] [data-covers]`);

describe('the day view', () => {
  it('has every slot with its covers, but draws the cards of the slots in view only on a busy day; a quiet day whole', async () => {
    await renderDayView(async () => ({ outboxId: 'ob_1', state: 'queued', guestKey: '101' }));
    expect(document.querySelectorAll('[data-slot]')).toHaveLength(49);
    const drawn = cards().length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(150);
    // 22:45 is far below the view: its covers are counted, its cards not drawn.
    const at2245 = BOOKINGS.filter((item) => item.reservation.Date === TODAY && item.reservation.Time === '22:45:00');
    expect(coversAt('22:45')).toHaveAttribute(
      'data-covers',
      String(at2245.reduce((sum, item) => sum + item.reservation.total_attendees, 0)),
    );
    expect(document.querySelectorAll('[data-slot="22:45"] [data-booking-id]')).toHaveLength(0);
    expect(screen.getByLabelText('day total')).toHaveTextContent('1,396 covers · 400 bookings');

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getByRole('table', { name: 'timeline' })).toHaveAttribute('data-day', TOMORROW));
    // A day read ahead while the sync was still writing is shown as read until it is read again (within a second).
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards().map((card) => card.getAttribute('aria-label'))).toEqual([
      'Grace Hopper, 2, 7:00 pm, Unconfirmed, Bar',
      expect.stringMatching(/^[^,]+, 4, 8:30 pm, Pending, Bar$/),
    ]);
  });

  it('shows a status key’s status at once, while the desk core queues it', async () => {
    let answer: ((value: { outboxId: string; state: 'queued'; guestKey: string }) => void) | undefined;
    await renderDayView(() => new Promise((resolve) => (answer = resolve)));
    act(() => useReservationsView.setState({ date: TOMORROW }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(cards()[0]!);
    const baseRead = vi.spyOn(BookingTables.prototype, 'bookingById');
    fireEvent.keyDown(window, { key: 'c' });
    // Not answered yet: the card already says Confirmed, marked as not sent.
    expect(cards()[0]).toHaveAttribute('data-status', 'Confirmed');
    expect(cards()[0]).toHaveTextContent('not sent yet');
    // The cache is read for the edit's base only after the key's task, which commits the new status.
    expect(baseRead).not.toHaveBeenCalled();
    // The desk core is asked once the edit's base is read (issue 20); the card did not wait for either.
    await waitFor(() => expect(answer).toBeDefined());
    expect(baseRead).toHaveBeenCalledWith('T1');
    expect(cards()[0]).toHaveAttribute('data-status', 'Confirmed');
    act(() => answer!({ outboxId: 'ob_1', state: 'queued', guestKey: '102' }));
    await waitFor(() => expect(useReservations.getState().pending.T1?.pending?.outboxId).toBe('ob_1'));
    expect(cards()[0]).toHaveAttribute('data-status', 'Confirmed');
  });

  it('takes a status back, and says why, when the desk core could not queue it', async () => {
    await renderDayView(async () => {
      throw new UserFacingError('The desk cannot write to its database: disk full.');
    });
    act(() => useReservationsView.setState({ date: TOMORROW }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(cards()[0]!);
    fireEvent.keyDown(window, { key: 'c' });
    expect(await screen.findByText('The status was not changed')).toBeInTheDocument();
    expect(screen.getByText('The desk cannot write to its database: disk full.')).toBeInTheDocument();
    expect(cards()[0]).toHaveAttribute('data-status', 'Unconfirmed');
    expect(cards()[0]).not.toHaveTextContent('not sent yet');
  });

  it('hands the focus of a card to the timeline when its booking leaves the day shown (cancelled, so not shown)', async () => {
    await renderDayView(async () => ({ outboxId: 'ob_1', state: 'queued', guestKey: '101' }));
    act(() => useReservationsView.setState({ date: QUIET_DAY }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    // A card whose slot keeps other bookings: the card alone leaves the page.
    const card = document.querySelector<HTMLElement>('[data-booking-id="Q1"]')!;
    const slot = card.closest<HTMLElement>('[data-slot]')!;
    expect(slot.querySelectorAll('[data-booking-id]').length).toBeGreaterThan(1);
    fireEvent.click(card);
    act(() => card.focus());
    expect(document.activeElement).toBe(card);
    fireEvent.keyDown(window, { key: 'x' });
    await waitFor(() => expect(card.isConnected).toBe(false));
    expect(slot.querySelectorAll('[data-booking-id]').length).toBeGreaterThan(0);
    expect(document.activeElement).toBe(screen.getByRole('table', { name: 'timeline' }));
  });

  it('opens a new booking at the time of the slot double-clicked (its time, covers or free space), and a card’s own', async () => {
    await renderDayView(async () => ({ outboxId: 'ob_1', state: 'queued', guestKey: '101' }));
    act(() => useReservationsView.setState({ date: QUIET_DAY }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    const formAfter = (target: Element) => {
      act(() => useReservationsView.setState({ form: { mode: 'closed' } }));
      fireEvent.doubleClick(target);
      return useReservationsView.getState().form;
    };
    const row = (slot: string) => document.querySelector<HTMLElement>(`[data-slot="${slot}"]`)!;
    expect(formAfter(row('19:30').querySelector('[role="rowheader"]')!)).toEqual({ mode: 'new', time: '19:30:00' });
    expect(formAfter(coversAt('19:00')!)).toEqual({ mode: 'new', time: '19:00:00' });
    expect(formAfter(row('19:00').querySelector('[role="cell"]:last-child')!)).toEqual({
      mode: 'new',
      time: '19:00:00',
    });
    expect(formAfter(document.querySelector('[data-booking-id="Q3"]')!)).toEqual({ mode: 'edit', id: 'Q3' });
  });

  it('names each card with its visible text, in the order it is shown', async () => {
    await renderDayView(async () => ({ outboxId: 'ob_1', state: 'queued', guestKey: '101' }));
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
    for (const card of cards().slice(0, 20))
      expect(words(card.getAttribute('aria-label')!)).toContain(words(card.textContent!));
  });

  it('reads every day it shows or reads ahead again after one change of the cache, not one day a second', async () => {
    await renderDayView(async () => ({ outboxId: 'ob_1', state: 'queued', guestKey: '101' }));
    const reads = vi.spyOn(BookingTables.prototype, 'bookingsOn');
    // The clock stands still, two seconds on (past any earlier round's wait): a day read again only once a
    // second would be read once, then wait for ever.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2000);
    try {
      act(() => useReservations.setState((state) => ({ dataVersion: state.dataVersion + 1 })));
      await waitFor(() => expect(new Set(reads.mock.calls.map(([date]) => date)).size).toBeGreaterThanOrEqual(7));
      expect(reads.mock.calls[0]![0]).toBe(TODAY);
    } finally {
      vi.useRealTimers();
    }
  });
});
