// A booking's merge (docs/architecture.md, "Several desks of one venue"): the desk's own reservation fields
// have fixed kinds (reference 2.6), the account's fields the kinds their definitions give; a booking
// cancelled on another desk while it was edited here is a conflict as a whole, whatever fields changed.
import { statusOf, isStatus } from '../rules/booking-status';
import type { FieldKind } from './fields';
import { editedFields, mergeEdits, type FieldConflict, type FieldRecord, type MergeResult } from './three-way';

/** The kinds of the desk's own reservation fields; the id is never merged. */
const STANDARD_KINDS: Readonly<Record<string, FieldKind>> = {
  total_attendees: 'number',
  attendee_names: 'names',
  bookingStatus: 'singleSelect',
  Date: 'date',
  Time: 'time',
};

const NEVER_MERGED = new Set(['id']);

/** A reservation field's kind: the desk's own fields' fixed ones, else the account's definition (text when unknown). */
export function bookingFieldKind(field: string, custom: Readonly<Record<string, FieldKind>> = {}): FieldKind {
  return STANDARD_KINDS[field] ?? custom[field] ?? 'string';
}

/** Whether a booking's status is Cancelled. */
function isCancelled(record: FieldRecord): boolean {
  return isStatus(statusOf(record.bookingStatus), 'Cancelled');
}

/** A booking's merge, and whether the conflict is that another desk cancelled it. */
export interface BookingMerge extends MergeResult {
  cancelledElsewhere: boolean;
  /** Whether this desk changed anything at all (an unchanged edit has nothing to push). */
  edited: boolean;
}

/**
 * Merges this desk's edit of a booking (`mine`, the whole booking as staff saved it, against `base`) onto
 * the service's booking (`theirs`; undefined when it did not change since the base). A booking cancelled
 * elsewhere while staff changed it here is a conflict naming the status and every field changed here.
 */
export function mergeBookingEdit(
  edit: { base: FieldRecord; mine: FieldRecord; theirs: FieldRecord | undefined },
  custom: Readonly<Record<string, FieldKind>> = {},
): BookingMerge {
  const { base, mine, theirs } = edit;
  const kindOf = (field: string) => bookingFieldKind(field, custom);
  const edits = editedFields(base, mine, kindOf, NEVER_MERGED);
  if (theirs && edits.length > 0 && isCancelled(theirs) && !isCancelled(base) && !isCancelled(mine)) {
    const status: FieldConflict = {
      field: 'bookingStatus',
      base: base.bookingStatus,
      mine: mine.bookingStatus,
      theirs: theirs.bookingStatus,
    };
    const others = edits
      .filter((changed) => changed.field !== 'bookingStatus')
      .map((changed) => ({
        field: changed.field,
        base: changed.base,
        mine: changed.mine,
        theirs: theirs[changed.field],
      }));
    return { values: {}, conflicts: [status, ...others], cancelledElsewhere: true, edited: true };
  }
  return { ...mergeEdits(edits, theirs), cancelledElsewhere: false, edited: edits.length > 0 };
}
