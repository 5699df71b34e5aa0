import { useEffect, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { searchTextOf } from '../../db/booking-row';
import type { BookingGuest, BookingRow } from '../../db/tables/reservations';
import { departedOver, useBookingDays, wantBookingDays } from '../../stores/reservations-days';
import { useReservations } from '../../stores/reservations';
import { overlayBookings, type BookingView } from '../../sync/booking-overlay';

/**
 * The bookings of each of these dates as staff see them: the cached ones (read ahead of time with their
 * guests as the guest cache has them now: renderer/stores/reservations-days.ts) with those waiting in the
 * outbox laid over them, by time. A date not read yet is missing from the answer; the first date is read first.
 */
export function useBookingsOn(dates: readonly string[]): ReadonlyMap<string, readonly BookingView[]> {
  const key = dates.join('|');
  useEffect(() => wantBookingDays(key ? key.split('|') : []), [key]);
  const read = useBookingDays(useShallow((state) => dates.map((date) => state.days[date]?.rows)));
  const pending = useReservations((state) => state.pending);
  const guests = useBookingDays((state) => state.guests);
  const departed = useBookingDays((state) => state.departed);
  // One overlay per day, kept while that day's rows, the queued bookings and their guests stay the same.
  const cache = useRef<{
    pending?: typeof pending;
    guests?: typeof guests;
    departed?: typeof departed;
    overlays: WeakMap<readonly BookingRow[], readonly BookingView[]>;
  }>({
    overlays: new WeakMap(),
  });
  if (cache.current.pending !== pending || cache.current.guests !== guests || cache.current.departed !== departed)
    cache.current = { pending, guests, departed, overlays: new WeakMap() };
  const { overlays } = cache.current;
  return useMemo(() => {
    const queued = Object.values(pending).map((view) => withGuest(view, guests[view.guestKey]));
    const left = Object.entries(departed).filter(([id]) => !(id in pending));
    const answer = new Map<string, readonly BookingView[]>();
    dates.forEach((date, index) => {
      const rows = read[index];
      if (!rows) return;
      let shown = overlays.get(rows);
      if (!shown) {
        // Queued bookings of this day, or of bookings moved away from it; mostly none (the read is shown as it is).
        // Those just taken off the queue stay over a day read before they left.
        const day = useBookingDays.getState().days[date];
        const over = [
          ...queued,
          ...left.filter(([, entry]) => departedOver(day, entry)).map(([, entry]) => entry.view),
        ];
        // The day's ids are gathered once, and only when a queued booking of another date needs them.
        let ids: ReadonlySet<string> | undefined;
        const touching = over.filter((view) => view.date === date || (ids ??= idsOf(rows)).has(view.id));
        shown = touching.length > 0 ? overlayBookings(rows, touching, (row) => row.date === date) : rows;
        overlays.set(rows, shown);
      }
      answer.set(date, shown);
    });
    return answer;
    // `dates` is followed through `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, read, pending, guests, departed, overlays]);
}

/** A queued booking with its guest as the guest cache has them now (a guest recorded here a moment ago included). */
function withGuest(view: BookingView, guest: BookingGuest | null | undefined): BookingView {
  if (
    !guest ||
    (guest.guestName === view.guestName &&
      guest.guestMobile === view.guestMobile &&
      guest.guestEmail === view.guestEmail)
  )
    return view;
  return { ...view, ...guest, search: searchTextOf(guest) };
}

const ids = new WeakMap<readonly BookingRow[], ReadonlySet<string>>();

/** The ids of a day's rows (kept while the rows are the same). */
function idsOf(rows: readonly BookingRow[]): ReadonlySet<string> {
  let set = ids.get(rows);
  if (!set) {
    set = new Set(rows.map((row) => row.id));
    ids.set(rows, set);
  }
  return set;
}

/** One day's bookings as staff see them (see useBookingsOn); undefined until the day is first read. */
export function useDayBookings(date: string | null): readonly BookingView[] | undefined {
  const dates = useMemo(() => (date ? [date] : []), [date]);
  return useBookingsOn(dates).get(date ?? '');
}
