import { describe, expect, it } from 'vitest';
import { bookingRowOfPull, toBookingRow } from '../../../renderer/db/booking-row';
import { BOOKING_GUEST_FIELDS } from '../../../shared/rules/booking-fields';

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

  it('keeps the account’s own fields by name (one named __proto__ among them) and none of the desk’s own', () => {
    const reservation = JSON.parse(
      '{"id":"R2","total_attendees":2,"attendee_names":["Ada"],"bookingStatus":"Pending","Date":"2026-11-24","Time":"19:00","tableArea":"Bar","__proto__":"odd","notes":null}',
    ) as Record<string, unknown>;
    const row = toBookingRow(reservation, '101', { guestName: 'Ada', guestMobile: '', guestEmail: '' })!;
    expect(Object.keys(row.custom)).toEqual(['tableArea', '__proto__', 'notes']);
    expect(Object.getOwnPropertyDescriptor(row.custom, '__proto__')?.value).toBe('odd');
    expect(Object.getPrototypeOf(row.custom)).toBe(Object.prototype);
    expect(row.custom.tableArea).toBe('Bar');
  });

  it('is the same from a guest cut to BOOKING_GUEST_FIELDS as from the whole contact (what the desk core hands on)', () => {
    const contacts = [
      { PatronName: 'Zoë', PatronSurname: 'O’Brien', PatronEmail: 'zoe@example.com', PatronMobile: '+61 412 345 678' },
      { PatronEmail: 'no.name@example.com', PatronMobile: '0412 000 111' },
      { PatronMobile: '0412 000 222', PatronName: '' },
      {},
    ];
    for (const fields of contacts) {
      const contact = { client_id: 'c1', contact_id: '42', Sex: 'f', MemberNumber: 'M1', visitCount: 3, ...fields };
      const cut = Object.fromEntries(
        Object.entries(contact).filter(([name]) =>
          ['client_id', 'contact_id', ...BOOKING_GUEST_FIELDS].some((kept) => kept === name),
        ),
      ) as typeof contact;
      const reservation = { id: 'R3', total_attendees: 2, Date: '2026-11-24', Time: '19:00', tableArea: 'Bar' };
      expect(bookingRowOfPull({ reservation, contact: cut })).toEqual(bookingRowOfPull({ reservation, contact }));
    }
  });
});
