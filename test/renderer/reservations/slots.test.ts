// Covers per 15-minute slot.
import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '../../../shared/rules/booking-status';
import {
  coversBySlot,
  coversWith,
  passesLimit,
  slotOf,
  timelineSlots,
  totalCovers,
} from '../../../renderer/screens/reservations/slots';

const booking = (time: string, partySize: number, status: BookingStatus = 'Confirmed') => ({ time, partySize, status });

describe('covers per slot', () => {
  it('puts each booking in the quarter hour it starts in', () => {
    expect(slotOf('19:00:00')).toBe('19:00');
    expect(slotOf('19:14:59')).toBe('19:00');
    expect(slotOf('19:15')).toBe('19:15');
    expect(slotOf('7:40')).toBe('07:30');
    expect(slotOf('24:00')).toBe('');
    expect(slotOf('tea time')).toBe('');
  });

  it('adds up party sizes per slot and leaves cancelled bookings out', () => {
    const day = [
      booking('19:00:00', 4),
      booking('19:10:00', 2, 'Pending'),
      booking('19:05:00', 6, 'Cancelled'),
      booking('19:30:00', 3, 'No-show'),
      booking('20:00:00', 2, 'Arrived'),
    ];
    const covers = coversBySlot(day);
    expect(covers.get('19:00')).toBe(6);
    expect(covers.get('19:30')).toBe(3);
    expect(covers.get('20:00')).toBe(2);
    expect(covers.has('19:15')).toBe(false);
    expect(totalCovers(day)).toBe(11);
  });

  it('counts a moved booking once, in its new slot', () => {
    const covers = new Map([
      ['19:00', 10],
      ['19:30', 4],
    ]);
    expect(coversWith(covers, '19:00', 4, { slot: '19:00', partySize: 4, counted: true })).toBe(10);
    expect(coversWith(covers, '19:30', 4, { slot: '19:00', partySize: 4, counted: true })).toBe(8);
    expect(coversWith(covers, '19:00', 6, { slot: '19:00', partySize: 4, counted: false })).toBe(16);
    expect(coversWith(covers, '21:00', 12)).toBe(12);
  });

  it('warns only past a set limit', () => {
    expect(passesLimit(41, 40)).toBe(true);
    expect(passesLimit(40, 40)).toBe(false);
    expect(passesLimit(400, null)).toBe(false);
    expect(passesLimit(400, 0)).toBe(false);
  });

  it('shows service hours, widened to bookings outside them', () => {
    expect(timelineSlots([], '18:00', '19:00')).toEqual(['18:00', '18:15', '18:30', '18:45', '19:00']);
    const slots = timelineSlots([booking('02:30:00', 2), booking('23:50:00', 2)], '11:00', '23:00');
    expect(slots[0]).toBe('02:30');
    expect(slots.at(-1)).toBe('23:45');
  });
});
