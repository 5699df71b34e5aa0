import { Text } from '@mantine/core';
import { useCacheQuery } from '../../hooks/useCacheQuery';
import { useGuests } from '../../stores/guests';
import type { OutboxItem } from '../../stores/outbox';

/** The guest an entry is for, when its line cannot say: a booking or a purchase names the guest by id only. */
export function EntryGuest({ item }: { item: OutboxItem }) {
  const db = useGuests((state) => state.cache?.db);
  const key = guestKeyOf(item);
  const guest = useCacheQuery(async () => (key && db ? ((await db.guestByKey(key)) ?? null) : null), [db, key]);
  if (!guest) return null;
  return (
    <Text size="xs" c="dimmed">
      For {guest.label}
      {guest.detail ? ` (${guest.detail})` : ''}
    </Text>
  );
}

/** The cached guest's key of a booking or purchase whose payload carries no name. */
function guestKeyOf(item: OutboxItem): string | undefined {
  if (item.kind === 'add_purchase') return item.payload.contact_id;
  if (item.kind !== 'push_reservations') return undefined;
  const { contact } = item.payload;
  return contact.PatronName || contact.PatronSurname ? undefined : contact.contact_id;
}
