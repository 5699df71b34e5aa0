import { useEffect, useState } from 'react';
import type { BookingRow } from '../../db/booking-db';
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
    void tables.bookingsBetween(from, to).then((rows) => current && setAnswer({ key, rows }), () => {});
    return () => {
      current = false;
    };
  }, [tables, from, to, key]);
  if (!answer || !from || !to) return undefined;
  // While the next range loads the last answer stays up (no flash), but only for the same range.
  if (!answer.key.startsWith(`${from}|${to}|`)) return undefined;
  return overlayBookings(answer.rows, Object.values(pending), (row) => row.date >= from && row.date <= to);
}
