import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { validateNewContact } from '../../../shared/rules/contact';
import { detailsToAdd } from '../../../shared/rules/contact-identity';
import { emailKey, isValidEmail } from '../../../shared/rules/email';
import { normalizePhone, type CountryCode } from '../../../shared/rules/phone';
import { getDesk } from '../../bridge/desk';
import { AddDetailsDialog } from '../../components/AddDetailsDialog';
import { FIELD, type FieldValue } from '../../db/contact';
import type { GuestRow } from '../../db/guest-types';
import { TERM } from '../../search/terms';
import { useAccount } from '../../stores/account';
import { useGuests } from '../../stores/guests';
import { createGuest, saveGuestEdit, type GuestEdit } from '../../stores/guests-writes';
import { useCacheQuery } from '../../hooks/useCacheQuery';
import { guestsOnFile, type LikelyDuplicate } from '../guests/useNewGuest';
import type { PickedGuest } from './GuestPicker';

/**
 * Records a new guest from the booking form with the New guest rules: an email or a mobile, both
 * valid. The service keeps one guest per email and one per mobile, so a guest on file with the same
 * email or mobile is never recorded again: staff book for that guest, or add these details to them first.
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
  const country = useAccount((state) => state.account?.defaultPhoneCountry) as CountryCode | undefined;
  const cache = useGuests((state) => state.cache);
  const [values, setValues] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState<GuestRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const value = (name: string) => values[name] ?? '';
  const email = value(FIELD.email).trim();
  const mobile = value(FIELD.mobile).trim() ? normalizePhone(value(FIELD.mobile), country) : null;

  const duplicates =
    useCacheQuery(async (): Promise<LikelyDuplicate[]> => {
      if (!cache) return [];
      const byEmail = email && isValidEmail(email) ? await cache.db.guestsWithTerm(TERM.email + emailKey(email)) : [];
      const byMobile = mobile ? await cache.db.guestsWithTerm(TERM.phone + mobile.slice(1)) : [];
      return [
        ...byEmail.map((row) => ({ row, same: 'email' as const })),
        ...byMobile.map((row) => ({ row, same: 'mobile' as const })),
      ];
    }, [cache, email, mobile]) ?? [];

  const set = (name: string, next: string) => (setValues({ ...values, [name]: next }), setError(null));

  /** The typed details as the service takes them (blanks left out; the mobile in international form). */
  const typedRecord = (): Record<string, FieldValue> => {
    const record: Record<string, FieldValue> = {};
    for (const name of [FIELD.firstName, FIELD.surname, FIELD.email])
      if (value(name).trim()) record[name] = value(name).trim();
    if (mobile) record[FIELD.mobile] = mobile;
    return record;
  };

  /** A person's choice: the ticked details go to the guest on file as a profile edit, and the booking is theirs. */
  const addToGuest = async (row: GuestRow, fields: string[]) => {
    const chosen = detailsToAdd(row.record, typedRecord(), country).filter((change) => fields.includes(change.field));
    const edit: GuestEdit = {
      changes: Object.fromEntries(chosen.map((change) => [change.field, typedRecord()[change.field]!])),
      multiselect: [],
    };
    setBusy(true);
    try {
      if (Object.keys(edit.changes).length > 0) await saveGuestEdit(getDesk(), row.key, edit);
      setAdding(null);
      onUse(row);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const record: Record<string, FieldValue> = {};
    for (const name of [FIELD.firstName, FIELD.surname, FIELD.email])
      if (value(name).trim()) record[name] = value(name).trim();
    if (value(FIELD.mobile).trim()) {
      if (!mobile) return setError('Not a valid mobile number (add the country code if it is abroad).');
      record[FIELD.mobile] = mobile;
    }
    if (email && !isValidEmail(email)) return setError('Not a valid email address.');
    const problem = validateNewContact(record);
    if (problem)
      return setError(
        problem === 'No email or mobile information'
          ? 'Enter an email or a mobile: the service needs one of them.'
          : problem,
      );
    if (duplicates.length > 0) {
      const onFile = duplicates.map(({ row, same }) => `${row.label} already has this ${same}`).join(' and ');
      return setError(
        `The service keeps one guest per email and one per mobile, and ${onFile}. Book for them, add these details to them, or change the email or mobile.`,
      );
    }
    setBusy(true);
    try {
      const localId = await createGuest(getDesk(), record, []);
      const label =
        [record[FIELD.firstName], record[FIELD.surname]].filter(Boolean).join(' ') ||
        email ||
        String(record[FIELD.mobile] ?? '');
      onCreated({ key: localId, label, detail: [email, record[FIELD.mobile]].filter(Boolean).join(' · ') });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="sm" aria-label="new guest">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          New guest
        </Text>
        <SimpleGrid cols={2} spacing="xs">
          <TextInput
            label="First name"
            value={value(FIELD.firstName)}
            onChange={(e) => set(FIELD.firstName, e.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label="Surname"
            value={value(FIELD.surname)}
            onChange={(e) => set(FIELD.surname, e.currentTarget.value)}
          />
          <TextInput
            label="Mobile"
            value={value(FIELD.mobile)}
            onChange={(e) => set(FIELD.mobile, e.currentTarget.value)}
            error={value(FIELD.mobile).trim() && !mobile ? 'Not a valid mobile number' : undefined}
          />
          <TextInput
            label="Email"
            value={value(FIELD.email)}
            onChange={(e) => set(FIELD.email, e.currentTarget.value)}
            error={email && !isValidEmail(email) ? 'Not a valid email address' : undefined}
          />
        </SimpleGrid>
        {duplicates.length > 0 && (
          <Alert color="yellow" title="Already on file" role="alert">
            <Stack gap={6}>
              <Text size="sm">The service keeps one guest per email and one per mobile.</Text>
              {duplicates.map(({ row, same }) => (
                <Text key={`${row.key}-${same}`} size="sm">
                  {row.label} already has this {same} ({row.detail}).
                </Text>
              ))}
              <Group gap="xs">
                {guestsOnFile(duplicates).map((row) => (
                  <Button
                    key={row.key}
                    size="xs"
                    variant="light"
                    onClick={() => onUse(row)}
                  >{`Book for ${row.label}`}</Button>
                ))}
                {guestsOnFile(duplicates).length === 1 && (
                  <Button
                    size="xs"
                    variant="light"
                    color="teal"
                    onClick={() => (setError(null), setAdding(guestsOnFile(duplicates)[0]!))}
                  >
                    {`Add these details to ${guestsOnFile(duplicates)[0]!.label}`}
                  </Button>
                )}
              </Group>
              {guestsOnFile(duplicates).length > 1 && (
                <Text size="xs">
                  These details belong to two guests on file; change the email or the mobile, or book for one of them.
                </Text>
              )}
            </Stack>
          </Alert>
        )}
        <AddDetailsDialog
          opened={adding !== null}
          guestName={adding?.label ?? ''}
          changes={adding ? detailsToAdd(adding.record, typedRecord(), country) : []}
          busy={busy}
          error={adding ? error : null}
          onConfirm={(fields) => adding && void addToGuest(adding, fields)}
          onClose={() => setAdding(null)}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onCancel}>
            Back to search
          </Button>
          <Button size="xs" onClick={() => void submit()} loading={busy}>
            Record guest
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
