import { Group, ScrollArea, Stack, Text } from '@mantine/core';
import type { BookingView } from '../../sync/booking-overlay';
import { BookingCard } from './BookingCard';
import { passesLimit, slotOf, timelineSlots } from './slots';
import { openBookingForm } from '../../stores/reservations-view';

/** The day on 15-minute slots: each slot's covers (pending bookings included, cancelled left out) and its bookings. */
export function DayTimeline({
  date,
  bookings,
  covers,
  coverLimit,
  areaField,
}: {
  date: string;
  bookings: BookingView[];
  covers: Map<string, number>;
  coverLimit: number | null;
  areaField?: string;
}) {
  const bySlot = new Map<string, BookingView[]>();
  for (const booking of bookings) {
    const slot = slotOf(booking.time);
    bySlot.set(slot, [...(bySlot.get(slot) ?? []), booking]);
  }
  const slots = timelineSlots(bookings);
  return (
    <ScrollArea style={{ flex: 1 }} type="auto" aria-label="timeline" data-day={date}>
      <Stack gap={0}>
        {slots.map((slot) => {
          const inSlot = bySlot.get(slot) ?? [];
          const slotCovers = covers.get(slot) ?? 0;
          const over = passesLimit(slotCovers, coverLimit);
          const hour = slot.endsWith(':00');
          return (
            <Group
              key={slot}
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-slot={slot}
              py={4}
              style={{ borderTop: `1px solid var(--mantine-color-gray-${hour ? 4 : 2})`, minHeight: 34 }}
              onDoubleClick={(event) =>
                event.target === event.currentTarget && openBookingForm({ mode: 'new', time: `${slot}:00` })
              }
            >
              <Text size="sm" w={48} fw={hour ? 600 : 400} c={hour ? undefined : 'dimmed'}>
                {slot}
              </Text>
              <Text
                size="xs"
                w={70}
                fw={slotCovers ? 600 : 400}
                c={over ? 'red' : slotCovers ? 'blue.7' : 'gray.4'}
                aria-label={`covers at ${slot}`}
                data-covers={slotCovers}
                pt={2}
              >
                {slotCovers ? `${slotCovers} covers` : '—'}
              </Text>
              <Group gap={6} style={{ flex: 1 }}>
                {inSlot.map((booking) => (
                  <BookingCard key={booking.id} booking={booking} areaField={areaField} />
                ))}
              </Group>
            </Group>
          );
        })}
      </Stack>
    </ScrollArea>
  );
}
