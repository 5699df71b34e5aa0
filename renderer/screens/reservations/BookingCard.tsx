import { Badge, Group, Paper, Text, Tooltip } from '@mantine/core';
import { countsInCovers, statusColour } from '../../../shared/rules/booking-status';
import type { BookingView } from '../../sync/booking-overlay';
import { openBookingForm, useReservationsView } from '../../stores/reservations-view';

/** One booking on the timeline: guest, party, status colour, area; pending until the service confirms it. */
export function BookingCard({ booking, areaField }: { booking: BookingView; areaField?: string }) {
  const selected = useReservationsView((state) => state.selectedId === booking.id);
  const colour = statusColour(booking.status);
  const area = areaField ? booking.custom[areaField] : undefined;
  return (
    <Paper
      withBorder
      p={6}
      radius="sm"
      role="button"
      tabIndex={-1}
      aria-label={`${booking.guestName}, ${booking.partySize}, ${booking.time.slice(0, 5)}, ${booking.status}`}
      aria-selected={selected}
      data-booking-id={booking.id}
      onClick={() => useReservationsView.setState({ selectedId: booking.id })}
      onDoubleClick={() => openBookingForm({ mode: 'edit', id: booking.id })}
      style={{
        cursor: 'pointer',
        minWidth: 180,
        borderLeft: `4px solid var(--mantine-color-${colour}-6)`,
        outline: selected ? '2px solid var(--mantine-color-blue-5)' : undefined,
        opacity: countsInCovers(booking.status) ? 1 : 0.6,
      }}
    >
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text
          size="sm"
          fw={600}
          truncate
          style={{ textDecoration: countsInCovers(booking.status) ? undefined : 'line-through' }}
        >
          {booking.guestName}
        </Text>
        <Badge size="sm" variant="light" color="gray" aria-label="party size">
          {booking.partySize}
        </Badge>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {booking.time.slice(0, 5)}
        </Text>
        <Badge size="xs" color={colour} variant="light">
          {booking.status}
        </Badge>
        {typeof area === 'string' && area && (
          <Text size="xs" c="dimmed" truncate>
            {area}
          </Text>
        )}
        {booking.pending && (
          <Tooltip label={booking.pending.problem ?? 'Waiting in the outbox for the service to confirm'}>
            <Badge size="xs" color={booking.pending.state === 'needs_attention' ? 'red' : 'yellow'} variant="dot">
              {booking.pending.state === 'needs_attention' ? 'needs attention' : 'not sent yet'}
            </Badge>
          </Tooltip>
        )}
      </Group>
    </Paper>
  );
}
