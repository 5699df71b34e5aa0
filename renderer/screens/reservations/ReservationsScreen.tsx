import { Modal, Stack, Text, Title, Group } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { countsInCovers } from '../../../shared/rules/booking-status';
import type { BookingFieldRow } from '../../db/tables/reservations';
import { useAccount } from '../../stores/account';
import { useReservations } from '../../stores/reservations';
import { closeBookingForm, showDay, useReservationsView } from '../../stores/reservations-view';
import type { BookingView } from '../../sync/booking-overlay';
import { useCacheQuery } from '../../hooks/useCacheQuery';
import { BookingDetails } from './BookingDetails';
import { BookingFilters } from './BookingFilters';
import { BookingForm } from './BookingForm';
import { matchesQuery, passesFilters } from './booking-filter';
import { todayIn, weekOf } from './booking-time';
import { BookingSyncBar } from './BookingSyncBar';
import { DayHeader } from './DayHeader';
import { DayTimeline } from './DayTimeline';
import { SearchResults } from './SearchResults';
import { coversBySlot, totalCovers } from './slots';
import { initialDraft } from './useBookingForm';
import { useBookingsBetween } from './useBookings';
import { useDayKeys } from './useDayKeys';
import { WeekStrip } from './WeekStrip';

/** The day's book: a timeline of 15-minute slots with covers, the week's covers, filters, search, and the booking form. */
export function ReservationsScreen() {
  const account = useAccount((state) => state.account);
  const tables = useReservations((state) => state.tables);
  const notSetUp = useReservations((state) => state.status.unavailable);
  if (!account || account.state === 'none' || !tables) {
    return <Text role="status">Connect an account in Settings (or start the demo) to see the bookings.</Text>;
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

/** The day view of a connected account with reservations. */
function DayBook({ timeZone }: { timeZone: string }) {
  const tables = useReservations((state) => state.tables)!;
  const today = todayIn(timeZone);
  const date = useReservationsView((state) => state.date) ?? today;
  const view = useReservationsView();
  useEffect(() => {
    if (!useReservationsView.getState().date) showDay(today);
  }, [today]);
  const dataVersion = useReservations((state) => state.dataVersion);
  const fields = useCacheQuery(() => tables.fieldList(), [tables, dataVersion]) ?? [];
  const selectFields = fields.filter((field) => field.type === 'singleSelect' && field.name !== 'bookingStatus');
  const week = weekOf(date);
  // The day is read on its own, so choosing a day paints its timeline without waiting for the week.
  const searching = view.query.trim() !== '';
  // The week's guests are read only when its bookings are searched by guest; its covers need none.
  const weekBookings = useBookingsBetween(week[0]!, week[6]!, searching && view.queryScope === 'week');
  const dayLoaded = useBookingsBetween(date, date, true);
  const lastDay = useRef<{ date: string; bookings: BookingView[] }>({ date: '', bookings: [] });
  if (dayLoaded) lastDay.current = { date, bookings: dayLoaded };
  const shownDate = lastDay.current.date;
  const dayAll = lastDay.current.bookings;
  const shown = useMemo(() => dayAll.filter((booking) => passesFilters(booking, view)), [dayAll, view]);
  const covers = useMemo(() => coversBySlot(dayAll), [dayAll]);
  const searchHits = useMemo(
    () =>
      searching
        ? (view.queryScope === 'week' ? (weekBookings ?? []) : dayAll).filter((booking) =>
            matchesQuery(booking, view.query),
          )
        : [],
    [searching, view.queryScope, view.query, weekBookings, dayAll],
  );
  const navigable = searching ? searchHits : shown;
  useDayKeys(date, navigable);
  const selected =
    navigable.find((booking) => booking.id === view.selectedId) ??
    (weekBookings ?? []).find((booking) => booking.id === view.selectedId);

  return (
    <Stack gap="sm" h="calc(100vh - 52px - 2 * var(--mantine-spacing-md))">
      <DayHeader
        date={date}
        today={today}
        covers={totalCovers(dayAll)}
        bookings={dayAll.filter((booking) => countsInCovers(booking.status)).length}
        sheet={{ date: shownDate || date, bookings: dayAll, fields }}
      />
      <WeekStrip week={week} date={date} today={today} bookings={weekBookings ?? []} />
      <BookingFilters selectFields={selectFields} />
      <BookingSyncBar />
      <Group align="stretch" wrap="nowrap" gap="sm" style={{ flex: 1, minHeight: 0 }}>
        {searching ? (
          <SearchResults hits={searchHits} scope={view.queryScope} />
        ) : (
          <DayTimeline
            date={shownDate}
            bookings={shown}
            covers={covers}
            coverLimit={view.coverLimit}
            areaField={selectFields[0]?.name}
          />
        )}
        {selected && <BookingDetails booking={selected} fields={fields} />}
      </Group>
      <BookingFormModal date={date} timeZone={timeZone} fields={fields} bookings={weekBookings ?? []} />
    </Stack>
  );
}

/** The booking form in a dialog, for a new booking or the one being edited. */
function BookingFormModal({
  date,
  timeZone,
  fields,
  bookings,
}: {
  date: string;
  timeZone: string;
  fields: BookingFieldRow[];
  bookings: BookingView[];
}) {
  const form = useReservationsView((state) => state.form);
  const coverLimit = useReservationsView((state) => state.coverLimit);
  const pending = useReservations((state) => state.pending);
  const tables = useReservations((state) => state.tables);
  const editId = form.mode === 'edit' ? form.id : null;
  const stored = useCacheQuery(
    async () => (editId && tables ? ((await tables.bookingById(editId)) ?? null) : null),
    [editId, tables],
  );
  const existing: BookingView | undefined = editId
    ? (pending[editId] ?? bookings.find((booking) => booking.id === editId) ?? stored ?? undefined)
    : undefined;
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
}
