import { describe, expect, it } from 'vitest';
import { mergeBookingEdit } from '../../../shared/merge/booking';
import { sameValue, type FieldKind } from '../../../shared/merge/fields';
import { editedFields, mergeEdits, rebaseEdit } from '../../../shared/merge/three-way';

/** Merges one field of a kind: base, this desk's value, and the service's (undefined: unchanged since the base). */
function mergeOne(kind: FieldKind, base: unknown, mine: unknown, theirs?: unknown, field = 'f') {
  const edits = editedFields({ [field]: base }, { [field]: mine }, () => kind);
  return mergeEdits(edits, theirs === undefined ? undefined : { [field]: theirs });
}

describe('the three-way merge, per field kind', () => {
  const scalarCases: Array<{ kind: FieldKind; base: unknown; mine: unknown; theirs: unknown; same: unknown }> = [
    { kind: 'text', base: 'Window seat', mine: 'Garden', theirs: 'Bar', same: 'Garden' },
    { kind: 'string', base: 'Ann', mine: 'Anne', theirs: 'Annie', same: ' Anne ' },
    { kind: 'number', base: 2, mine: 3, theirs: 6, same: '3' },
    { kind: 'date', base: '2026-05-01', mine: '2026-05-02', theirs: '2026-05-03', same: '2026-05-02' },
    { kind: 'time', base: '20:00:00', mine: '20:45:00', theirs: '21:00', same: '20:45' },
    { kind: 'singleSelect', base: 'Unconfirmed', mine: 'Pending', theirs: 'Confirmed', same: 'pending' },
  ];

  for (const { kind, base, mine, theirs, same } of scalarCases) {
    it(`${kind}: changed only here goes on top; only there stays; both to different values is a conflict`, () => {
      // Only here: the service's record did not change (absent from the read) or kept the base's value.
      expect(mergeOne(kind, base, mine)).toEqual({ values: { f: mine }, conflicts: [] });
      expect(mergeOne(kind, base, mine, base)).toEqual({ values: { f: mine }, conflicts: [] });
      // Not changed here: nothing to push, whatever the service holds.
      expect(mergeOne(kind, base, base, theirs)).toEqual({ values: {}, conflicts: [] });
      // Both, differently: a conflict with the three values.
      expect(mergeOne(kind, base, mine, theirs)).toEqual({
        values: {},
        conflicts: [{ field: 'f', base, mine, theirs }],
      });
      // Both, to the same value (as the kind compares them): nothing to push and no conflict.
      expect(mergeOne(kind, base, mine, same)).toEqual({ values: {}, conflicts: [] });
    });
  }

  it('bool: "true", 1 and true are one value', () => {
    expect(sameValue('bool', 'true', true)).toBe(true);
    expect(sameValue('bool', 1, 'yes')).toBe(true);
    expect(mergeOne('bool', false, true, 'false')).toEqual({ values: { f: true }, conflicts: [] });
    expect(mergeOne('bool', false, true, '0')).toEqual({ values: { f: true }, conflicts: [] });
  });

  it('multipleSelect: additions and removals of both desks are kept, in the service’s order', () => {
    // Here: Terrace added and Indoor removed; there: Dog friendly added. Never a conflict.
    expect(
      mergeOne('multipleSelect', ['Indoor', 'Quiet'], ['Quiet', 'Terrace'], ['Indoor', 'Quiet', 'Dog friendly']),
    ).toEqual({
      values: { f: ['Quiet', 'Dog friendly', 'Terrace'] },
      conflicts: [],
    });
    // The same option removed on both: nothing left to push.
    expect(mergeOne('multipleSelect', 'Indoor,Quiet', 'Quiet', 'Quiet')).toEqual({ values: {}, conflicts: [] });
  });

  it('categories: VIP added elsewhere and Brunch here makes both (comma text in, list out)', () => {
    expect(mergeOne('categories', 'Regulars', 'Regulars,Brunch', 'Regulars,VIP', 'svc_categories')).toEqual({
      values: { svc_categories: ['Regulars', 'VIP', 'Brunch'] },
      conflicts: [],
    });
    // A category removed elsewhere stays removed; the one added here is added.
    expect(
      mergeOne('categories', 'Regulars,Wine club', 'Regulars,Wine club,Brunch', 'Regulars', 'svc_categories'),
    ).toEqual({
      values: { svc_categories: ['Regulars', 'Brunch'] },
      conflicts: [],
    });
  });

  it('attendee names: names added on both desks are all kept, a name removed here goes', () => {
    expect(mergeOne('names', ['Ann'], ['Ann', 'Bob'], ['Ann', 'Cleo'], 'attendee_names')).toEqual({
      values: { attendee_names: ['Ann', 'Cleo', 'Bob'] },
      conflicts: [],
    });
    expect(mergeOne('names', 'Ann, Bob', 'Bob', 'Ann,Bob,Cleo', 'attendee_names')).toEqual({
      values: { attendee_names: ['Bob', 'Cleo'] },
      conflicts: [],
    });
  });
});

