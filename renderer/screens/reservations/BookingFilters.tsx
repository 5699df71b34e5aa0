import { Chip, Group, NumberInput, SegmentedControl, Select, TextInput } from '@mantine/core';
import { memo } from 'react';
import { BOOKING_STATUSES } from '../../../shared/rules/booking-status';
import type { BookingFieldRow } from '../../db/tables/reservations';
import { setCoverLimit, useReservationsView } from '../../stores/reservations-view';

/** Filters by status and by each singleSelect reservation field (table area …), the search by guest name or phone, and the covers-per-slot limit. */
export const BookingFilters = memo(function BookingFilters({ selectFields }: { selectFields: BookingFieldRow[] }) {
  const statuses = useReservationsView((state) => state.statuses);
  const fieldFilters = useReservationsView((state) => state.fieldFilters);
  const query = useReservationsView((state) => state.query);
  const scope = useReservationsView((state) => state.queryScope);
  const coverLimit = useReservationsView((state) => state.coverLimit);
  return (
    <Group gap="sm" align="center">
      <Chip.Group multiple value={statuses} onChange={(next) => useReservationsView.setState({ statuses: next })}>
        <Group gap={4} aria-label="status filter">
          {BOOKING_STATUSES.map((status) => (
            <Chip key={status} value={status} size="xs" variant="outline">
              {status}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {selectFields.map((field) => (
        <Select
          key={field.name}
          aria-label={`Filter by ${field.label ?? field.name}`}
          placeholder={`Any ${(field.label ?? field.name).toLowerCase()}`}
          data={field.options ?? []}
          value={fieldFilters[field.name] ?? null}
          onChange={(value) => {
            const { [field.name]: _dropped, ...rest } = fieldFilters;
            useReservationsView.setState({ fieldFilters: value ? { ...rest, [field.name]: value } : rest });
          }}
          clearable
          size="xs"
          w={150}
        />
      ))}
      <TextInput
        aria-label="Search bookings"
        placeholder="Guest name or phone"
        value={query}
        onChange={(event) => useReservationsView.setState({ query: event.currentTarget.value })}
        size="xs"
        w={200}
      />
      <SegmentedControl
        size="xs"
        aria-label="Search scope"
        value={scope}
        onChange={(value) => useReservationsView.setState({ queryScope: value === 'week' ? 'week' : 'day' })}
        data={[
          { value: 'day', label: 'This day' },
          { value: 'week', label: 'This week' },
        ]}
      />
      <NumberInput
        aria-label="Covers per slot limit"
        placeholder="No slot limit"
        value={coverLimit ?? ''}
        onChange={(value) => setCoverLimit(typeof value === 'number' ? value : null)}
        min={1}
        max={10_000}
        w={120}
        size="xs"
        hideControls
        title="Covers per 15-minute slot before the form warns"
      />
    </Group>
  );
});
