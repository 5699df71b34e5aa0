import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { validateNewContact } from '../../../shared/rules/contact';
import { emailKey, isValidEmail } from '../../../shared/rules/email';
import { normalizePhone, type CountryCode } from '../../../shared/rules/phone';
import { getDesk } from '../../bridge/desk';
import { FIELD, type FieldValue } from '../../db/contact';
import type { GuestRow } from '../../db/guest-db';
import { TERM } from '../../search/terms';
import { useAccount } from '../../stores/account';
import { useGuests } from '../../stores/guests';
import { createGuest } from '../../stores/guests-writes';
import { useLiveQuery } from '../guests/useLiveQuery';
import type { PickedGuest } from './GuestPicker';

/** A likely duplicate already cached, and what they share. */
interface LikelyDuplicate {
  row: GuestRow;
  same: 'email' | 'mobile';
}

/**
 * Records a new guest from the booking form with the New guest rules: an email or a mobile, both
 * valid, and a guest already on file with the same email or mobile shown first (use them, or record anyway).
 */
export function InlineNewGuest({ onCreated, onUse, onCancel }: { onCreated: (guest: PickedGuest) => void; onUse: (row: GuestRow) => void; onCancel: () => void }) {
  const country = useAccount((state) => state.account?.defaultPhoneCountry) as CountryCode | undefined;
  const cache = useGuests((state) => state.cache);
  const [values, setValues] = useState<Record<string, string>>({});
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const value = (name: string) => values[name] ?? '';
  const email = value(FIELD.email).trim();
  const mobile = value(FIELD.mobile).trim() ? normalizePhone(value(FIELD.mobile), country) : null;

  const duplicates =
    useLiveQuery(async (): Promise<LikelyDuplicate[]> => {
      if (!cache) return [];
      const byEmail = email && isValidEmail(email) ? await cache.db.guestsWithTerm(TERM.email + emailKey(email)) : [];
      const byMobile = mobile ? await cache.db.guestsWithTerm(TERM.phone + mobile.slice(1)) : [];
      return [...byEmail.map((row) => ({ row, same: 'email' as const })), ...byMobile.map((row) => ({ row, same: 'mobile' as const }))];
    }, [cache, email, mobile]) ?? [];

  const set = (name: string, next: string) => (setValues({ ...values, [name]: next }), setAccepted(false), setError(null));

  const submit = async () => {
    const record: Record<string, FieldValue> = {};
    for (const name of [FIELD.firstName, FIELD.surname, FIELD.email]) if (value(name).trim()) record[name] = value(name).trim();
    if (value(FIELD.mobile).trim()) {
      if (!mobile) return setError('Not a valid mobile number (add the country code if it is abroad).');
      record[FIELD.mobile] = mobile;
    }
    if (email && !isValidEmail(email)) return setError('Not a valid email address.');
    const problem = validateNewContact(record);
    if (problem) return setError(problem === 'No email or mobile information' ? 'Enter an email or a mobile: the service needs one of them.' : problem);
    if (duplicates.length > 0 && !accepted) return setError('This looks like a guest already on file (see above). Use them, or choose "Record anyway".');
    setBusy(true);
    try {
      const localId = await createGuest(getDesk(), record, []);
      const label = [record[FIELD.firstName], record[FIELD.surname]].filter(Boolean).join(' ') || email || String(record[FIELD.mobile] ?? '');
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
        <Text fw={600} size="sm">New guest</Text>
        <SimpleGrid cols={2} spacing="xs">
          <TextInput label="First name" value={value(FIELD.firstName)} onChange={(e) => set(FIELD.firstName, e.currentTarget.value)} data-autofocus />
          <TextInput label="Surname" value={value(FIELD.surname)} onChange={(e) => set(FIELD.surname, e.currentTarget.value)} />
          <TextInput label="Mobile" value={value(FIELD.mobile)} onChange={(e) => set(FIELD.mobile, e.currentTarget.value)}
            error={value(FIELD.mobile).trim() && !mobile ? 'Not a valid mobile number' : undefined} />
          <TextInput label="Email" value={value(FIELD.email)} onChange={(e) => set(FIELD.email, e.currentTarget.value)}
            error={email && !isValidEmail(email) ? 'Not a valid email address' : undefined} />
        </SimpleGrid>
        {duplicates.length > 0 && (
          <Alert color="yellow" title="Already on file?" role="alert">
            {duplicates.map(({ row, same }) => (
              <Group key={`${row.key}-${same}`} justify="space-between" wrap="nowrap">
                <Text size="sm">{row.label} has the same {same} ({row.detail})</Text>
                <Button size="xs" variant="light" onClick={() => onUse(row)}>Use this guest</Button>
              </Group>
            ))}
            {!accepted && <Button size="xs" variant="subtle" mt={4} onClick={() => (setAccepted(true), setError(null))}>Record anyway</Button>}
          </Alert>
        )}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onCancel}>Back to search</Button>
          <Button size="xs" onClick={() => void submit()} loading={busy}>Record guest</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
