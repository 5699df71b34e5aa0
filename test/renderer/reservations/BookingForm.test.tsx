import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDesk } from '../../../renderer/bridge/desk';
import { todayIn } from '../../../renderer/screens/reservations/booking-time';
import { ReservationsScreen } from '../../../renderer/screens/reservations/ReservationsScreen';
import { useAccount } from '../../../renderer/stores/account';
import { followGuests, useGuests } from '../../../renderer/stores/guests';
import { followReservations, useReservations } from '../../../renderer/stores/reservations';
import { openBookingForm, setCoverLimit, useReservationsView } from '../../../renderer/stores/reservations-view';
import { fakeGuestDesk } from '../guests/fake-guest-desk';
import { GUESTS } from '../guests/fixtures';
import { renderWithProviders } from '../render';

const TODAY = todayIn('Australia/Sydney');
const FIELDS = [
  { name: 'total_attendees', type: 'number' },
  { name: 'attendee_names', type: 'text' },
  { name: 'bookingStatus', type: 'singleSelect', options: ['Unconfirmed', 'Pending', 'Confirmed'] },
  { name: 'Date', type: 'date' },
  { name: 'Time', type: 'time' },
  { name: 'tableArea', label: 'Table area', type: 'singleSelect', options: ['Bar', 'Terrace'] },
  { name: 'specialRequests', label: 'Special requests', type: 'text' },
];
/** Two bookings at 19:00 today: 8 covers in that slot. */
const BOOKINGS = [
  {
    reservation: {
      id: 'R1',
      total_attendees: 6,
      bookingStatus: 'Confirmed',
      Date: TODAY,
      Time: '19:00:00',
      tableArea: 'Bar',
    },
    contact: {
      client_id: 'c',
      contact_id: '101',
      PatronName: 'Ada',
      PatronSurname: 'Lovelace',
      PatronMobile: '+61412345678',
    },
  },
  {
    reservation: { id: 'R2', total_attendees: 2, bookingStatus: 'Pending', Date: TODAY, Time: '19:10:00' },
    contact: { client_id: 'c', contact_id: '102', PatronName: 'Grace', PatronSurname: 'Hopper' },
  },
];

let run = 0;
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** The Reservations screen over a fake desk core with bookings and guests, synced. */
async function renderScreen() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  const clientId = `bookings${++run}`;
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
    saveBooking: (request) => {
      fake.state.writes.push({ channel: 'saveBooking', request });
      return { outboxId: `ob_${fake.state.writes.length}`, state: 'queued', guestKey: request.guestKey };
    },
  });
  useAccount.setState({
    account: {
      state: 'demo',
      clientId,
      label: 'Harbour Lights',
      timeZone: 'Australia/Sydney',
      defaultPhoneCountry: 'AU',
      canOpenDashboard: false,
      keychain: { available: true, description: 'test' },
    },
  });
  useReservationsView.setState({
    date: null,
    selectedId: null,
    statuses: [],
    fieldFilters: {},
    query: '',
    form: { mode: 'closed' },
  });
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
  cleanup = async () => {
    stopBookings();
    stopGuests();
    setCoverLimit(null);
    vi.restoreAllMocks();
    await Dexie.delete(`venue-desk-guests-${clientId}`);
  };
  return fake;
}

