// The booking status rules: one step along the service's three, the desk's three more, covers.
import { describe, expect, it } from 'vitest';
import { advanceStatus, countsInCovers, statusForKey, statusOf } from '../../../shared/rules/booking-status';

describe('booking status rules', () => {
  it('steps Unconfirmed → Pending → Confirmed and stops there', () => {
    expect(advanceStatus('Unconfirmed')).toBe('Pending');
    expect(advanceStatus('Pending')).toBe('Confirmed');
    expect(advanceStatus('Confirmed')).toBe('Confirmed');
    expect(advanceStatus('Cancelled')).toBe('Cancelled');
  });

  it('reads the service status whatever its case, keeps unknown options, and treats none as Unconfirmed', () => {
    expect(statusOf('confirmed')).toBe('Confirmed');
    expect(statusOf('no-show')).toBe('No-show');
    expect(statusOf('Waitlist')).toBe('Waitlist');
    expect(statusOf(undefined)).toBe('Unconfirmed');
    expect(statusOf('')).toBe('Unconfirmed');
  });

  it('leaves only cancelled bookings out of the covers, and maps one key to each status', () => {
    expect(countsInCovers('Cancelled')).toBe(false);
    expect(countsInCovers('No-show')).toBe(true);
    expect(countsInCovers('Pending')).toBe(true);
    expect(statusForKey('C')).toBe('Confirmed');
    expect(statusForKey('x')).toBe('Cancelled');
    expect(statusForKey('z')).toBeUndefined();
  });
});
