import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { detailsToAdd, type DetailChange } from '../../shared/rules/contact-identity';
import type { GuestRow } from '../db/guest-types';
import type { useDeskAction } from '../hooks/useDeskAction';
import { useAccount } from '../stores/account';
import { AddDetailsDialog } from './AddDetailsDialog';

/** A guest on file who has the email or mobile typed for a new guest, and which of the two. */
export interface LikelyDuplicate {
  row: GuestRow;
  same: 'email' | 'mobile';
}

/** The guests on file among the likely duplicates, each once. */
function guestsOnFile(duplicates: readonly LikelyDuplicate[]): GuestRow[] {
  return [...new Map(duplicates.map(({ row }) => [row.key, row])).values()];
}

/** Adding the chosen details of a new guest to a guest on file (useNewGuest's addToGuest). */
type AddToGuest = ReturnType<typeof useDeskAction<[GuestRow, DetailChange[], Record<string, unknown>], boolean>>;

/**
 * The guests on file with the same email or mobile as a new guest. The service keeps one guest per
 * email and one per mobile, so instead of recording a second one staff take that guest (open them,
 * or book for them) or add these details to them, field by field.
 */
export function DuplicateOffer({
  duplicates,
  details,
  addToGuest,
  take,
}: {
  duplicates: readonly LikelyDuplicate[];
  /** The new guest's details as they would be added (useNewGuest's newDetails). */
  details: Record<string, unknown>;
  addToGuest: AddToGuest;
  /** What taking a guest on file means here: its button's words ("Open", "Book for"), what it does, and how to say "each". */
  take: { verb: string; onTake: (row: GuestRow) => void; each: string };
}) {
  const country = useAccount((state) => state.account?.defaultPhoneCountry);
  const [adding, setAdding] = useState<GuestRow | null>(null);
  if (duplicates.length === 0) return null;
  const guests = guestsOnFile(duplicates);
  const changesFor = (row: GuestRow) => detailsToAdd(row.record, details, country);
  return (
    <Alert color="yellow" title="Already on file" role="alert">
      <Stack gap={6}>
        <Text size="sm">The service keeps one guest per email and one per mobile.</Text>
        {duplicates.map(({ row, same }) => (
          <Text key={`${row.key}-${same}`} size="sm">
            {row.label} already has this {same}.
          </Text>
        ))}
        <Group gap="xs">
          {guests.map((row) => (
            <Button
              key={row.key}
              size="xs"
              variant="light"
              onClick={() => take.onTake(row)}
            >{`${take.verb} ${row.label}`}</Button>
          ))}
          {guests.length === 1 && (
            <Button
              size="xs"
              variant="light"
              color="teal"
              onClick={() => (addToGuest.clearError(), setAdding(guests[0]!))}
            >{`Add these details to ${guests[0]!.label}`}</Button>
          )}
        </Group>
        {guests.length > 1 && (
          <Text size="xs">
            These details belong to two guests on file; change the email or the mobile, or {take.each}.
          </Text>
        )}
      </Stack>
      <AddDetailsDialog
        opened={adding !== null}
        guestName={adding?.label ?? ''}
        changes={adding ? changesFor(adding) : []}
        busy={addToGuest.busy}
        error={addToGuest.error}
        onConfirm={(fields) => {
          if (!adding) return;
          const chosen = changesFor(adding).filter((change) => fields.includes(change.field));
          void addToGuest.run(adding, chosen, details).then((done) => done && setAdding(null));
        }}
        onClose={() => setAdding(null)}
      />
    </Alert>
  );
}
