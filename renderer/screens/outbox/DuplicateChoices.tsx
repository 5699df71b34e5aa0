import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { detailsToAdd } from '../../../shared/rules/contact-identity';
import { getDesk } from '../../bridge/desk';
import { AddDetailsDialog } from '../../components/AddDetailsDialog';
import { useDeskAction } from '../../hooks/useDeskAction';
import { useAccount } from '../../stores/account';
import { useGuests } from '../../stores/guests';
import { openGuest } from '../../stores/guests-panel';
import { useNavigation } from '../../stores/navigation';
import type { OutboxItem } from '../../stores/outbox';
import { patchOutboxList } from '../../stores/outbox-list';
import { reportBackgroundFailure } from '../../stores/background-failures';

type ExistingGuest = NonNullable<NonNullable<OutboxItem['problem']>['existingGuests']>[number];

/** The new guest's details in an entry: the guest push itself, or a booking's guest (other kinds name none). */
function newGuestOf(item: OutboxItem): Record<string, unknown> {
  if (item.kind === 'push_reservations') return item.payload.contact;
  return item.kind === 'push_contact' ? item.payload : {};
}

/** A new guest the service refused as a duplicate: the guests it already has, and a person's choices. */
export function DuplicateChoices({ item, guests }: { item: OutboxItem; guests: ExistingGuest[] }) {
  const country = useAccount((state) => state.account?.defaultPhoneCountry);
  const [adding, setAdding] = useState<ExistingGuest | null>(null);
  const add = useDeskAction(
    (guest: ExistingGuest, fields: string[]) =>
      getDesk()
        .addToExistingGuest({ id: item.id, contactId: guest.contactId, fields })
        .then((view) => (patchOutboxList([view], []), view)),
    'Added to the guest already on file.',
  );
  const open = async (guest: ExistingGuest) => {
    openGuest(guest.contactId);
    useNavigation.getState().go('guests');
    // A guest another desk added since the last sync is fetched first, so the profile can show them.
    const cache = useGuests.getState().cache;
    if (cache && !(await cache.db.guestByKey(guest.contactId)))
      await cache.sync.run().catch((error: unknown) => reportBackgroundFailure('Fetching the guest on file', error));
  };
  return (
    <Stack gap={4} aria-label="guest already on file">
      {guests.map((guest) => (
        <Group key={guest.contactId} gap="xs" wrap="wrap">
          <Text size="xs" fw={600}>
            {guest.name}
          </Text>
          <Text size="xs" c="dimmed">
            {[guest.email, guest.mobile].filter(Boolean).join(' · ')} (contact {guest.contactId})
          </Text>
          <Button size="compact-xs" variant="light" onClick={() => void open(guest)}>{`Open ${guest.name}`}</Button>
          {guests.length === 1 && (
            <Button
              size="compact-xs"
              variant="light"
              color="teal"
              onClick={() => (add.clearError(), setAdding(guest))}
            >{`Add these details to ${guest.name}`}</Button>
          )}
        </Group>
      ))}
      <AddDetailsDialog
        opened={adding !== null}
        guestName={adding?.name ?? ''}
        changes={adding ? detailsToAdd(adding.record, newGuestOf(item), country) : []}
        busy={add.busy}
        error={add.error}
        onConfirm={(fields) => adding && void add.run(adding, fields).then((done) => done && setAdding(null))}
        onClose={() => setAdding(null)}
      />
    </Stack>
  );
}
