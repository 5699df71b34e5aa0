import { Paper, Text, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import type { VenueFormat } from '../../../shared/format/venue-format';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import { showDay } from '../../stores/reservations-view';
import classes from './DayBook.module.css';
import { shownDay } from './shown-format';

/** The week around the day shown, each day with its covers (blank until that day is read); a click shows that day. */
export const WeekStrip = memo(function WeekStrip({
  week,
  date,
  today,
  covers,
}: {
  week: readonly string[];
  date: string;
  today: string;
  /** Each day's covers, in the week's order. */
  covers: readonly (number | undefined)[];
}) {
  const format = useVenueFormat();
  return (
    <div className={classes.week} aria-label="week" role="group">
      {week.map((day, index) => (
        <WeekDay
          key={day}
          day={day}
          chosen={day === date}
          today={day === today}
          covers={covers[index]}
          format={format}
        />
      ))}
    </div>
  );
});

/** One day of the strip; drawn again only when it changes (choosing another day of the week redraws two). */
const WeekDay = memo(function WeekDay({
  day,
  chosen,
  today,
  covers,
  format,
}: {
  day: string;
  chosen: boolean;
  today: boolean;
  covers: number | undefined;
  format: VenueFormat;
}) {
  return (
    <UnstyledButton onClick={() => showDay(day)} aria-current={chosen ? 'date' : undefined} miw={0}>
      <Paper
        withBorder
        p={6}
        radius="sm"
        bg={chosen ? 'blue.0' : undefined}
        style={{ borderColor: chosen ? 'var(--mantine-color-blue-5)' : undefined }}
      >
        <Text size="sm" fw={today ? 700 : 500} truncate>
          {shownDay(format, 'shortDate', day)}
          {today ? ' · today' : ''}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {covers === undefined ? '…' : `${format.number(covers)} covers`}
        </Text>
      </Paper>
    </UnstyledButton>
  );
});
