// Booking dates and times in the account's zone, across daylight-saving changes.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  checkWallTime,
  spokenTime,
  todayIn,
  weekOf,
} from '../../../renderer/screens/reservations/booking-time';

describe('booking times in the account zone', () => {
  it('reads today in the venue zone, not the computer clock', () => {
    // 14:30 UTC on 3 October is half past midnight on 4 October in Sydney (AEST, +10).
    const now = new Date('2026-10-03T14:30:00Z');
    expect(todayIn('Australia/Sydney', now)).toBe('2026-10-04');
    expect(todayIn('UTC', now)).toBe('2026-10-03');
  });

  it('says 02:30 does not happen when Sydney clocks go forward, and offers 03:30', () => {
    // First Sunday of October 2026: 02:00 AEST becomes 03:00 AEDT.
    expect(checkWallTime('2026-10-04', '02:30', 'Australia/Sydney')).toEqual({ kind: 'skipped', laterTime: '03:30' });
    expect(checkWallTime('2026-10-04', '01:45', 'Australia/Sydney').kind).toBe('ok');
    expect(checkWallTime('2026-10-04', '03:00', 'Australia/Sydney').kind).toBe('ok');
    expect(checkWallTime('2026-10-03', '02:30', 'Australia/Sydney').kind).toBe('ok');
  });

  it('says 02:30 happens twice when Sydney clocks go back, and means the first', () => {
    // First Sunday of April 2026: 03:00 AEDT becomes 02:00 AEST.
    const check = checkWallTime('2026-04-05', '02:30', 'Australia/Sydney');
    expect(check.kind).toBe('repeated');
    if (check.kind === 'repeated') expect(check.instant.toISOString()).toBe('2026-04-04T15:30:00.000Z');
    const evening = checkWallTime('2026-04-05', '19:30', 'Australia/Sydney');
    expect(evening.kind === 'ok' && evening.instant.toISOString()).toBe('2026-04-05T09:30:00.000Z');
  });

  it('refuses dates and times that are not real', () => {
    expect(checkWallTime('2026-02-30', '19:00', 'Australia/Sydney').kind).toBe('invalid');
    expect(checkWallTime('2026-02-10', '25:00', 'Australia/Sydney').kind).toBe('invalid');
  });

  it('moves calendar dates and builds Monday-first weeks across month ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekOf('2026-12-24')).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
      '2026-12-27',
    ]);
    expect(spokenTime('19:30:00')).toBe('7:30 pm');
    expect(spokenTime('00:15')).toBe('12:15 am');
  });
});
