// pull_reservations' element checked by hand (shared/api/reservation-record.ts): the same records and the same
// mismatches (field paths and codes) as the zod looseObject it stands for, kept here as the reference.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues } from '../../../shared/api/interpret';
import { idText, numeric, pullReservationsResponse, reservationRecord } from '../../../shared/api/response-schemas';

/** The element's rules as zod objects (the definition before the hand check). */
const reference = z.looseObject({
  reservation: z.looseObject({ id: idText, total_attendees: numeric.nullish(), bookingStatus: z.string().nullish() }),
  contact: z.looseObject({ client_id: idText, contact_id: idText }),
});

const reservation = { id: 'R1', total_attendees: 4, bookingStatus: 'Confirmed', Date: '2026-12-24', Time: '19:30:00' };
const contact = { client_id: '12', contact_id: '345', PatronName: 'Ann', Notes: 'window seat' };
const good = { reservation, contact };

const ACCEPTED: unknown[] = [
  good,
  { ...good, extra: [[1, 2], { nested: ['}'] }] },
  { reservation: { ...reservation, id: 77 }, contact: { ...contact, client_id: 12, contact_id: 345 } },
  { reservation: { ...reservation, total_attendees: ' 6 ' }, contact },
  { reservation: { ...reservation, total_attendees: '-2.5' }, contact },
  { reservation: { ...reservation, total_attendees: null, bookingStatus: null }, contact },
  { reservation: { id: '' }, contact: { client_id: '', contact_id: 0 } },
  { reservation: { id: 'R2', tableArea: 'Bar', custom: { deep: [1, null, true] } }, contact },
];

const REFUSED: unknown[] = [
  null,
  'booking',
  7,
  [good],
  {},
  { reservation },
  { contact },
  { reservation: [reservation], contact },
  { reservation: 'R1', contact: null },
  { reservation: { ...reservation, id: undefined }, contact },
  { reservation: { ...reservation, id: null }, contact },
  { reservation: { ...reservation, id: true }, contact },
  { reservation: { ...reservation, id: { value: 1 } }, contact },
  { reservation: { ...reservation, id: Number.NaN }, contact },
  { reservation: { ...reservation, id: Number.POSITIVE_INFINITY }, contact },
  { reservation: { ...reservation, total_attendees: '4 people' }, contact },
  { reservation: { ...reservation, total_attendees: '' }, contact },
  { reservation: { ...reservation, total_attendees: '1e3' }, contact },
  { reservation: { ...reservation, total_attendees: true }, contact },
  { reservation: { ...reservation, total_attendees: [4] }, contact },
  { reservation: { ...reservation, total_attendees: Number.NaN }, contact },
  { reservation: { ...reservation, bookingStatus: 3 }, contact },
  { reservation: { ...reservation, bookingStatus: ['Confirmed'] }, contact },
  { reservation: { id: false, total_attendees: 'x', bookingStatus: {} }, contact: { contact_id: [] } },
  { reservation, contact: { ...contact, client_id: null } },
  { reservation, contact: { ...contact, contact_id: undefined } },
  { reservation, contact: { PatronName: 'Ann' } },
  { reservation, contact: 'Ann' },
];

describe("pull_reservations' element, checked by hand where the answer enters", () => {
  it('reads every accepted element as the zod objects do (ids as text, numeric text as its number)', () => {
    for (const item of ACCEPTED) {
      const hand = reservationRecord.safeParse(item);
      const zod = reference.safeParse(item);
      expect(hand.success, JSON.stringify(item)).toBe(true);
      expect(zod.success).toBe(true);
      expect(hand.data).toStrictEqual(zod.data);
    }
    const read = reservationRecord.parse(ACCEPTED[2]);
    expect([read.reservation.id, read.contact.client_id, read.contact.contact_id]).toEqual(['77', '12', '345']);
    expect(reservationRecord.parse(ACCEPTED[3]).reservation.total_attendees).toBe(6);
  });

  it('keeps an account field named __proto__ as a field (zod’s objects made it the copy’s prototype)', () => {
    const item: unknown = JSON.parse(
      '{"reservation":{"id":3,"__proto__":{"x":1}},"contact":{"client_id":1,"contact_id":2,"__proto__":5}}',
    );
    const read = reservationRecord.parse(item);
    expect(Object.getPrototypeOf(read.reservation)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(read.reservation, '__proto__')?.value).toEqual({ x: 1 });
    expect(Object.getOwnPropertyDescriptor(read.contact, '__proto__')?.value).toBe(5);
    expect([read.reservation.id, read.contact.contact_id]).toEqual(['3', '2']);
  });

  it('refuses what the zod objects refuse, naming the same fields and codes', () => {
    for (const item of REFUSED) {
      const hand = reservationRecord.safeParse(item);
      const zod = reference.safeParse(item);
      expect(zod.success, JSON.stringify(item)).toBe(false);
      expect(hand.success, JSON.stringify(item)).toBe(false);
      expect(describeIssues(hand.error!)).toBe(describeIssues(zod.error!));
    }
  });

  it('leaves an element already in the desk’s types as it came, and never changes what it was given', () => {
    const item = structuredClone(good);
    expect(reservationRecord.parse(item)).toBe(item);
    const numbered = {
      reservation: { ...reservation, id: 9, total_attendees: '3' },
      contact: { ...contact, contact_id: 8 },
    };
    const copy = structuredClone(numbered);
    const read = reservationRecord.parse(numbered);
    expect(numbered).toStrictEqual(copy);
    expect(read).toStrictEqual({
      reservation: { ...reservation, id: '9', total_attendees: 3 },
      contact: { ...contact, contact_id: '8' },
    });
  });

  it('checks every element of a whole answer, naming the one that does not match', () => {
    const result = pullReservationsResponse.safeParse([good, good, { reservation: { id: null }, contact }]);
    expect(result.success).toBe(false);
    expect(describeIssues(result.error!)).toBe('2.reservation.id: invalid_union');
  });
});
