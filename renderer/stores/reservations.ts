import { create } from 'zustand';
import type { DeskApi } from '../../shared/bridge/contract';
import type { DeskEdit } from '../../shared/outbox/desk-edit';
import { BookingTables, type BookingFieldRow, type BookingRow } from '../db/tables/reservations';
import { bookingEditBase } from '../sync/edit-base';
import type { GuestCache } from '../sync/guest-cache';
import { bookingOfInput, type BookingInput, type BookingView } from '../sync/booking-overlay';
import {
  createBookingSync,
  followBookingEntry,
  forgetBookingEntries,
  pruneConfirmedBookings,
  reconcileBookingEntries,
  type BookingOverlayHome,
  type PendingBookings,
} from '../sync/booking-collection';
import { IDLE_STATUS, type Collection, type CollectionStatus } from '../sync/collection';
import { useGuests } from './guests';
import { reportBackgroundFailure } from './background-failures';
import { followOutboxEntries } from './outbox-follow';

interface ReservationsState {
  /** The connected account's booking tables, or null when no account is connected. */
  tables: BookingTables | null;
  sync: Collection | null;
  status: CollectionStatus;
  /** Bookings waiting in the outbox (and, until the next pull, those just confirmed), by reservation id: they overlay the cached ones. */
  pending: PendingBookings;
  /** Bumped whenever cached bookings change, so views read them again. */
  dataVersion: number;
}

const RECONCILE_DELAY_MS = 1500;

/** The booking cache of the connected account, its sync and the bookings waiting in the outbox. */
export const useReservations = create<ReservationsState>(() => ({
  tables: null,
  sync: null,
  status: IDLE_STATUS,
  pending: {},
  dataVersion: 0,
}));

/** Marks cached bookings as changed. */
function bookingsChanged(): void {
  useReservations.setState((state) => ({ dataVersion: state.dataVersion + 1 }));
}

/** The overlay as the booking collection sees it: kept in this store. */
function overlayHome(tables: BookingTables): BookingOverlayHome {
  return {
    tables,
    pending: () => useReservations.getState().pending,
    setPending: (update) => useReservations.setState((state) => ({ pending: update(state.pending) })),
    changed: bookingsChanged,
  };
}

/** Checks the overlay against the outbox; an entry that left unseen may have been sent, so the bookings are pulled. */
function reconcile(desk: DeskApi, home: BookingOverlayHome): void {
  reconcileBookingEntries(desk, home).then(
    (leftUnseen) => leftUnseen && void useReservations.getState().sync?.run(),
    (error: unknown) => reportBackgroundFailure('Checking queued bookings against the outbox', error),
  );
}

/** The booking sync's status, followed: a finished pull drops the confirmed bookings it brought from the overlay. */
function statusFollower(home: BookingOverlayHome): (status: CollectionStatus) => void {
  let runStartedAt: number | null = null;
  return (status) => {
    if (status.phase === 'syncing' && runStartedAt === null) runStartedAt = Date.now();
    if (status.phase !== 'syncing' && runStartedAt !== null) {
      if (status.phase === 'idle') pruneConfirmedBookings(home, runStartedAt);
      runStartedAt = null;
    }
    useReservations.setState({ status });
    if (status.phase !== 'syncing' || status.done > 0) bookingsChanged();
  };
}

let following: (() => void) | null = null;

