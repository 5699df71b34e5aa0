import { describe, expect, it } from 'vitest';
import { clockChangeBetween, readSchedule, zoneOffsetMinutes } from '../../../shared/rules/campaign-schedule';

describe("scheduling in the account's time zone", () => {
  it('finds the clocks going forward in London before a Sunday-evening send, to the minute', () => {
    const change = clockChangeBetween(
      new Date('2026-03-27T12:00:00Z'),
      new Date('2026-03-29T18:00:00Z'),
      'Europe/London',
    );
    expect(change).toEqual({ at: new Date('2026-03-29T01:00:00Z'), shiftMinutes: 60, timeZone: 'Europe/London' });
  });

  it('finds the clocks going back in Sydney (southern hemisphere, April)', () => {
    const change = clockChangeBetween(
      new Date('2026-04-01T00:00:00Z'),
      new Date('2026-04-10T00:00:00Z'),
      'Australia/Sydney',
    );
    expect(change?.shiftMinutes).toBe(-60);
    expect(change?.at.toISOString()).toBe('2026-04-04T16:00:00.000Z');
  });

  it('says nothing when no change falls between now and then', () => {
    expect(
      clockChangeBetween(new Date('2026-06-01T00:00:00Z'), new Date('2026-06-20T00:00:00Z'), 'Europe/London'),
    ).toBeNull();
    expect(
      clockChangeBetween(new Date('2026-03-01T00:00:00Z'), new Date('2026-12-01T00:00:00Z'), 'Asia/Tokyo'),
    ).toBeNull();
  });

  it("reads a time typed in the account's zone as the service will (wall time on the other side of the change)", () => {
    const reading = readSchedule('2026-03-29 20:00', 'Europe/London', new Date('2026-03-27T12:00:00Z'));
    expect(reading).toEqual({ ok: true, at: new Date('2026-03-29T19:00:00Z'), serviceTime: '2026-03-29 20:00:00' });
    expect(zoneOffsetMinutes(new Date('2026-03-29T19:00:00Z'), 'Europe/London')).toBe(60);
  });

  it('refuses a time the clocks skip, a past time and a malformed one, in words', () => {
    const now = new Date('2026-03-27T12:00:00Z');
    expect(readSchedule('2026-03-29 01:30', 'Europe/London', now)).toEqual({
      ok: false,
      problem: expect.stringMatching(/does not exist in Europe\/London/),
    });
    expect(readSchedule('2026-03-27 11:00', 'Europe/London', now)).toEqual({
      ok: false,
      problem: expect.stringMatching(/already passed/),
    });
    expect(readSchedule('29/03/2026 20:00', 'Europe/London', now)).toEqual({
      ok: false,
      problem: expect.stringMatching(/YYYY-MM-DD HH:MM/),
    });
  });
});
