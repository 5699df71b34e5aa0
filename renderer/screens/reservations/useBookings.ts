import { useEffect, useMemo, useState } from 'react';
import type { BookingRow } from '../../db/tables/reservations';
import { useReservations } from '../../stores/reservations';
import { overlayBookings, type BookingView } from '../../sync/booking-overlay';

/** The bookings from one date to another (both included): cached ones with those waiting in the outbox laid over them. */
export function useBookingsBetween(from: string | null, to: string | null): BookingView[] | undefined {
  const tables = useReservations((state) => state.tables);
  const dataVersion = useReservations((state) => state.dataVersion);
  const pending = useReservations((state) => state.pending);
  const [answer, setAnswer] = useState<{ key: string; rows: BookingRow[] }>();
  const key = `${from}|${to}|${dataVersion}`;
  useEffect(() => {
    if (!tables || !from || !to) return;
    let current = true;
    void tables.bookingsBetween(from, to).then(
      (rows) => current && setAnswer({ key, rows }),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [tables, from, to, key]);
  // While a changed cache is read again the last answer for the same range stays up (no flash); another range waits.
  const current = answer && from && to && answer.key.startsWith(`${from}|${to}|`) ? answer : undefined;
  return useMemo(
    () =>
      current && from && to
        ? overlayBookings(current.rows, Object.values(pending), (row) => row.date >= from && row.date <= to)
        : undefined,
    [current, pending, from, to],
  );
}
