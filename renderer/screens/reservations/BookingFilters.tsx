import { Chip, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { BOOKING_STATUSES } from '../../../shared/rules/booking-status';
import type { BookingFieldRow } from '../../db/tables/reservations';
import { useReservationsView } from '../../stores/reservations-view';

/** Filters by status and by each singleSelect reservation field (table area …), and the search by guest name or phone. */
export function BookingFilters({ selectFields }: { selectFields: BookingFieldRow[] }) {
  const statuses = useReservationsView((state) => state.statuses);
  const fieldFilters = useReservationsView((state) => state.fieldFilters);
  const query = useReservationsView((state) => state.query);
  const scope = useReservationsView((state) => state.queryScope);
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
    </Group>
  );
}
