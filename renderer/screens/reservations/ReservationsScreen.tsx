import { Modal, Stack, Text, Title } from '@mantine/core';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { formatServiceDateTime } from '../../../shared/rules/datetime';
import { countsInCovers } from '../../../shared/rules/booking-status';
import type { BookingFieldRow } from '../../db/tables/reservations';
import { useCacheQuery } from '../../hooks/useCacheQuery';
import { useSameArray } from '../../hooks/useSameArray';
import { useAccount } from '../../stores/account';
import { wantBookingDays } from '../../stores/reservations-days';
import { useReservations } from '../../stores/reservations';
import { closeBookingForm, showDay, useReservationsView } from '../../stores/reservations-view';
import type { BookingView } from '../../sync/booking-overlay';
import { BookingDetails } from './BookingDetails';
import { BookingFilters } from './BookingFilters';
import { BookingForm } from './BookingForm';
import { matchesQuery, passesFilters } from './booking-filter';
import { addDays, todayIn, weekOf } from './booking-time';
import { BookingSyncBar } from './BookingSyncBar';
import classes from './DayBook.module.css';
import { DayHeader } from './DayHeader';
import { DayTimeline } from './DayTimeline';
import { SearchResults } from './SearchResults';
import { coversBySlot, slotOf, totalCovers } from './slots';
import { initialDraft } from './useBookingForm';
import { useBookingsOn } from './useBookings';
import { useDayKeys } from './useDayKeys';
import { WeekStrip } from './WeekStrip';
import { NoAccount } from '../../components/NoAccount';

/** Days either side of the one shown whose bookings are read ahead (flicking day by day never waits on a read). */
const READ_AHEAD_DAYS = 7;

/** The day's book: a timeline of 15-minute slots with covers, the week's covers, filters, search, and the booking form. */
export function ReservationsScreen() {
  const account = useAccount((state) => state.account);
  const tables = useReservations((state) => state.tables);
  const notSetUp = useReservations((state) => state.status.unavailable);
  if (!account || account.state === 'none' || !tables) {
    return <NoAccount screen="Reservations" toDo="see the bookings" />;
  }
  if (notSetUp) {
    return (
      <Stack>
        <Title order={2}>Reservations</Title>
        <Text role="status" aria-label="reservations not set up">
          {notSetUp}
        </Text>
      </Stack>
    );
  }
  return <DayBook timeZone={account.timeZone} />;
}

/** The day shown first, then the rest of its week, then the days either side. */
function daysAround(date: string): string[] {
  const days = [date, ...weekOf(date)];
  for (let step = 1; step <= READ_AHEAD_DAYS; step++) days.push(addDays(date, step), addDays(date, -step));
  return [...new Set(days)];
}

/** The slot of the time now in the venue's zone. */
function slotNow(timeZone: string): string {
  return slotOf(formatServiceDateTime(new Date(), timeZone).slice(11, 16));
}

