import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDesk } from '../../../renderer/bridge/desk';
import { GuestBookings } from '../../../renderer/screens/reservations/GuestBookings';
import { addDays, todayIn } from '../../../renderer/screens/reservations/booking-time';
import { useAccount } from '../../../renderer/stores/account';
import { followGuests, useGuests } from '../../../renderer/stores/guests';
import { useNavigation } from '../../../renderer/stores/navigation';
import { followReservations, useReservations } from '../../../renderer/stores/reservations';
import { useReservationsView } from '../../../renderer/stores/reservations-view';
import { fakeGuestDesk } from '../guests/fake-guest-desk';
import { GUESTS } from '../guests/fixtures';
import { renderWithProviders } from '../render';

const TODAY = todayIn('Australia/Sydney');
const ADA = { client_id: 'c', contact_id: '101', PatronName: 'Ada', PatronSurname: 'Lovelace' };
/** Ada's bookings: one next week, one last week; Grace's one today is not hers. */
const BOOKINGS = [
  {
    reservation: {
      id: 'NEXT',
      total_attendees: 4,
      bookingStatus: 'Confirmed',
      Date: addDays(TODAY, 7),
      Time: '19:30:00',
    },
    contact: ADA,
  },
  {
    reservation: {
      id: 'LAST',
      total_attendees: 2,
      bookingStatus: 'Arrived',
      Date: addDays(TODAY, -7),
      Time: '12:00:00',
    },
    contact: ADA,
  },
  {
    reservation: { id: 'OTHER', total_attendees: 6, bookingStatus: 'Pending', Date: TODAY, Time: '20:00:00' },
    contact: { client_id: 'c', contact_id: '102', PatronName: 'Grace' },
  },
];

let run = 0;
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('a guest’s bookings on their profile', { timeout: 30_000 }, () => {
  it('lists the guest’s upcoming and past bookings only, and New booking opens the form for that guest', async () => {
    const clientId = `guest-bookings${++run}`;
    const fake = fakeGuestDesk(GUESTS, {
      listReservationFields: () => ({ enabled: true, fields: [] }),
      pullReservations: () => ({
        enabled: true,
        pullId: 'p1',
        total: BOOKINGS.length,
        startedAt: new Date().toISOString(),
      }),
      pullReservationsPage: () => ({ bookings: BOOKINGS, remaining: 0 }),
      listPendingBookings: () => ({ items: [] }),
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
    useReservationsView.setState({ form: { mode: 'closed' } });
    setDesk(fake.desk);
    const stopGuests = followGuests(fake.desk);
    const stopBookings = followReservations(fake.desk);
    cleanup = async () => {
      stopBookings();
      stopGuests();
      await Dexie.delete(`venue-desk-guests-${clientId}`);
    };
    await vi.waitFor(
      () => {
        if (!useGuests.getState().status.lastSyncedAt || !useReservations.getState().status.lastSyncedAt)
          throw new Error('not synced yet');
      },
      { timeout: 10_000 },
    );

    renderWithProviders(<GuestBookings guestKey="101" label="Ada Lovelace" detail="ada@example.com" />);
    const panel = await screen.findByLabelText('guest bookings');
    await within(panel).findByText(/19:30|7:30/);
    const lines = within(panel)
      .getAllByRole('button')
      .filter((button) => button.textContent !== 'New booking');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent(/Confirmed/i);
    expect(within(panel).getByText('Past')).toBeInTheDocument();
    expect(lines[1]).toHaveTextContent(/Arrived/i);
    expect(panel).not.toHaveTextContent(/Pending/i);

    await userEvent.setup().click(within(panel).getByRole('button', { name: 'New booking' }));
    expect(useNavigation.getState().screen).toBe('reservations');
    expect(useReservationsView.getState().form).toMatchObject({
      mode: 'new',
      guestKey: '101',
      guestLabel: 'Ada Lovelace',
    });
  });
});
