import { useEffect, useState } from 'react';
import { reportBackgroundFailure } from '../../stores/background-failures';
import { useGuests } from '../../stores/guests';
import { useReservations } from '../../stores/reservations';
import { withCurrentGuests } from '../../sync/booking-guests';
import { overlayBookings, type BookingView } from '../../sync/booking-overlay';

/**
 * The bookings from one date to another (both included): cached ones with those waiting in the outbox
 * laid over them, each showing its guest as the guest cache has them now.
 */
export function useBookingsBetween(from: string | null, to: string | null): BookingView[] | undefined {
  const tables = useReservations((state) => state.tables);
  const dataVersion = useReservations((state) => state.dataVersion);
  const pending = useReservations((state) => state.pending);
  const guests = useGuests((state) => state.cache?.db);
  const guestsVersion = useGuests((state) => state.dataVersion);
  const [answer, setAnswer] = useState<{ range: string; rows: BookingView[] }>();
  const range = `${from}|${to}`;
  useEffect(() => {
    if (!tables || !from || !to) return;
    let current = true;
    const read = async () => {
      const cached = await tables.bookingsBetween(from, to);
      const shown = overlayBookings(cached, Object.values(pending), (row) => row.date >= from && row.date <= to);
      return guests ? withCurrentGuests(guests, shown) : shown;
    };
    read().then(
      (rows) => current && setAnswer({ range, rows }),
      (error: unknown) => reportBackgroundFailure('Reading the bookings', error),
    );
    return () => {
      current = false;
    };
  }, [tables, guests, from, to, range, pending, dataVersion, guestsVersion]);
  // While a changed cache is read again the last answer for the same range stays up (no flash); another range waits.
  return answer && answer.range === range ? answer.rows : undefined;
}
