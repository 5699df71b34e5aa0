import { create } from 'zustand';

/** The booking form: closed, a new booking (optionally for a guest, at a time), or one booking being edited. */
export type BookingForm =
  | { mode: 'closed' }
  | { mode: 'new'; guestKey?: string; guestLabel?: string; guestDetail?: string; time?: string }
  | { mode: 'edit'; id: string };

interface ReservationsViewState {
  /** The day shown, `YYYY-MM-DD` in the account's zone; null until the screen knows today. */
  date: string | null;
  /** The booking the keyboard is on. */
  selectedId: string | null;
  /** Statuses shown (empty: all but cancelled). */
  statuses: string[];
  /** Values required of singleSelect reservation fields (e.g. tableArea: Terrace). */
  fieldFilters: Record<string, string>;
  /** Search by guest name or phone, over the day or the week. */
  query: string;
  queryScope: 'day' | 'week';
  form: BookingForm;
  /** Covers per slot past which the form warns (never blocks); null: no limit. Kept on this computer. */
  coverLimit: number | null;
}

const LIMIT_KEY = 'venue-desk:covers-per-slot';

/** The covers-per-slot limit saved on this computer. */
function savedLimit(): number | null {
  const value = Number(globalThis.localStorage?.getItem(LIMIT_KEY) ?? '');
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** What the Reservations screen shows: day, selection, filters, search and the open form. */
export const useReservationsView = create<ReservationsViewState>(() => ({
  date: null,
  selectedId: null,
  statuses: [],
  fieldFilters: {},
  query: '',
  queryScope: 'day',
  form: { mode: 'closed' },
  coverLimit: savedLimit(),
}));

/** Shows a day (the selection is kept only if it is on that day; the screen checks). */
export function showDay(date: string): void {
  useReservationsView.setState({ date });
}

/** Opens the booking form. */
export function openBookingForm(form: BookingForm): void {
  useReservationsView.setState({ form, ...(form.mode === 'edit' ? { selectedId: form.id } : {}) });
}

/** Closes the booking form. */
export function closeBookingForm(): void {
  useReservationsView.setState({ form: { mode: 'closed' } });
}

/** Sets (or clears) the covers-per-slot limit and keeps it on this computer. */
export function setCoverLimit(limit: number | null): void {
  if (limit && limit > 0) globalThis.localStorage?.setItem(LIMIT_KEY, String(limit));
  else globalThis.localStorage?.removeItem(LIMIT_KEY);
  useReservationsView.setState({ coverLimit: limit && limit > 0 ? limit : null });
}
