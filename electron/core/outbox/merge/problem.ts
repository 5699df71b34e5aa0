// A conflict in staff's words, for the Outbox and the booking's mark: which fields differ, and what to do.
import type { EditConflict } from '../../../../shared/outbox/desk-edit';
import type { Problem } from '../types';

/** The desk's own reservation fields in staff's words. */
const BOOKING_WORDS: Readonly<Record<string, string>> = {
  total_attendees: 'party size',
  attendee_names: 'names',
  bookingStatus: 'status',
  Date: 'date',
  Time: 'time',
  PatronName: 'first name',
  PatronSurname: 'surname',
  PatronEmail: 'email',
  PatronMobile: 'mobile',
  svc_categories: 'categories',
};

/** A field's name in staff's words: the known ones by meaning, others from their camel-case name. */
function fieldWords(field: string): string {
  return (
    BOOKING_WORDS[field] ??
    field
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .toLowerCase()
  );
}

/** A value as staff read it. */
function valueWords(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'blank';
  return Array.isArray(value) ? value.join(', ') || 'blank' : String(value);
}

/** The problem an entry in conflict shows: the fields in staff's words, and the choices. */
export function conflictProblem(conflict: EditConflict): Problem {
  const what = conflict.record === 'booking' ? 'booking' : 'guest';
  if (conflict.cancelledElsewhere)
    return {
      message: `This booking was cancelled on another desk while it was changed here.`,
      whatToDo:
        'Choose "Keep mine" to reinstate it with the changes made here, or "Keep theirs" to leave it cancelled. Until then it shows as cancelled.',
      conflict,
    };
  const fields = conflict.fields
    .map((field) => `${fieldWords(field.field)} ${valueWords(field.mine)} here, ${valueWords(field.theirs)} there`)
    .join('; ');
  return {
    message: `This ${what} was also changed on another desk: ${fields}.`,
    whatToDo: `Choose "Keep mine", "Keep theirs" or "Edit". Until then the ${what} shows the other desk's values.`,
    conflict,
  };
}
