import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { statusColour } from '../../../shared/rules/booking-status';
import type { BookingRow } from '../../db/tables/reservations';
import { useAccount } from '../../stores/account';
import { reportBackgroundFailure } from '../../stores/background-failures';
import { useNavigation } from '../../stores/navigation';
import { useReservations } from '../../stores/reservations';
import { openBookingForm, showDay, useReservationsView } from '../../stores/reservations-view';
import { overlayBookings, type BookingView } from '../../sync/booking-overlay';
import { shortDate, spokenTime, todayIn } from './booking-time';

/** How many past bookings the profile lists. */
const PAST_SHOWN = 5;

/** A guest's bookings on their profile, upcoming and past, with "New booking" for them. */
export function GuestBookings({
  guestKey,
  localId,
  label,
  detail,
}: {
  guestKey: string;
  localId?: string;
  label: string;
  detail: string;
}) {
  const tables = useReservations((state) => state.tables);
  const dataVersion = useReservations((state) => state.dataVersion);
  const pending = useReservations((state) => state.pending);
  const notSetUp = useReservations((state) => state.status.unavailable);
  const timeZone = useAccount((state) => state.account?.timeZone ?? 'UTC');
  const [cached, setCached] = useState<BookingRow[]>([]);
  useEffect(() => {
    if (!tables) return;
    let current = true;
    tables.bookingsOfGuest(localId ? [guestKey, localId] : [guestKey]).then(
      (rows) => current && setCached(rows),
      (error: unknown) => reportBackgroundFailure("Reading the guest's bookings", error),
    );
    return () => {
      current = false;
    };
  }, [tables, guestKey, localId, dataVersion]);
  if (!tables || notSetUp) return null;
  const keys = new Set([guestKey, localId]);
  const all = overlayBookings(
    cached,
    Object.values(pending).filter((row) => keys.has(row.guestKey)),
    () => true,
  );
  const today = todayIn(timeZone);
  const upcoming = all
    .filter((booking) => booking.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time));
  const past = all
    .filter((booking) => booking.date < today)
    .sort((a, b) => b.date.localeCompare(a.date) || b.time.localeCompare(a.time))
    .slice(0, PAST_SHOWN);

  const newBooking = () => {
    useNavigation.getState().go('reservations');
    openBookingForm({ mode: 'new', guestKey, guestLabel: label, guestDetail: detail });
  };
  return (
    <Paper withBorder p="xs" aria-label="guest bookings">
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          Bookings
        </Text>
        <Button size="compact-xs" variant="light" onClick={newBooking}>
          New booking
        </Button>
      </Group>
      <Stack gap={2}>
        {upcoming.length === 0 && (
          <Text size="xs" c="dimmed">
            No upcoming booking.
          </Text>
        )}
        {upcoming.map((booking) => (
          <BookingLine key={booking.id} booking={booking} />
        ))}
        {past.length > 0 && (
          <Text size="xs" c="dimmed" mt={4}>
            Past
          </Text>
        )}
        {past.map((booking) => (
          <BookingLine key={booking.id} booking={booking} />
        ))}
      </Stack>
    </Paper>
  );
}

/** One booking of the guest; a click shows it on its day. */
function BookingLine({ booking }: { booking: BookingView }) {
  const open = () => {
    showDay(booking.date);
    useReservationsView.setState({ selectedId: booking.id });
    useNavigation.getState().go('reservations');
  };
  return (
    <UnstyledButton onClick={open} aria-label={`Booking ${booking.date} ${booking.time.slice(0, 5)}`}>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" w={70}>
          {shortDate(booking.date)}
        </Text>
        <Text size="sm" w={70}>
          {spokenTime(booking.time)}
        </Text>
        <Text size="sm" w={70}>
          {booking.partySize} {booking.partySize === 1 ? 'person' : 'people'}
        </Text>
        <Badge size="xs" variant="light" color={statusColour(booking.status)}>
          {booking.status}
        </Badge>
        {booking.pending && (
          <Badge size="xs" variant="dot" color="yellow">
            not sent yet
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}
