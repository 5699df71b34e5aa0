import { ActionIcon, Button, Group, NumberInput, Text, Title, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { BookingFieldRow } from '../../db/tables/reservations';
import { addDays, longDate } from './booking-time';
import { PrintDay } from './print/PrintDay';
import type { RunSheetBooking } from './print/run-sheet';
import { openBookingForm, setCoverLimit, showDay, useReservationsView } from '../../stores/reservations-view';

/** The day shown and how to move: previous, today, next, a date picker; the day's covers; print; new booking; the covers limit. */
export function DayHeader({
  date,
  today,
  covers,
  bookings,
  sheet,
}: {
  date: string;
  today: string;
  covers: number;
  bookings: number;
  /** The day whose bookings are shown, for its run sheet on paper (issue 22: Print). */
  sheet: { date: string; bookings: readonly RunSheetBooking[]; fields: readonly BookingFieldRow[] };
}) {
  const coverLimit = useReservationsView((state) => state.coverLimit);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap">
        <Tooltip label="Previous day (←)">
          <ActionIcon variant="default" size="lg" aria-label="Previous day" onClick={() => showDay(addDays(date, -1))}>
            ‹
          </ActionIcon>
        </Tooltip>
        <Button variant={date === today ? 'filled' : 'default'} onClick={() => showDay(today)}>
          Today
        </Button>
        <Tooltip label="Next day (→)">
          <ActionIcon variant="default" size="lg" aria-label="Next day" onClick={() => showDay(addDays(date, 1))}>
            ›
          </ActionIcon>
        </Tooltip>
        <DatePickerInput
          aria-label="Choose a day"
          value={date}
          onChange={(value) => value && showDay(String(value).slice(0, 10))}
          valueFormat="ddd D MMM YYYY"
          firstDayOfWeek={1}
          w={170}
        />
        <Title order={3} style={{ whiteSpace: 'nowrap' }}>
          {longDate(date)}
        </Title>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Text fw={600} aria-label="day total" style={{ whiteSpace: 'nowrap' }}>
          {covers} covers · {bookings} {bookings === 1 ? 'booking' : 'bookings'}
        </Text>
        <NumberInput
          aria-label="Covers per slot limit"
          placeholder="No slot limit"
          value={coverLimit ?? ''}
          onChange={(value) => setCoverLimit(typeof value === 'number' ? value : null)}
          min={1}
          max={10_000}
          w={130}
          size="xs"
          hideControls
          title="Covers per 15-minute slot before the form warns"
        />
        <PrintDay date={sheet.date} bookings={sheet.bookings} fields={sheet.fields} />
        <Button onClick={() => openBookingForm({ mode: 'new' })}>New booking (N)</Button>
      </Group>
    </Group>
  );
}
