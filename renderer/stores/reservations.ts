import { create } from 'zustand';
import type { DeskApi, RequestOf } from '../../shared/bridge/contract';
import { BookingTables } from '../db/tables/reservations';
import type { GuestCache } from '../sync/guest-cache';
import { bookingOfOutboxItem, type BookingView } from '../sync/booking-overlay';
import { createBookingSync, type BookingSync, type BookingSyncStatus } from '../sync/booking-sync';
import { useGuests } from './guests';
import { reportBackgroundFailure } from './background-failures';
import type { OutboxItem } from './outbox';

interface ReservationsState {
  /** The connected account's booking tables, or null when no account is connected. */
  tables: BookingTables | null;
  sync: BookingSync | null;
  status: BookingSyncStatus;
  /** Bookings waiting in the outbox (and, until the next reconcile, those just confirmed), by reservation id: they overlay the cached ones. */
  pending: Record<string, BookingView>;
  /** Bumped whenever cached bookings change, so views read them again. */
  dataVersion: number;
}

/** A booking as the desk queues it. */
export type BookingInput = RequestOf<'saveBooking'>['booking'];

const IDLE: BookingSyncStatus = { phase: 'idle', done: 0, total: 0 };
const RECONCILE_DELAY_MS = 1500;

/** The booking cache of the connected account, its sync and the bookings waiting in the outbox. */
export const useReservations = create<ReservationsState>(() => ({
  tables: null,
  sync: null,
  status: IDLE,
  pending: {},
  dataVersion: 0,
}));

/** Marks cached bookings as changed. */
export function bookingsChanged(): void {
  useReservations.setState((state) => ({ dataVersion: state.dataVersion + 1 }));
}

