import { ActionIcon, Button, Text, Title, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { memo } from 'react';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import type { BookingFieldRow } from '../../db/tables/reservations';
import { addDays } from './booking-time';
import classes from './DayBook.module.css';
import { PrintDay } from './print/PrintDay';
import { shownDay } from './shown-format';
import { useAfterPaint } from './useAfterPaint';
import type { RunSheetBooking } from './print/run-sheet';
import { openBookingForm, showDay, useReservationsView } from '../../stores/reservations-view';

/** The day shown and how to move (DayChoice); the day's covers; print; new booking. */
export const DayHeader = memo(function DayHeader({
  date,
  today,
  covers,
  bookings,
  sheetDate,
  dayBookings,
  fields,
}: {
  date: string;
  today: string;
  covers: number;
  bookings: number;
  /** The day the run sheet on paper is for, its bookings and the venue's booking fields (Print). */
  sheetDate: string;
  dayBookings: readonly RunSheetBooking[];
  fields: readonly BookingFieldRow[];
}) {
  const format = useVenueFormat();
  return (
    <div className={classes.header}>
      <DayChoice date={date} today={today} />
      <div className={classes.totals}>
        <Text fw={600} aria-label="day total" style={{ whiteSpace: 'nowrap' }}>
          {format.number(covers)} covers · {format.number(bookings)} {bookings === 1 ? 'booking' : 'bookings'}
        </Text>
        <PrintDay date={sheetDate} bookings={dayBookings} fields={fields} />
        <NewBookingButton />
      </div>
    </div>
  );
});

/** The day shown and how to move: previous, today, next, a date picker (drawn again only when the day, or today, changes). */
const DayChoice = memo(function DayChoice({ date, today }: { date: string; today: string }) {
  // The picker's field follows one frame after the rest (DayPicker).
  const pickerDate = useAfterPaint(date);
  // Room for the date in full; on a narrow screen the day's total and New booking go to the next line. A day
  // chosen draws the day's title again, and the parts that do not change with it not at all.
  return (
    <div className={classes.choice}>
      <ScreenTitle />
      <DayStep step={-1} />
      <TodayButton chosen={date === today} today={today} />
      <DayStep step={1} />
      <DayPicker date={pickerDate} />
      <DayTitle date={date} />
    </div>
  );
});

/** The screen's heading. */
const ScreenTitle = memo(function ScreenTitle() {
  return (
    <Title order={2} size="h3" style={{ flexShrink: 0 }}>
      Reservations
    </Title>
  );
});

/** Today, filled while today is shown. */
const TodayButton = memo(function TodayButton({ chosen, today }: { chosen: boolean; today: string }) {
  return (
    <Button variant={chosen ? 'filled' : 'default'} onClick={() => showDay(today)} style={{ flexShrink: 0 }}>
      Today
    </Button>
  );
});

/** The day shown, written in full. */
const DayTitle = memo(function DayTitle({ date }: { date: string }) {
  const format = useVenueFormat();
  return (
    <Title order={3} size="h4" miw={0} style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {shownDay(format, 'longDate', date)}
    </Title>
  );
});

/**
 * The date picker's field. It shows the day chosen from the frame after the one that shows the day's title and
 * timeline (useAfterPaint): the picker is the header's heaviest part, and the title beside it already says the day.
 */
const DayPicker = memo(function DayPicker({ date }: { date: string }) {
  const format = useVenueFormat();
  return (
    <DatePickerInput
      aria-label="Choose a day"
      value={date}
      onChange={(value) => value && showDay(String(value).slice(0, 10))}
      valueFormatter={({ date: chosen }) => (chosen ? shownDay(format, 'date', String(chosen).slice(0, 10)) : '')}
      firstDayOfWeek={1}
      w={130}
      miw={130}
    />
  );
});

/** New booking (not drawn again with each day). */
const NewBookingButton = memo(function NewBookingButton() {
  return (
    <Button onClick={() => openBookingForm({ mode: 'new' })} style={{ flexShrink: 0 }}>
      New booking (N)
    </Button>
  );
});

/** The previous or next day's button: it moves from the day shown when pressed (so it is not drawn again with each day). */
const DayStep = memo(function DayStep({ step }: { step: 1 | -1 }) {
  const onClick = () => showDay(addDays(useReservationsView.getState().date ?? '', step));
  return (
    <Tooltip label={step < 0 ? 'Previous day (←)' : 'Next day (→)'}>
      <ActionIcon variant="default" size="lg" aria-label={step < 0 ? 'Previous day' : 'Next day'} onClick={onClick}>
        {step < 0 ? '‹' : '›'}
      </ActionIcon>
    </Tooltip>
  );
});
