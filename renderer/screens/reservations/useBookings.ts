import { useEffect, useRef, useState } from 'react';
import { reportBackgroundFailure } from '../../stores/background-failures';
import { useGuests } from '../../stores/guests';
import { useReservations } from '../../stores/reservations';
import { withCurrentGuests } from '../../sync/booking-guests';
import { overlayBookings, type BookingView } from '../../sync/booking-overlay';

/**
 * The bookings from one date to another (both included): cached ones with those waiting in the outbox
 * laid over them, each showing its guest as the guest cache has them now. A range shown for the first
 * time is painted at once with the names the bookings were pulled with, then with the guests as they are
 * (read by contact_id): choosing a day never waits on reading its guests. `withGuests: false` skips the
 * guests where only dates, times and party sizes are shown (the week's covers, a slot's covers).
 */
export function useBookingsBetween(
  from: string | null,
  to: string | null,
  withGuests: boolean,
): BookingView[] | undefined {
  const tables = useReservations((state) => state.tables);
  const dataVersion = useReservations((state) => state.dataVersion);
  const pending = useReservations((state) => state.pending);
  const cachedGuests = useGuests((state) => state.cache?.db);
  const guests = withGuests ? cachedGuests : undefined;
  const guestsVersion = useGuests((state) => (withGuests ? state.dataVersion : 0));
  const [answer, setAnswer] = useState<{ range: string; rows: BookingView[] }>();
  const shownRange = useRef<string | undefined>(undefined);
  const range = `${from}|${to}`;
  useEffect(() => {
    if (!tables || !from || !to) return;
    let current = true;
    const show = (rows: BookingView[]) => {
      if (!current) return;
      shownRange.current = range;
      setAnswer({ range, rows });
    };
    const read = async () => {
      const cached = await tables.bookingsBetween(from, to);
      const shown = overlayBookings(cached, Object.values(pending), (row) => row.date >= from && row.date <= to);
      const firstOfRange = shownRange.current !== range;
      // Without guests to read, what was read is the answer, whether the range is new or its bookings changed.
      if (firstOfRange || !guests) show(shown);
      if (!guests) return;
      if (firstOfRange) await afterPaint();
      const joined = await withCurrentGuests(guests, shown);
      // Shown already with the same guests (the common case): no second render of the day.
      if (!firstOfRange || !sameGuests(joined, shown)) show(joined);
    };
    read().catch((error: unknown) => reportBackgroundFailure('Reading the bookings', error));
    return () => {
      current = false;
    };
  }, [tables, guests, from, to, range, pending, dataVersion, guestsVersion]);
  // While a changed cache is read again the last answer for the same range stays up (no flash); another range waits.
  return answer && answer.range === range ? answer.rows : undefined;
}

/** Whether two lists show the same bookings, in the same order, with the same guests. */
function sameGuests(a: readonly BookingView[], b: readonly BookingView[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (row, i) =>
        row.id === b[i]!.id &&
        row.guestName === b[i]!.guestName &&
        row.guestMobile === b[i]!.guestMobile &&
        row.guestEmail === b[i]!.guestEmail,
    )
  );
}

/** Resolves once the next frame is painted (at once where nothing paints): the day shows before its guests are read. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) =>
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => setTimeout(resolve, 0))
      : setTimeout(resolve, 0),
  );
}
