import { BOOKING_PAGE_LIMIT } from '../../shared/bridge/channels/reservations';
import type { DeskApi } from '../../shared/bridge/contract';
import type { BookingRow, BookingTables } from '../db/tables/reservations';
import { bookingRowOfPull } from '../db/booking-row';

/** What a finished booking pull reports; `enabled: false` when the account has no reservations. */
export type BookingPullOutcome =
  { enabled: true; total: number; startedAt: string; removed: number } | { enabled: false; message: string };

/** What a booking pull needs. */
export interface BookingPullOptions {
  desk: Pick<DeskApi, 'pullReservations' | 'pullReservationsPage'>;
  tables: BookingTables;
  /** Incremental: only bookings touched from this instant. Omitted: all of them. */
  touchedFrom?: string;
  pageSize?: number;
  onProgress?: (progress: { done: number; total: number }) => void;
}

/**
 * Pulls bookings through the desk core and writes them into the cache page by page, the next page
 * travelling while this one is written. A full pull then removes bookings the service no longer has.
 */
export async function pullBookingsIntoCache(options: BookingPullOptions): Promise<BookingPullOutcome> {
  const { desk, tables } = options;
  const pageSize = Math.min(options.pageSize ?? BOOKING_PAGE_LIMIT, BOOKING_PAGE_LIMIT);
  const pull = await desk.pullReservations(options.touchedFrom ? { touchedFrom: options.touchedFrom } : {});
  if (!pull.enabled) return pull;
  const seen = options.touchedFrom ? undefined : new Set<string>();
  options.onProgress?.({ done: 0, total: pull.total });
  const fetchPage = (offset: number) => desk.pullReservationsPage({ pullId: pull.pullId, offset, limit: pageSize });
  let fetched = 0;
  let written: Promise<void> = Promise.resolve();
  let next = pull.total > 0 ? fetchPage(0) : undefined;
  while (next) {
    const page = await next;
    fetched += page.bookings.length;
    next = page.remaining > 0 && page.bookings.length > 0 ? fetchPage(fetched) : undefined;
    next?.catch(() => {}); // awaited on the next turn; a failure is reported there
    const rows = page.bookings.map(bookingRowOfPull).filter((row): row is BookingRow => row !== null);
    if (seen) for (const row of rows) seen.add(row.id);
    await written;
    const done = fetched;
    written = tables.putBookings(rows).then(() => options.onProgress?.({ done, total: pull.total }));
    written.catch(() => {}); // awaited before the next write and at the end
  }
  await written;
  const removed = seen ? await tables.sweepBookings(seen) : 0;
  return { enabled: true, total: pull.total, startedAt: pull.startedAt, removed };
}