describe('the booking form', { timeout: 60_000 }, () => {
  it('books a guest found with the Guests search, shows the slot’s covers, warns past the limit and saves anyway, under a desk-made id', async () => {
    const fake = await renderScreen();
    const user = userEvent.setup();
    act(() => setCoverLimit(10));
    act(() => openBookingForm({ mode: 'new' }));
    const form = await screen.findByRole('form', { name: 'New booking' });
    await user.type(within(form).getByLabelText('Guest'), 'lovelace');
    // The guest's mobile in the venue's form (national for a local number), as Guests shows it.
    await user.click(await within(form).findByRole('option', { name: /Ada Lovelace.*0412 345 678/ }));
    expect(within(form).getByLabelText('booking guest')).toHaveTextContent('Ada Lovelace');
    expect(within(form).getByLabelText('booking guest')).toHaveTextContent('0412 345 678');
    // 19:00 is the form's first suggestion; 8 covers are there already.
    expect(within(form).getByLabelText('slot covers')).toHaveTextContent(
      'The 19:00 slot has 10 covers with this booking (limit 10).',
    );
    const party = within(form).getByRole('textbox', { name: 'Party size' });
    await user.clear(party);
    await user.type(party, '4');
    expect(within(form).getByLabelText('slot covers')).toHaveTextContent(
      'The 19:00 slot would have 12 covers, over the limit of 10. You can still save it.',
    );
    await user.type(within(form).getByLabelText('Special requests'), 'Window table');
    await user.click(within(form).getByRole('button', { name: 'Make booking' }));
    await waitFor(() => expect(fake.state.writes.filter((write) => write.channel === 'saveBooking')).toHaveLength(1));
    const { request } = fake.state.writes.find((write) => write.channel === 'saveBooking')!;
    expect(request).toEqual({
      guestKey: '101',
      booking: {
        id: expect.stringMatching(/^vd-[0-9a-f-]{36}$/),
        total_attendees: 4,
        attendee_names: [],
        bookingStatus: 'Unconfirmed',
        Date: TODAY,
        Time: '19:00:00',
        custom: { specialRequests: 'Window table' },
      },
    });
    // The slot counts the booking at once, before the service has it.
    await waitFor(() =>
      expect(document.querySelector('[data-slot="19:00"] [data-covers]')).toHaveTextContent('12 covers'),
    );
    expect(screen.getByLabelText('day total')).toHaveTextContent('12 covers · 3 bookings');
  });

  it('records no second guest inline for an email on file: books for the guest on file, or adds these details to them first', async () => {
    const fake = await renderScreen();
    const user = userEvent.setup();
    act(() => openBookingForm({ mode: 'new' }));
    const form = await screen.findByRole('form', { name: 'New booking' });
    await user.click(within(form).getByRole('button', { name: 'New guest…' }));
    const inline = within(form).getByLabelText('new guest');
    await user.type(within(inline).getByLabelText('First name'), 'Augusta');
    await user.type(within(inline).getByLabelText('Mobile'), '0499 111 222');
    await user.type(within(inline).getByLabelText('Email'), 'ada@example.com');
    const offer = await within(inline).findByRole('alert');
    expect(offer).toHaveTextContent('Ada Lovelace already has this email');
    expect(within(offer).queryByRole('button', { name: 'Record anyway' })).not.toBeInTheDocument();
    await user.click(within(inline).getByRole('button', { name: 'Record guest' }));
    expect(
      await within(inline).findByText(
        /The service keeps one guest per email and one per mobile, and Ada Lovelace already has this email/,
      ),
    ).toBeInTheDocument();
    expect(fake.state.writes.filter((write) => write.channel === 'createGuest')).toHaveLength(0);
    await user.click(within(offer).getByRole('button', { name: 'Add these details to Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add these details to Ada Lovelace?' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to Ada Lovelace' }));
    await waitFor(() => expect(within(form).getByLabelText('booking guest')).toHaveTextContent('Ada Lovelace'));
    const edits = fake.state.writes.filter((write) => write.channel !== 'saveBooking');
    expect(edits).toHaveLength(1);
    expect(JSON.stringify(edits[0]!.request)).toContain('+61499111222');
    expect(JSON.stringify(edits[0]!.request)).toContain('Augusta');
  });

  it('keeps what was typed and queues nothing when the guest or party size is missing', async () => {
    const fake = await renderScreen();
    const user = userEvent.setup();
    act(() => openBookingForm({ mode: 'new' }));
    const form = await screen.findByRole('form', { name: 'New booking' });
    const party = within(form).getByRole('textbox', { name: 'Party size' });
    await user.clear(party);
    await user.type(within(form).getByLabelText('Special requests'), 'Birthday');
    await user.click(within(form).getByRole('button', { name: 'Make booking' }));
    expect(await within(form).findByText('Choose the guest, or record a new one.')).toBeInTheDocument();
    expect(within(form).getByText('A booking is for at least one person.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Special requests')).toHaveValue('Birthday');
    expect(fake.state.writes.filter((write) => write.channel === 'saveBooking')).toHaveLength(0);
  });

  it('edits a booking under its own id, so the service updates it rather than adding one', async () => {
    const fake = await renderScreen();
    const user = userEvent.setup();
    act(() => openBookingForm({ mode: 'edit', id: 'R1' }));
    const form = await screen.findByRole('form', { name: 'Edit booking' });
    const party = within(form).getByRole('textbox', { name: 'Party size' });
    expect(party).toHaveValue('6');
    await user.clear(party);
    await user.type(party, '7');
    await user.click(within(form).getByRole('button', { name: 'Save booking' }));
    await waitFor(() => expect(fake.state.writes.filter((write) => write.channel === 'saveBooking')).toHaveLength(1));
    expect(fake.state.writes.at(-1)!.request).toMatchObject({
      guestKey: '101',
      booking: {
        id: 'R1',
        total_attendees: 7,
        bookingStatus: 'Confirmed',
        Time: '19:00:00',
        custom: { tableArea: 'Bar' },
      },
    });
  });
});