/** Takes an outbox entry into the overlay; a confirmed one moves into the cache. */
async function followEntry(cache: GuestCache, tables: BookingTables, item: OutboxItem): Promise<void> {
  if (item.kind !== 'push_reservations') return;
  const id = (item.payload.reservation as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') return;
  const previous = useReservations.getState().pending[id] ?? (await tables.bookingById(id));
  const view = await bookingOfOutboxItem(item, cache.db, previous);
  if (!view) return;
  if (view.pending) {
    useReservations.setState((state) => ({ pending: { ...state.pending, [id]: view } }));
    return;
  }
  await tables.putBookings([view]);
  // The confirmed booking stays laid over the cache until the next reconcile, so no view reads the row it replaced in between.
  useReservations.setState((state) => {
    const current = state.pending[id];
    const ours = !current?.pending || current.pending.outboxId === item.id;
    return {
      pending: ours ? { ...state.pending, [id]: { ...view, confirmedAt: Date.now() } } : state.pending,
      dataVersion: state.dataVersion + 1,
    };
  });
}

/** Replaces the overlay with what the outbox holds now (discarded entries leave; confirmed ones are pulled). */
async function reconcilePending(desk: DeskApi, cache: GuestCache): Promise<void> {
  const { items } = await desk.listPendingBookings({});
  const views = await Promise.all(items.map((item) => bookingOfOutboxItem(item, cache.db)));
  const before = useReservations.getState().pending;
  // Confirmed bookings stay until a pull that began after their confirmation has finished (see pruneConfirmed).
  const pending: Record<string, BookingView> = Object.fromEntries(
    Object.values(before)
      .filter((view) => !view.pending)
      .map((view) => [view.id, view]),
  );
  for (const view of views) if (view?.pending) pending[view.id] = view;
  useReservations.setState({ pending });
  // An entry that left the outbox unseen may have been sent: the next pull brings it.
  if (Object.values(before).some((view) => view.pending && !pending[view.id]))
    void useReservations.getState().sync?.run();
}

/** Drops confirmed bookings from the overlay once a pull begun after their confirmation has written the cache. */
function pruneConfirmed(pullStartedAt: number): void {
  const { pending } = useReservations.getState();
  const stale = Object.values(pending).filter((view) => !view.pending && (view.confirmedAt ?? 0) < pullStartedAt);
  if (stale.length === 0) return;
  const next = { ...pending };
  for (const view of stale) delete next[view.id];
  useReservations.setState({ pending: next });
}

let following: (() => void) | null = null;

/** Opens the booking tables beside the guest cache and keeps them in step: sync, outbox overlay, account changes. Idempotent. */
export function followReservations(desk: DeskApi): () => void {
  if (following) return following;
  let stopSync: (() => void) | null = null;
  let openedFor: GuestCache | null = null;

  const openFor = (cache: GuestCache | null) => {
    if (cache === openedFor) return;
    stopSync?.();
    stopSync = null;
    openedFor = cache;
    if (!cache) {
      useReservations.setState({ tables: null, sync: null, status: IDLE, pending: {} });
      return;
    }
    const tables = new BookingTables(cache.db);
    let runStartedAt: number | null = null;
    const sync = createBookingSync({
      desk,
      tables,
      onStatus: (status) => {
        if (status.phase === 'syncing' && runStartedAt === null) runStartedAt = Date.now();
        if (status.phase !== 'syncing' && runStartedAt !== null) {
          if (status.phase === 'idle') pruneConfirmed(runStartedAt);
          runStartedAt = null;
        }
        useReservations.setState({ status });
        if (status.phase !== 'syncing' || status.done > 0) bookingsChanged();
      },
    });
    useReservations.setState({ tables, sync, status: IDLE, pending: {} });
    stopSync = sync.start();
    reconcilePending(desk, cache).catch((error: unknown) =>
      reportBackgroundFailure('Checking queued bookings against the outbox', error),
    );
  };

  openFor(useGuests.getState().cache);
  const unsubscribeGuests = useGuests.subscribe((state) => openFor(state.cache));
  let reconcileTimer: ReturnType<typeof setTimeout> | undefined;
  const reconcileSoon = (cache: GuestCache) => {
    clearTimeout(reconcileTimer);
    reconcileTimer = setTimeout(
      () =>
        reconcilePending(desk, cache).catch((error: unknown) =>
          reportBackgroundFailure('Checking queued bookings against the outbox', error),
        ),
      RECONCILE_DELAY_MS,
    );
  };
  // Follows the outbox's events themselves (as the guest cache does): each names the entries that changed and those removed.
  const unsubscribeOutbox = desk.on('outboxChanged', ({ changed, removed }) => {
    const { tables } = useReservations.getState();
    const cache = openedFor;
    if (!cache || !tables) return;
    const bookings = changed.filter((item) => item.kind === 'push_reservations');
    const gone = new Set(removed);
    const left = Object.values(useReservations.getState().pending).filter(
      (view) => view.pending && gone.has(view.pending.outboxId),
    );
    if (bookings.length === 0 && left.length === 0) return;
    if (left.length > 0) {
      useReservations.setState((state) => ({
        pending: Object.fromEntries(
          Object.entries(state.pending).filter(([, view]) => !(view.pending && gone.has(view.pending.outboxId))),
        ),
      }));
    }
    Promise.all(bookings.map((item) => followEntry(cache, tables, item))).catch((error: unknown) =>
      reportBackgroundFailure('Following queued bookings', error),
    );
    reconcileSoon(cache);
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

/** A booking's reservation fields as the outbox pushes them: its own fields beside the account's. */
function reservationFieldsOf(booking: BookingInput): Record<string, unknown> {
  const { custom, ...standard } = booking;
  return { ...custom, ...standard };
}

/** Queues a booking (new or changed) through the outbox and lays it over the cache at once. */
export async function saveBooking(desk: DeskApi, guestKey: string, booking: BookingInput): Promise<void> {
  const queued = await desk.saveBooking({ guestKey, booking });
  const cache = useGuests.getState().cache;
  if (!cache) return;
  const item: OutboxItem = {
    id: queued.outboxId,
    kind: 'push_reservations',
    state: queued.state,
    guestKey,
    summary: '',
    createdAt: '',
    updatedAt: '',
    attempts: 0,
    editable: false,
    payload: { reservation: reservationFieldsOf(booking), contact: { contact_id: guestKey } },
  };
  const view = await bookingOfOutboxItem(item, cache.db, useReservations.getState().pending[booking.id]);
  if (!view) return;
  useReservations.setState((state) => ({
    pending: {
      ...state.pending,
      [booking.id]: {
        ...view,
        pending: { outboxId: queued.outboxId, state: queued.state === 'sent' ? 'queued' : queued.state },
      },
    },
  }));
}