describe('a booking’s merge', () => {
  const base = {
    id: 'R1',
    total_attendees: 2,
    attendee_names: ['Ann'],
    bookingStatus: 'Unconfirmed',
    Date: '2026-05-01',
    Time: '20:00:00',
  };

  it('A confirms, B moves the time: B pushes only the time, the status stays Confirmed', () => {
    const merge = mergeBookingEdit({
      base,
      mine: { ...base, Time: '20:45:00' },
      theirs: { ...base, bookingStatus: 'Confirmed' },
    });
    expect(merge).toEqual({ values: { Time: '20:45:00' }, conflicts: [], cancelledElsewhere: false, edited: true });
  });

  it('both set the party size: a conflict naming both values and where it started', () => {
    const merge = mergeBookingEdit({
      base,
      mine: { ...base, total_attendees: 3 },
      theirs: { ...base, total_attendees: 6 },
    });
    expect(merge.conflicts).toEqual([{ field: 'total_attendees', base: 2, mine: 3, theirs: 6 }]);
    expect(merge.values).toEqual({});
  });

  it('cancelled elsewhere while changed here: a conflict on the status and every field changed here', () => {
    const merge = mergeBookingEdit({
      base,
      mine: { ...base, Time: '21:00:00', attendee_names: ['Ann', 'Bob'] },
      theirs: { ...base, bookingStatus: 'Cancelled' },
    });
    expect(merge.cancelledElsewhere).toBe(true);
    expect(merge.values).toEqual({});
    expect(merge.conflicts).toEqual([
      { field: 'bookingStatus', base: 'Unconfirmed', mine: 'Unconfirmed', theirs: 'Cancelled' },
      { field: 'attendee_names', base: ['Ann'], mine: ['Ann', 'Bob'], theirs: ['Ann'] },
      { field: 'Time', base: '20:00:00', mine: '21:00:00', theirs: '20:00:00' },
    ]);
  });

  it('cancelled here too, or not edited at all: no conflict', () => {
    expect(
      mergeBookingEdit({
        base,
        mine: { ...base, bookingStatus: 'Cancelled' },
        theirs: { ...base, bookingStatus: 'cancelled' },
      }),
    ).toMatchObject({ values: {}, conflicts: [], cancelledElsewhere: false });
    expect(mergeBookingEdit({ base, mine: base, theirs: { ...base, bookingStatus: 'Cancelled' } })).toMatchObject({
      conflicts: [],
      edited: false,
    });
  });

  it('an account’s multipleSelect field merges as a set, by the kind its definition gives', () => {
    const merge = mergeBookingEdit(
      {
        base: { ...base, Extras: ['Cake'] },
        mine: { ...base, Extras: ['Cake', 'Flowers'] },
        theirs: { ...base, Extras: ['Cake', 'Highchair'] },
      },
      { Extras: 'multipleSelect' },
    );
    expect(merge).toMatchObject({ values: { Extras: ['Cake', 'Highchair', 'Flowers'] }, conflicts: [] });
  });
});

describe('settling a conflict', () => {
  const base = { total_attendees: 2, Time: '20:00:00', bookingStatus: 'Unconfirmed', attendee_names: ['Ann'] };
  const mine = { ...base, total_attendees: 3, attendee_names: ['Ann', 'Bob'] };
  const theirs = { ...base, total_attendees: 6, bookingStatus: 'Confirmed', attendee_names: ['Ann', 'Cleo'] };
  const fields = Object.keys(base);
  const kinds = (field: string): FieldKind =>
    field === 'total_attendees' ? 'number' : field === 'attendee_names' ? 'names' : 'string';
  const conflicting = new Set(['total_attendees']);

  it('keeps this desk’s value or the service’s for the conflicting field, and the service’s other changes', () => {
    expect(rebaseEdit({ base, mine, theirs }, fields, kinds, conflicting, { keep: 'mine' })).toEqual({
      total_attendees: 3,
      Time: '20:00:00',
      bookingStatus: 'Confirmed',
      attendee_names: ['Ann', 'Cleo', 'Bob'],
    });
    expect(rebaseEdit({ base, mine, theirs }, fields, kinds, conflicting, { keep: 'theirs' })).toMatchObject({
      total_attendees: 6,
      bookingStatus: 'Confirmed',
    });
    expect(
      rebaseEdit({ base, mine, theirs }, fields, kinds, conflicting, { values: { total_attendees: 4 } }),
    ).toMatchObject({
      total_attendees: 4,
    });
  });
});
