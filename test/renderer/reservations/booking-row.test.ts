import { describe, expect, it } from 'vitest';
import { toBookingRow } from '../../../renderer/db/booking-row';

describe('a booking’s row', () => {
  it('takes only the guest from the booking that lends it: a queued status is not replaced by the old one', () => {
    const before = toBookingRow(
      { id: 'R1', total_attendees: 2, bookingStatus: 'Unconfirmed', Date: '2026-11-24', Time: '19:00' },
      '101',
      { guestName: 'Ada Lovelace', guestMobile: '+61412345678', guestEmail: 'ada@example.com' },
    )!;
    const after = toBookingRow(
      { id: 'R1', total_attendees: 4, bookingStatus: 'Confirmed', Date: '2026-11-25', Time: '20:15' },
      '101',
      before,
    )!;
    expect(after).toMatchObject({
      status: 'Confirmed',
      partySize: 4,
      date: '2026-11-25',
      time: '20:15:00',
      guestName: 'Ada Lovelace',
      guestMobile: '+61412345678',
    });
  });
});
