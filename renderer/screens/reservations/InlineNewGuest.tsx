import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DuplicateOffer } from '../../components/DuplicateOffer';
import { FIELD } from '../../db/contact';
import type { GuestRow } from '../../db/guest-types';
import { useNewGuest } from '../guests/useNewGuest';
import type { PickedGuest } from './picked-guest';
import { ErrorAlert } from '../../components/ErrorAlert';

/** The details the booking form asks of a new guest, in the order it shows them. */
const FIELDS = [FIELD.firstName, FIELD.surname, FIELD.mobile, FIELD.email].map((name) => ({ name, type: 'string' }));

/** What staff see of each field. */
const LABELS: Record<string, string> = {
  [FIELD.firstName]: 'First name',
  [FIELD.surname]: 'Surname',
  [FIELD.mobile]: 'Mobile',
  [FIELD.email]: 'Email',
};

/**
 * Records a new guest from the booking form with the New guest rules (useNewGuest): an email or a
 * mobile, both valid. The service keeps one guest per email and one per mobile, so a guest on file
 * with the same email or mobile is never recorded again: staff book for that guest, or add these
 * details to them first.
 */
export function InlineNewGuest({
  onCreated,
  onUse,
  onCancel,
}: {
  onCreated: (guest: PickedGuest) => void;
  onUse: (row: GuestRow) => void;
  onCancel: () => void;
}) {
  const form = useNewGuest({
    draftId: 'booking-new-guest',
    instead: 'Book for them',
    onRecorded: (localId, record) => {
      const text = (name: string) => String(record[name] ?? '');
      const label = [text(FIELD.firstName), text(FIELD.surname)].filter(Boolean).join(' ');
      onCreated({
        key: localId,
        label: label || text(FIELD.email) || text(FIELD.mobile),
        detail: [text(FIELD.email), text(FIELD.mobile)].filter(Boolean).join(' · '),
      });
    },
    onAddedTo: onUse,
  });
  return (
    <Paper withBorder p="sm" aria-label="new guest">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          New guest
        </Text>
        <SimpleGrid cols={2} spacing="xs">
          {FIELDS.map((field, index) => (
            <TextInput
              key={field.name}
              label={LABELS[field.name]}
              value={form.value(field.name)}
              onChange={(event) => form.setValue(field.name, event.currentTarget.value)}
              error={form.fieldError(field)}
              data-autofocus={index === 0 || undefined}
            />
          ))}
        </SimpleGrid>
        <DuplicateOffer
          duplicates={form.duplicates}
          details={form.newDetails(FIELDS)}
          addToGuest={form.addToGuest}
          take={{ verb: 'Book for', onTake: onUse, each: 'book for one of them' }}
        />
        <ErrorAlert error={form.error} />
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={() => (form.clear(), onCancel())}>
            Back to search
          </Button>
          <Button size="xs" onClick={() => void form.submit(FIELDS)} loading={form.busy}>
            Record guest
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
