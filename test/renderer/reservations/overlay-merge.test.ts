import { describe, expect, it } from 'vitest';
import { bookingOfEntry, type BookingEntry } from '../../../renderer/sync/booking-overlay';
import type { BookingRow } from '../../../renderer/db/tables/reservations';

const cached: BookingRow = {
  id: 'R1',
  guestKey: '5',
  date: '2026-05-01',
  time: '12:00:00',
  partySize: 2,
  status: 'Unconfirmed',
  attendeeNames: ['Ann'],
  custom: {},
  guestName: 'Ann Example',
  guestMobile: '0412 345 678',
  guestEmail: '',
  search: 'ann example  0412345678',
};

/** A booking entry of this desk: party 3, queued as `state`, with what the service left behind. */
function entry(state: BookingEntry['state'], extra: Partial<BookingEntry> = {}): BookingEntry {
  return {
    id: 'ob1',
    kind: 'push_reservations',
    state,
    summary: 'Booking R1',
    createdAt: '2026-05-01T00:00:00.000Z',
    updatedAt: '2026-05-01T00:00:00.000Z',
    attempts: 0,
    editable: false,
    payload: {
      reservation: { id: 'R1', total_attendees: 3, bookingStatus: 'Unconfirmed', Date: '2026-05-01', Time: '12:00:00' },
      contact: { client_id: '1', contact_id: '5' },
    },
    ...extra,
  };
}

describe('a booking as its outbox entry shows it (issue 20)', () => {
  it('a queued change over the cached booking shows the change, with the cached guest', () => {
    const view = bookingOfEntry(entry('queued'), cached)!;
    expect(view).toMatchObject({ partySize: 3, guestName: 'Ann Example', pending: { state: 'queued' } });
  });

  it('a change in conflict shows the service’s booking (the other desk’s values) until staff choose', () => {
    const conflict = {
      record: 'booking' as const,
      fields: [{ field: 'total_attendees', base: 2, mine: 3, theirs: 6 }],
      theirs: { id: 'R1', total_attendees: 6, bookingStatus: 'Confirmed', Date: '2026-05-01', Time: '12:00:00' },
      readAt: '2026-05-01T00:00:00.000Z',
    };
    const view = bookingOfEntry(
      entry('needs_attention', { problem: { message: 'Changed elsewhere', whatToDo: 'Choose', conflict } }),
      cached,
    )!;
    expect(view).toMatchObject({ partySize: 6, status: 'Confirmed', pending: { state: 'needs_attention', conflict } });
  });

  it('a merged change, once sent, shows the booking as the merge left it on the service', () => {
    const merged = { id: 'R1', total_attendees: 3, bookingStatus: 'Confirmed', Date: '2026-05-01', Time: '20:45:00' };
    const view = bookingOfEntry(entry('sent', { result: { reservation_id: 'R1', merged } }), cached)!;
    expect(view).toMatchObject({ partySize: 3, status: 'Confirmed', time: '20:45:00' });
    expect(view.pending).toBeUndefined();
  });
});
