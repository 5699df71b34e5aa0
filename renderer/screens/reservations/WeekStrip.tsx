import { Paper, Text, UnstyledButton } from '@mantine/core';
import { memo, useLayoutEffect, useRef } from 'react';
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
        // Keyed by place: another week writes its days into the buttons in the page rather than building new ones.
        <WeekDay
          key={index}
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

/**
 * One day of the strip; drawn again only when it changes (choosing another day of the week redraws two buttons,
 * and their faces not at all: the chosen day's look is the strip's CSS, by aria-current). A button that has the
 * focus when another week's day is written into it lets it go, as it did when the button left with its day.
 */
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
  const button = useRef<HTMLButtonElement>(null);
  const shown = useRef(day);
  useLayoutEffect(() => {
    if (shown.current !== day && button.current === document.activeElement) button.current?.blur();
    shown.current = day;
  }, [day]);
  return (
    <UnstyledButton
      ref={button}
      className={classes.weekDay}
      onClick={() => showDay(day)}
      aria-current={chosen ? 'date' : undefined}
      miw={0}
    >
      <WeekDayFace day={day} today={today} covers={covers} format={format} />
    </UnstyledButton>
  );
});

/** What a day of the strip shows: the day, whether it is today, and its covers. */
const WeekDayFace = memo(function WeekDayFace({
  day,
  today,
  covers,
  format,
}: {
  day: string;
  today: boolean;
  covers: number | undefined;
  format: VenueFormat;
}) {
  return (
    <Paper withBorder p={6} radius="sm">
      <Text size="sm" fw={today ? 700 : 500} truncate>
        {shownDay(format, 'shortDate', day)}
        {today ? ' · today' : ''}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {covers === undefined ? '…' : `${format.number(covers)} covers`}
      </Text>
    </Paper>
  );
});
