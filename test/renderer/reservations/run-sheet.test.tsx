import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf } from '../../../shared/rules/booking-status';
import { runSheetOf, type RunSheetBooking } from '../../../renderer/screens/reservations/print/run-sheet';
import { RunSheet } from '../../../renderer/screens/reservations/print/RunSheet';
import { renderWithProviders } from '../render';

// Issue 22, item 6: the day's book on paper.
const FIELDS = [
  { name: 'bookingStatus', type: 'singleSelect', label: 'Status', position: 0 },
  { name: 'tableArea', type: 'singleSelect', label: 'Table area', position: 1 },
  { name: 'specialRequests', type: 'text', label: 'Special requests', position: 2 },
];
const booking = (
  id: string,
  time: string,
  partySize: number,
  status: string,
  extra: Partial<RunSheetBooking> = {},
) => ({
  id,
  time,
  guestName: `Guest ${id}`,
  guestMobile: '+61412345678',
  partySize,
  status: statusOf(status),
  attendeeNames: [],
  custom: { tableArea: 'Terrace' },
  ...extra,
});
const DAY = [
  booking('late', '21:05:00', 2, 'Confirmed', { custom: { tableArea: 'Bar' } }),
  booking('b', '19:40:00', 4, 'Pending', { guestName: 'Bea Brown' }),
  booking('a', '19:30:00', 2, 'Arrived', {
    guestName: 'Al Able',
    attendeeNames: ['Cy Cole'],
    custom: { tableArea: 'Window', specialRequests: 'Nut allergy' },
  }),
  booking('gone', '19:30:00', 6, 'Cancelled'),
];

describe('the day’s run sheet', () => {
  it('lists every booking but the cancelled ones in time order under its slot, with the slot’s covers and the day’s total', () => {
    const sheet = runSheetOf(DAY, FIELDS);
    expect(sheet.areaLabel).toBe('Table area');
    expect(sheet.slots.map((slot) => [slot.slot, slot.covers, slot.lines.map((line) => line.id)])).toEqual([
      ['19:30', 6, ['a', 'b']],
      ['21:00', 2, ['late']],
    ]);
    expect(sheet.slots[0]!.lines[0]).toMatchObject({ area: 'Window', notes: 'Nut allergy · With Cy Cole' });
    expect({ covers: sheet.covers, bookings: sheet.bookings, cancelled: sheet.cancelled }).toEqual({
      covers: 8,
      bookings: 3,
      cancelled: 1,
    });
  });

  it('reads on paper in the venue’s formats: its day, clock, phones and totals', () => {
    renderWithProviders(
      <RunSheet date="2026-11-25" sheet={runSheetOf(DAY, FIELDS)} printedAt={new Date('2026-11-25T04:00:00Z')} />,
    );
    const sheet = screen.getByRole('article', { name: 'Run sheet' });
    expect(within(sheet).getByRole('heading').textContent).toBe('Bookings · Wednesday 25 November 2026');
    const text = sheet.textContent!.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('8 covers · 3 bookings · 1 cancelled, not listed');
    expect(text).toContain('7:30 pm · 6 covers');
    expect(text).toContain('9:00 pm · 2 covers');
    expect(text).toContain('Day total: 8 covers in 3 bookings');
    const rows = within(sheet)
      .getAllByRole('row')
      .map((row) => row.textContent!.replace(/[\u00a0\u202f]/g, ' '));
    expect(rows).toContain('7:30 pmAl Able2ArrivedWindow0412 345 678Nut allergy · With Cy Cole');
    expect(rows.some((row) => row.includes('Guest gone'))).toBe(false);
  });
});
