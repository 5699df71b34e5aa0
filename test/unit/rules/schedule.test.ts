import { describe, expect, it } from 'vitest';
import { scheduleProblem } from '../../../shared/rules/schedule';

describe('the schedule rule (one for the forms and the desk core)', () => {
  const now = new Date('2026-06-30T08:00:00Z'); // 18:00 in Sydney (AEST, +10)

  it('accepts a real time ahead of now in the account zone', () => {
    expect(scheduleProblem('2026-06-30 18:00:01', 'Australia/Sydney', now)).toBeNull();
    expect(scheduleProblem('2026-06-30 08:00:01', 'UTC', now)).toBeNull();
  });

  it('refuses a time that has passed there, or is exactly now', () => {
    expect(scheduleProblem('2026-06-30 18:00:00', 'Australia/Sydney', now)).toBe('past');
    expect(scheduleProblem('2026-06-30 17:59:00', 'Australia/Sydney', now)).toBe('past');
    // The same wall time is still ahead in a zone further west.
    expect(scheduleProblem('2026-06-30 17:59:00', 'UTC', now)).toBeNull();
  });

  it('refuses dates that do not exist instead of comparing them as text', () => {
    expect(scheduleProblem('2026-06-31 10:00:00', 'UTC', now)).toBe('not-a-date');
    expect(scheduleProblem('2026-02-30 10:00:00', 'UTC', now)).toBe('not-a-date');
    expect(scheduleProblem('soon', 'UTC', now)).toBe('not-a-date');
  });
});
