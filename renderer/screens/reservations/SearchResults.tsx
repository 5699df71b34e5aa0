import { Badge, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { memo, useEffect, useMemo } from 'react';
import { statusColour } from '../../../shared/rules/booking-status';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import type { BookingView } from '../../sync/booking-overlay';
import { openBookingForm, showDay, useReservationsView } from '../../stores/reservations-view';

/** Bookings of the day or week whose guest matches the search, in date and time order. */
export const SearchResults = memo(function SearchResults({
  hits,
  scope,
}: {
  hits: BookingView[];
  scope: 'day' | 'week';
}) {
  const selectedId = useReservationsView((state) => state.selectedId);
  const format = useVenueFormat();
  const sorted = useMemo(
    () => [...hits].sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time)),
    [hits],
  );
  useEffect(() => {
    if (selectedId)
      document.querySelector(`[data-booking-id="${CSS.escape(selectedId)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);
  return (
    <ScrollArea style={{ flex: 1 }} aria-label="search results">
      {sorted.length === 0 && (
        <Text c="dimmed">No booking {scope === 'week' ? 'this week' : 'on this day'} matches.</Text>
      )}
      <Stack gap={4}>
        {sorted.map((booking) => (
          <UnstyledButton
            key={booking.id}
            data-booking-id={booking.id}
            onClick={() => (showDay(booking.date), useReservationsView.setState({ selectedId: booking.id }))}
            onDoubleClick={() => openBookingForm({ mode: 'edit', id: booking.id })}
            p={6}
            style={{
              borderRadius: 4,
              background: booking.id === selectedId ? 'var(--mantine-color-blue-0)' : undefined,
            }}
          >
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" w={70}>
                {format.shortDate(booking.date)}
              </Text>
              <Text size="sm" w={64}>
                {format.time(booking.time.slice(0, 5))}
              </Text>
              <Text size="sm" fw={600} style={{ flex: 1 }} truncate>
                {booking.guestName}
              </Text>
              <Text size="xs" c="dimmed">
                {format.phone(booking.guestMobile)}
              </Text>
              <Badge size="sm" variant="light" color="gray">
                {format.number(booking.partySize)}
              </Badge>
              <Badge size="sm" color={statusColour(booking.status)} variant="light">
                {booking.status}
              </Badge>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </ScrollArea>
  );
});
