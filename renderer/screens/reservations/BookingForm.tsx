import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { isStandardBookingField } from '../../../shared/rules/booking-fields';
import { BOOKING_STATUSES, countsInCovers, statusOf } from '../../../shared/rules/booking-status';
import type { BookingFieldRow } from '../../db/tables/reservations';
import type { BookingView } from '../../sync/booking-overlay';
import { closeBookingForm } from '../../stores/reservations-view';
import { FieldEditor } from '../guests/FieldEditor';
import { GuestPicker } from './GuestPicker';
import { coversBySlot, coversWith, passesLimit, slotOf, SLOT_MINUTES, timeLabel } from './slots';
import { useBookingForm, type BookingDraft } from './useBookingForm';
import { useDayBookings } from './useBookings';
import { ErrorAlert } from '../../components/ErrorAlert';

/** Every quarter hour of the day, as the time list offers them. */
const QUARTERS = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, index) => timeLabel(index * SLOT_MINUTES));

/** What the form needs from the screen. */
export interface BookingFormProps {
  existing?: BookingView;
  initial: BookingDraft;
  fields: BookingFieldRow[];
  timeZone: string;
  coverLimit: number | null;
}

/** New booking or edit: guest, date, time (with each slot's covers), party, attendees, status and the account's own fields. */
export function BookingForm({ existing, initial, fields, timeZone, coverLimit }: BookingFormProps) {
  const form = useBookingForm(existing, initial, fields, timeZone);
  const { draft, update, problems } = form;
  const dayBookings = useDayBookings(draft.date || null) ?? [];
  const covers = coversBySlot(dayBookings);
  const slot = slotOf(draft.time);
  const party = typeof draft.partySize === 'number' ? draft.partySize : 0;
  const previous = existing
    ? {
        slot: existing.date === draft.date ? slotOf(existing.time) : '',
        partySize: existing.partySize,
        counted: countsInCovers(existing.status),
      }
    : undefined;
  const counted = countsInCovers(draft.status) ? party : 0;
  const slotCovers = slot ? coversWith(covers, slot, counted, previous) : 0;
  const warn = passesLimit(slotCovers, coverLimit);
  const timeOptions = (QUARTERS.includes(draft.time) ? QUARTERS : [...QUARTERS, draft.time].sort()).map((time) => ({
    value: time,
    label: `${time} · ${coversWith(covers, time, 0, previous)} covers`,
  }));
  const skippedLater = problems.time?.match(/(\d{2}:\d{2}) is the same moment/)?.[1];
  const customFields = fields.filter((field) => !isStandardBookingField(field.name));

  return (
    <form
      onSubmit={(event) => (event.preventDefault(), void form.save())}
      aria-label={existing ? 'Edit booking' : 'New booking'}
    >
      <Stack gap="sm">
        <GuestPicker picked={draft.guest} onPick={(guest) => update({ guest })} />
        {problems.guest && (
          <Text size="sm" c="red">
            {problems.guest}
          </Text>
        )}
        <SimpleGrid cols={3} spacing="sm">
          <DatePickerInput
            label="Date"
            description="day of the booking"
            value={draft.date || null}
            onChange={(value) => update({ date: value ? String(value).slice(0, 10) : '' })}
            valueFormat="ddd D MMM YYYY"
            firstDayOfWeek={1}
            error={problems.date}
          />
          <Select
            label="Time"
            description={timeZone}
            data={timeOptions}
            value={draft.time}
            onChange={(value) => value && update({ time: value })}
            searchable
            allowDeselect={false}
            maxDropdownHeight={260}
            error={problems.time}
          />
          <NumberInput
            label="Party size"
            description="people"
            value={draft.partySize}
            min={1}
            max={10_000}
            allowDecimal={false}
            onChange={(value) => update({ partySize: typeof value === 'number' ? value : '' })}
            error={problems.partySize}
          />
        </SimpleGrid>
        {skippedLater && (
          <Button size="xs" variant="light" w="fit-content" onClick={() => update({ time: skippedLater })}>
            Book {skippedLater} instead
          </Button>
        )}
        {slot && (
          <Alert
            color={warn ? 'orange' : 'blue'}
            variant="light"
            role={warn ? 'alert' : 'status'}
            aria-label="slot covers"
            p="xs"
          >
            {warn
              ? `The ${slot} slot would have ${slotCovers} covers, over the limit of ${coverLimit}. You can still save it.`
              : `The ${slot} slot has ${slotCovers} covers with this booking${coverLimit ? ` (limit ${coverLimit})` : ''}.`}
          </Alert>
        )}
        <TagsInput
          label="Attendee names"
          placeholder="Type a name, press Enter"
          value={draft.attendeeNames}
          onChange={(names) => update({ attendeeNames: names })}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Status
          </Text>
          <SegmentedControl
            size="xs"
            value={draft.status}
            onChange={(status) => update({ status: statusOf(status) })}
            data={[...new Set([...BOOKING_STATUSES, draft.status])]}
            aria-label="Status"
          />
        </div>
        <SimpleGrid cols={2} spacing="sm">
          {customFields.map((field) =>
            field.type === 'multipleSelect' ? (
              <MultiSelect
                key={field.name}
                label={field.label ?? field.name}
                data={field.options ?? []}
                error={problems[field.name]}
                value={(draft.custom[field.name] ?? '')
                  .split(',')
                  .map((option) => option.trim())
                  .filter(Boolean)}
                onChange={(options) => form.setCustom(field.name, options.join(','))}
              />
            ) : (
              <FieldEditor
                key={field.name}
                field={field}
                label={field.label ?? field.name}
                value={draft.custom[field.name] ?? ''}
                onChange={(value) => form.setCustom(field.name, value)}
                error={problems[field.name]}
              />
            ),
          )}
        </SimpleGrid>
        <ErrorAlert error={form.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={closeBookingForm}>
            Close (Esc)
          </Button>
          <Button type="submit" loading={form.busy}>
            {existing ? 'Save booking' : 'Make booking'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
