// The bookings, declared as a synced collection (collection.ts): pull_reservations through the desk core
// in pages while the reservation field definitions are refreshed ("not set up" for an account without
// reservations), a full pull sweeping bookings the service no longer has, and the push_reservations
// entries of the outbox laid over the rows until the service confirms them (the pending map).
import { BOOKING_PAGE_LIMIT } from '../../shared/bridge/channels/reservations';
import type { DeskApi } from '../../shared/bridge/contract';
import { bookingRowOfPull } from '../db/booking-row';
import type { BookingRow, BookingTables } from '../db/tables/reservations';
import { reportBackgroundFailure } from '../stores/background-failures';
import { bookingOfEntry, type BookingEntry, type BookingView } from './booking-overlay';
import { createCollection, type Collection, type CollectionSpec, type CollectionStatus } from './collection';
import { heldPull } from './pull';

/** Where the bookings' sync facts are kept in the cache's meta table. */
const BOOKING_META_KEY = 'reservations-sync';

/** What the bookings' sync works with. */
export interface BookingSyncOptions {
  desk: Pick<DeskApi, 'pullReservations' | 'pullReservationsPage' | 'listReservationFields'>;
  tables: BookingTables;
  onStatus: (status: CollectionStatus) => void;
  now?: () => Date;
  intervalMs?: number;
}

/** The bookings' declaration: field definitions first, then pulls, rows and the sweep. */
function bookingCollectionSpec(
  options: Pick<BookingSyncOptions, 'desk' | 'tables'>,
): CollectionSpec<Parameters<typeof bookingRowOfPull>[0], BookingRow> {
  const { desk, tables } = options;
  return {
    metaKey: BOOKING_META_KEY,
    meta: tables.meta,
    // The field definitions are asked for beside the pull, not before it (the rows do not depend on them):
    // the first page starts its way one round trip to the service sooner.
    pull: async (touchedFrom) => {
      const [fields, pull] = await Promise.all([
        desk.listReservationFields({}),
        desk.pullReservations(touchedFrom ? { touchedFrom } : {}),
      ]);
      if (!fields.enabled) return { unavailable: fields.message };
      if (!pull.enabled) return { unavailable: pull.message };
      await tables.replaceFields(fields.fields.map((field, position) => ({ ...field, position })));
      return heldPull(pull, BOOKING_PAGE_LIMIT, async (request) => {
        const { bookings, ...counts } = await desk.pullReservationsPage(request);
        return { items: bookings, ...counts };
      });
    },
    begin: async (kind) => {
      const seen = kind === 'full' ? new Set<string>() : undefined;
      return {
        // One pass over the page (it runs on the main thread between puts).
        rows: (items) => {
          const rows: BookingRow[] = [];
          for (const item of items) {
            const row = bookingRowOfPull(item);
            if (!row) continue;
            rows.push(row);
            seen?.add(row.id);
          }
          return rows;
        },
        put: (rows) => tables.putBookings(rows),
        writesAtOnce: 2,
        // Only the sweep deletes bookings, so a table holding as many as the pull wrote holds just those: nothing to
        // sweep, and the table's keys are not read back (a first sync, and most full refreshes).
        finish: async () => (seen && (await tables.bookingCount()) !== seen.size ? tables.sweepBookings(seen) : 0),
      };
    },
  };
}

/** The bookings' sync of one account's cache. */
export function createBookingSync(options: BookingSyncOptions): Collection {
  return createCollection(bookingCollectionSpec(options), {
    onStatus: options.onStatus,
    onBackgroundFailure: reportBackgroundFailure,
    what: 'bookings',
    now: options.now,
    intervalMs: options.intervalMs,
  });
}

/** Bookings waiting in the outbox (and, until a later pull, those just confirmed), by reservation id. */
export type PendingBookings = Record<string, BookingView>;

/** Where the overlay is kept (the reservations store) and the cache a confirmed booking is written into. */
export interface BookingOverlayHome {
  tables: BookingTables;
  pending(): PendingBookings;
  setPending(update: (pending: PendingBookings) => PendingBookings): void;
  /** The cached bookings changed. */
  changed(): void;
}

/** Takes an outbox entry into the overlay; a confirmed one moves into the cache and stays laid over it until the next pull. */
export async function followBookingEntry(home: BookingOverlayHome, item: BookingEntry): Promise<void> {
  const id = item.payload.reservation.id;
  if (!id) return;
  const view = bookingOfEntry(item, home.pending()[id] ?? (await home.tables.bookingById(id)));
  if (!view) return;
  if (view.pending) {
    home.setPending((pending) => ({ ...pending, [id]: view }));
    return;
  }
  await home.tables.putBookings([view]);
  // Kept laid over the cache until a pull begun after now, so no view reads the row it replaced in between.
  home.setPending((pending) => {
    const current = pending[id];
    const ours = !current?.pending || current.pending.outboxId === item.id;
    return ours ? { ...pending, [id]: { ...view, confirmedAt: Date.now() } } : pending;
  });
  home.changed();
}

/** Entries that left the outbox (discarded, cleared) leave the overlay at once. */
export function forgetBookingEntries(home: BookingOverlayHome, outboxIds: ReadonlySet<string>): boolean {
  const before = home.pending();
  if (!Object.values(before).some((view) => view.pending && outboxIds.has(view.pending.outboxId))) return false;
  home.setPending((pending) =>
    Object.fromEntries(
      Object.entries(pending).filter(([, view]) => !(view.pending && outboxIds.has(view.pending.outboxId))),
    ),
  );
  return true;
}

/**
 * Replaces the overlay with what the outbox holds now (for what events could not say: start-up,
 * reconnect, a burst of events). Returns whether an entry left unseen (it may have been sent: pull).
 */
export async function reconcileBookingEntries(
  desk: Pick<DeskApi, 'listPendingBookings'>,
  home: BookingOverlayHome,
): Promise<boolean> {
  const { items } = await desk.listPendingBookings({});
  const before = home.pending();
  // Confirmed bookings stay until a pull that began after their confirmation has finished (pruneConfirmedBookings).
  const next: PendingBookings = Object.fromEntries(
    Object.values(before)
      .filter((view) => !view.pending)
      .map((view) => [view.id, view]),
  );
  for (const item of items) {
    const view = bookingOfEntry(item, before[item.payload.reservation.id ?? '']);
    if (view?.pending) next[view.id] = view;
  }
  home.setPending(() => next);
  return Object.values(before).some((view) => view.pending && !next[view.id]);
}

/** Drops confirmed bookings from the overlay once a pull begun after their confirmation has written the cache. */
export function pruneConfirmedBookings(home: BookingOverlayHome, pullStartedAt: number): void {
  const stale = Object.values(home.pending()).filter(
    (view) => !view.pending && (view.confirmedAt ?? 0) < pullStartedAt,
  );
  if (stale.length === 0) return;
  home.setPending((pending) => {
    const next = { ...pending };
    for (const view of stale) delete next[view.id];
    return next;
  });
}