/** Opens the booking tables beside the guest cache and keeps them in step: sync, outbox overlay, account changes. Idempotent. */
export function followReservations(desk: DeskApi): () => void {
  if (following) return following;
  let stopSync: (() => void) | null = null;
  let openedFor: GuestCache | null = null;
  let home: BookingOverlayHome | null = null;

  const openFor = (cache: GuestCache | null) => {
    if (cache === openedFor) return;
    stopSync?.();
    stopSync = null;
    openedFor = cache;
    home = null;
    if (!cache) {
      useReservations.setState({ tables: null, sync: null, status: IDLE_STATUS, pending: {} });
      return;
    }
    const tables = new BookingTables(cache.db);
    const opened = overlayHome(tables);
    home = opened;
    const sync = createBookingSync({ desk, tables, onStatus: statusFollower(opened) });
    useReservations.setState({ tables, sync, status: IDLE_STATUS, pending: {} });
    stopSync = sync.start();
    reconcile(desk, opened);
  };

  openFor(useGuests.getState().cache);
  const unsubscribeGuests = useGuests.subscribe((state) => openFor(state.cache));
  let reconcileTimer: ReturnType<typeof setTimeout> | undefined;
  // Follows the outbox's events themselves (as the guest cache does): each names the entries that changed and those removed.
  // Follows the outbox's notices themselves (as the guest cache does): bookings' entries are read in full.
  const unsubscribeOutbox = followOutboxEntries(desk, {
    label: 'Following queued bookings',
    pick: (changed) =>
      home ? changed.flatMap((change) => (change.kind === 'push_reservations' ? [change.id] : [])) : [],
    apply: async (items, removed) => {
      const current = home;
      if (!current) return;
      const bookings = items.flatMap((item) => (item.kind === 'push_reservations' ? [item] : []));
      const left = forgetBookingEntries(current, new Set(removed));
      if (bookings.length === 0 && !left) return;
      clearTimeout(reconcileTimer);
      reconcileTimer = setTimeout(() => reconcile(desk, current), RECONCILE_DELAY_MS);
      await Promise.all(bookings.map((item) => followBookingEntry(current, item)));
    },
  });

  following = () => {
    clearTimeout(reconcileTimer);
    unsubscribeGuests();
    unsubscribeOutbox();
    stopSync?.();
    following = null;
  };
  return following;
}

/**
 * The base of an edit of this booking, taken now, when staff begin (renderer/sync/edit-base.ts); none for a
 * booking only this desk has. `readAfter`: whether the service has it is read from the cache once that resolves.
 */
export function captureBookingBase(
  booking: BookingRow,
  fields: readonly BookingFieldRow[],
  readAfter?: Promise<void>,
): Promise<DeskEdit | undefined> {
  const { tables, status } = useReservations.getState();
  return tables
    ? bookingEditBase(booking, { tables, lastPullStartedAt: status.lastPullStartedAt, fields, readAfter })
    : Promise.resolve(undefined);
}

/**
 * Queues a booking (new, or changed from its base: `deskEdit`) through the outbox and lays it over the
 * cache. Given `shown` (the booking as staff see it now, e.g. for a status key), the change is shown at
 * once, marked as waiting for the service, while its base is read and the desk core queues it; if it
 * could not be queued it is taken back (and the caller says why).
 */
export async function saveBooking(
  desk: DeskApi,
  guestKey: string,
  booking: BookingInput,
  options: { deskEdit?: DeskEdit | Promise<DeskEdit | undefined>; shown?: BookingView } = {},
): Promise<void> {
  const { shown } = options;
  const before = useReservations.getState().pending[booking.id];
  const placeholder = shown && bookingOfInput(booking, guestKey, { outboxId: '', state: 'queued' }, shown);
  if (placeholder) setPendingBooking(booking.id, placeholder);
  try {
    const deskEdit = await options.deskEdit;
    const queued = await desk.saveBooking({ guestKey, booking, ...(deskEdit ? { deskEdit } : {}) });
    const previous = useReservations.getState().pending[booking.id] ?? shown;
    const view = bookingOfInput(booking, guestKey, queued, previous);
    if (view) setPendingBooking(booking.id, view);
  } catch (error) {
    if (placeholder && useReservations.getState().pending[booking.id] === placeholder)
      setPendingBooking(booking.id, before);
    throw error;
  }
}

/** Lays a booking over the cache (or takes it off). */
function setPendingBooking(id: string, view: BookingView | undefined): void {
  useReservations.setState((state) => {
    const { [id]: _replaced, ...others } = state.pending;
    return { pending: view ? { ...others, [id]: view } : others };
  });
}