/** The day view of a connected account with reservations. */
function DayBook({ timeZone }: { timeZone: string }) {
  const tables = useReservations((state) => state.tables)!;
  const today = todayIn(timeZone);
  const date = useReservationsView((state) => state.date) ?? today;
  const statuses = useReservationsView((state) => state.statuses);
  const fieldFilters = useReservationsView((state) => state.fieldFilters);
  const query = useReservationsView((state) => state.query);
  const queryScope = useReservationsView((state) => state.queryScope);
  const coverLimit = useReservationsView((state) => state.coverLimit);
  const selectedId = useReservationsView((state) => state.selectedId);
  useEffect(() => {
    if (!useReservationsView.getState().date) showDay(today);
  }, [today]);
  useEffect(() => wantBookingDays(daysAround(date), date), [date]);
  // A live query: read again when the field definitions change, not whenever bookings do.
  const fields = useCacheQuery(() => tables.fieldList(), [tables]);
  const selectFields = useMemo(
    () => (fields ?? []).filter((field) => field.type === 'singleSelect' && field.name !== 'bookingStatus'),
    [fields],
  );
  const week = useMemo(() => weekOf(date), [date]);
  const byDay = useBookingsOn(week);
  // A day not read yet keeps the last day up until it is (no flash of an empty book).
  const lastDay = useRef<{ date: string; bookings: readonly BookingView[] }>({ date: '', bookings: [] });
  const dayLoaded = byDay.get(date);
  if (dayLoaded) lastDay.current = { date, bookings: dayLoaded };
  const { date: shownDate, bookings: dayAll } = lastDay.current;
  const weekBookings = useMemo(() => week.flatMap((day) => byDay.get(day) ?? []), [week, byDay]);
  const weekCovers = useSameArray(week.map((day) => (byDay.has(day) ? totalCovers(byDay.get(day)!) : undefined)));
  const shown = useMemo(
    () => dayAll.filter((booking) => passesFilters(booking, { statuses, fieldFilters })),
    [dayAll, statuses, fieldFilters],
  );
  const covers = useMemo(() => coversBySlot(dayAll), [dayAll]);
  const counted = useMemo(() => dayAll.filter((booking) => countsInCovers(booking.status)).length, [dayAll]);
  const searching = query.trim() !== '';
  const searchHits = useMemo(
    () =>
      searching
        ? (queryScope === 'week' ? weekBookings : dayAll).filter((booking) => matchesQuery(booking, query))
        : [],
    [searching, queryScope, query, weekBookings, dayAll],
  );
  const navigable = searching ? searchHits : shown;
  // The form finds the booking it edits among the week's without being drawn again whenever they change.
  const latestWeek = useRef(weekBookings);
  latestWeek.current = weekBookings;
  const findBooking = useCallback((id: string) => latestWeek.current.find((booking) => booking.id === id), []);
  useDayKeys(date, navigable);
  const selected = selectedId
    ? (navigable.find((booking) => booking.id === selectedId) ??
      weekBookings.find((booking) => booking.id === selectedId))
    : undefined;

  return (
    <div className={classes.book}>
      <DayHeader
        date={date}
        today={today}
        covers={totalCovers(dayAll)}
        bookings={counted}
        sheetDate={shownDate || date}
        dayBookings={dayAll}
        fields={fields ?? NO_FIELDS}
      />
      <WeekStrip week={week} date={date} today={today} covers={weekCovers} />
      <BookingFilters selectFields={selectFields} />
      <SyncBar />
      <div className={classes.main}>
        {searching ? (
          <SearchResults hits={searchHits} scope={queryScope} />
        ) : (
          <DayTimeline
            date={shownDate}
            bookings={shown}
            covers={covers}
            coverLimit={coverLimit}
            areaField={selectFields[0]?.name}
            nowSlot={shownDate === today ? slotNow(timeZone) : undefined}
          />
        )}
        {selected && <SelectedBooking booking={selected} fields={fields ?? NO_FIELDS} />}
      </div>
      <BookingFormModal today={today} timeZone={timeZone} fields={fields ?? NO_FIELDS} findBooking={findBooking} />
    </div>
  );
}

const NO_FIELDS: BookingFieldRow[] = [];
/** Drawn again only when they change (not with every change of the day view around them). */
const SelectedBooking = memo(BookingDetails);
const SyncBar = memo(BookingSyncBar);

/** The booking form in a dialog, for a new booking or the one being edited. */
const BookingFormModal = memo(function BookingFormModal({
  today,
  timeZone,
  fields,
  findBooking,
}: {
  today: string;
  timeZone: string;
  fields: BookingFieldRow[];
  /** A booking of the week shown, by id. */
  findBooking: (id: string) => BookingView | undefined;
}) {
  const form = useReservationsView((state) => state.form);
  // The day shown, followed only while the dialog is open (choosing a day does not draw the closed dialog again).
  const date = useReservationsView((state) => (state.form.mode === 'closed' ? today : (state.date ?? today)));
  const coverLimit = useReservationsView((state) => state.coverLimit);
  const tables = useReservations((state) => state.tables);
  const editId = form.mode === 'edit' ? form.id : null;
  // The queued change of the booking edited only (a status key on another booking does not draw the dialog again).
  const queued = useReservations((state) => (editId ? state.pending[editId] : undefined));
  const stored = useCacheQuery(
    async () => (editId && tables ? ((await tables.bookingById(editId)) ?? null) : null),
    [editId, tables],
  );
  const existing: BookingView | undefined = editId ? (queued ?? findBooking(editId) ?? stored ?? undefined) : undefined;
  const opened = form.mode !== 'closed';
  const waiting = form.mode === 'edit' && !existing;
  const initial =
    form.mode === 'new'
      ? initialDraft(
          undefined,
          {
            date,
            time: form.time,
            guest: form.guestKey
              ? { key: form.guestKey, label: form.guestLabel ?? 'Guest', detail: form.guestDetail ?? '' }
              : null,
          },
          fields,
        )
      : initialDraft(existing, { date }, fields);
  return (
    <Modal
      opened={opened}
      onClose={closeBookingForm}
      title={form.mode === 'edit' ? 'Edit booking' : 'New booking'}
      size="lg"
      closeOnEscape
    >
      {opened && !waiting && (
        <BookingForm
          key={form.mode === 'edit' ? form.id : 'new'}
          existing={existing}
          initial={initial}
          fields={fields}
          timeZone={timeZone}
          coverLimit={coverLimit}
        />
      )}
    </Modal>
  );
});
