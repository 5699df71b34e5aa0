import { useState } from 'react';
import { isStandardBookingField } from '../../../shared/rules/booking-fields';
import { NEW_BOOKING_STATUS, type BookingStatusValue } from '../../../shared/rules/booking-status';
import { validateFieldValue } from '../../../shared/rules/fields';
import { getDesk } from '../../bridge/desk';
import type { BookingFieldRow } from '../../db/tables/reservations';
import type { BookingInput, BookingView } from '../../sync/booking-overlay';
import { captureBookingBase, saveBooking } from '../../stores/reservations';
import { closeBookingForm, showDay, useReservationsView } from '../../stores/reservations-view';
import { newBookingId } from '../../stores/reservations-writes';
import { toInputValue, toServiceValue } from '../guests/field-values';
import { checkWallTime } from './booking-time';
import type { PickedGuest } from './picked-guest';
import { minutesOf, timeLabel } from './slots';

/** What the booking form holds while staff type: nothing is lost on a refused save. */
export interface BookingDraft {
  guest: PickedGuest | null;
  date: string;
  /** `HH:MM` in the account's zone. */
  time: string;
  partySize: number | '';
  attendeeNames: string[];
  status: BookingStatusValue;
  custom: Record<string, string>;
}

/** The draft of a new booking, or of an existing one. */
export function initialDraft(
  existing: BookingView | undefined,
  defaults: { date: string; time?: string; guest?: PickedGuest | null },
  fields: BookingFieldRow[],
): BookingDraft {
  if (!existing) {
    return {
      guest: defaults.guest ?? null,
      date: defaults.date,
      time: (defaults.time ?? '19:00').slice(0, 5),
      partySize: 2,
      attendeeNames: [],
      status: NEW_BOOKING_STATUS,
      custom: {},
    };
  }
  const types = new Map(fields.map((field) => [field.name, field.type]));
  return {
    guest: {
      key: existing.guestKey,
      label: existing.guestName,
      detail: [existing.guestEmail, existing.guestMobile].filter(Boolean).join(' · '),
    },
    date: existing.date,
    time: existing.time.slice(0, 5),
    partySize: existing.partySize || '',
    attendeeNames: existing.attendeeNames,
    status: existing.status,
    custom: Object.fromEntries(
      Object.entries(existing.custom).map(([name, value]) => [name, toInputValue(types.get(name) ?? 'string', value)]),
    ),
  };
}

/** The form's checks, in staff's words: the first problem per field. */
function draftProblems(draft: BookingDraft, fields: BookingFieldRow[], timeZone: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.guest) problems.guest = 'Choose the guest, or record a new one.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) problems.date = 'Choose the date.';
  if (Number.isNaN(minutesOf(draft.time))) problems.time = 'Enter a time such as 19:30.';
  else if (!problems.date) {
    const check = checkWallTime(draft.date, draft.time, timeZone);
    if (check.kind === 'invalid') problems.date = 'That is not a real date.';
    if (check.kind === 'skipped')
      problems.time = `${draft.time} does not happen that night in ${timeZone}: the clocks go forward. ${check.laterTime} is the same moment.`;
  }
  if (draft.partySize === '' || !Number.isInteger(draft.partySize) || draft.partySize < 1)
    problems.partySize = 'A booking is for at least one person.';
  for (const field of fields) {
    if (isStandardBookingField(field.name)) continue;
    const problem = validateFieldValue(field.type, draft.custom[field.name] ?? '', field.options);
    if (problem) problems[field.name] = problem;
  }
  return problems;
}

/** The booking as the desk queues it. */
function bookingInputOfDraft(
  draft: BookingDraft,
  id: string,
  fields: BookingFieldRow[],
  existing?: BookingView,
): BookingInput {
  const types = new Map(fields.map((field) => [field.name, field.type]));
  const custom: BookingInput['custom'] = {};
  // Fields the service has on the booking but this desk does not know are kept as they were.
  for (const [name, value] of Object.entries(existing?.custom ?? {}))
    if (!types.has(name) && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'))
      custom[name] = value;
  for (const [name, text] of Object.entries(draft.custom)) {
    if (isStandardBookingField(name)) continue;
    const type = types.get(name) ?? 'string';
    if (type === 'multipleSelect')
      custom[name] = text
        .split(',')
        .map((option) => option.trim())
        .filter(Boolean);
    else custom[name] = toServiceValue(type, text);
  }
  return {
    id,
    total_attendees: Number(draft.partySize),
    attendee_names: draft.attendeeNames.map((name) => name.trim()).filter(Boolean),
    bookingStatus: draft.status,
    Date: draft.date,
    Time: `${timeLabel(minutesOf(draft.time))}:00`,
    custom,
  };
}

/** The booking form's state and its save through the outbox (offline too). */
export function useBookingForm(
  existing: BookingView | undefined,
  initial: BookingDraft,
  fields: BookingFieldRow[],
  timeZone: string,
) {
  const [draft, setDraft] = useState<BookingDraft>(initial);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The id is chosen once per booking: a retried push of the same booking updates it.
  const [id] = useState(() => existing?.id ?? newBookingId());
  // The booking as staff saw it when the form opened: the outbox merges only what they change with the service's.
  const [base] = useState(() => {
    const taken = existing ? captureBookingBase(existing, fields) : Promise.resolve(undefined);
    taken.catch(() => undefined); // awaited by save, which shows the failure
    return taken;
  });
  const problems = draftProblems(draft, fields, timeZone);

  const save = async () => {
    setTried(true);
    if (Object.keys(problems).length > 0) return setError('Check the marked fields.');
    setBusy(true);
    setError(null);
    try {
      await saveBooking(getDesk(), draft.guest!.key, bookingInputOfDraft(draft, id, fields, existing), await base);
      showDay(draft.date);
      useReservationsView.setState({ selectedId: id });
      closeBookingForm();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return {
    draft,
    update: (patch: Partial<BookingDraft>) => (setDraft((current) => ({ ...current, ...patch })), setError(null)),
    setCustom: (name: string, value: string) =>
      setDraft((current) => ({ ...current, custom: { ...current.custom, [name]: value } })),
    problems: tried
      ? problems
      : Object.fromEntries(Object.entries(problems).filter(([key]) => key === 'time' || key === 'date')),
    save,
    busy,
    error,
    id,
  };
}
