import { Group, Paper, Text, UnstyledButton } from '@mantine/core';
import type { BookingView } from '../../sync/booking-overlay';
import { shortDate } from './booking-time';
import { totalCovers } from './slots';
import { showDay } from '../../stores/reservations-view';

/** The week around the day shown, each day with its covers; a click shows that day. */
export function WeekStrip({
  week,
  date,
  today,
  bookings,
}: {
  week: string[];
  date: string;
  today: string;
  bookings: BookingView[];
}) {
  return (
    <Group gap={6} grow aria-label="week">
      {week.map((day) => {
        const covers = totalCovers(bookings.filter((booking) => booking.date === day));
        const chosen = day === date;
        return (
          <UnstyledButton
            key={day}
            onClick={() => showDay(day)}
            aria-label={`${shortDate(day)}: ${covers} covers`}
            aria-current={chosen ? 'date' : undefined}
          >
            <Paper
              withBorder
              p={6}
              radius="sm"
              bg={chosen ? 'blue.0' : undefined}
              style={{ borderColor: chosen ? 'var(--mantine-color-blue-5)' : undefined }}
            >
              <Text size="sm" fw={day === today ? 700 : 500}>
                {shortDate(day)}
                {day === today ? ' · today' : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {covers} covers
              </Text>
            </Paper>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
