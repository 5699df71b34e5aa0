import { describe, expect, it } from 'vitest';
import { conflictProblem } from '../../../electron/core/outbox/merge/problem';

describe('a conflict in staff’s words', () => {
  it('names each field with both values, a time as the booking shows it (no seconds)', () => {
    const problem = conflictProblem({
      record: 'booking',
      fields: [
        { field: 'Time', base: '12:00:00', mine: '21:00:00', theirs: '20:00:00' },
        { field: 'total_attendees', base: 2, mine: 3, theirs: '' },
      ],
      theirs: { id: 'B1', Time: '20:00:00' },
      readAt: '2026-11-24T14:00:00.000Z',
    });
    expect(problem.message).toBe(
      'This booking was also changed on another desk: time 21:00 here, 20:00 there; party size 3 here, blank there.',
    );
    expect(problem.whatToDo).toMatch(/Until then the booking shows the other desk's values/);
  });
});
