import { describe, expect, it } from 'vitest';
import type { RowCheck } from '../../../renderer/import/row-check';
import { matchedGuests, resolveRows, type GuestSnapshot } from '../../../renderer/import/resolve';

// resolveRows skips the guest lookups of the rows the matchedGuests before it found matching no guest:
// it must place every row as it does on its own, and look again when the rows or the guests differ.

/** A checked row with these identifiers (and a problem when given). */
function row(email: string | null, mobile: string | null, problem?: string): RowCheck {
  const contact: Record<string, string> = { PatronName: 'Ann' };
  if (email) contact.PatronEmail = email;
  if (mobile) contact.PatronMobile = `+${mobile}`;
  return {
    contact,
    categories: [],
    problems: problem ? { 2: problem } : {},
    notes: {},
    shown: {},
    emailKey: email,
    mobileKey: mobile,
  };
}

/** Guests on file: 3002 by email and mobile, 3004 by mobile only. */
function snapshotOf(emails: Array<[string, string]>, mobiles: Array<[string, string]>): GuestSnapshot {
  return {
    emails: new Map(emails),
    mobiles: new Map(mobiles),
    emailOf: new Map(emails.map(([value, id]) => [id, value])),
    mobileOf: new Map(mobiles.map(([value, id]) => [id, value])),
    waiting: new Map(),
  };
}

const GUESTS = snapshotOf(
  [['bruno@example.com', '3002']],
  [
    ['61412345001', '3002'],
    ['61412345004', '3004'],
  ],
);
const RECORDS = new Map([
  ['3002', { PatronName: 'Bruno', PatronEmail: 'bruno@example.com', PatronMobile: '+61412345001' }],
  ['3004', { PatronName: 'Dan', PatronMobile: '+61412345004' }],
]);
const OPTIONS = { policy: 'update' as const, conflictChoice: () => 'leave' as const, extraCategories: [] };

/** Rows of every kind: new, repeated, matching by email, by mobile, clashing, with a problem, empty. */
function rows(): Array<RowCheck | null> {
  return [
    row('ann@example.com', '61400000001'),
    row('bruno@example.com', null),
    row('cara@example.com', '61412345004'),
    row('ann@example.com', null),
    row(null, '61400000001'),
    row('dan@example.com', '61412345001'),
    row('eve@example.com', null, 'A problem.'),
    row('bruno@example.com', '61412345001'),
    null,
    row('fay@example.com', '61400000002', 'A problem.'),
  ];
}

describe('resolveRows after matchedGuests', () => {
  const lines = rows().map((_, index) => index + 2);

  it('places every row as resolveRows on its own does', () => {
    const alone = resolveRows(rows(), lines, GUESTS, RECORDS, OPTIONS);
    const checks = rows();
    expect([...matchedGuests(checks, GUESTS)].sort()).toEqual(['3002', '3004']);
    expect(resolveRows(checks, lines, GUESTS, RECORDS, OPTIONS)).toEqual(alone);
    expect(alone.map((resolution) => resolution.status)).toEqual([
      'new',
      'update',
      'conflict',
      'problem',
      'problem',
      'conflict',
      'problem',
      'problem',
      'problem',
      'problem',
    ]);
  });

  it('looks again when the guests are not those matchedGuests saw', () => {
    const checks = rows();
    matchedGuests(checks, snapshotOf([], []));
    expect(resolveRows(checks, lines, GUESTS, RECORDS, OPTIONS)).toEqual(
      resolveRows(rows(), lines, GUESTS, RECORDS, OPTIONS),
    );
  });
});
