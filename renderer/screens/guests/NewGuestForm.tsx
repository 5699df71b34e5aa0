import { Alert, Button, Collapse, Group, SimpleGrid, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { detailsToAdd } from '../../../shared/rules/contact-identity';
import { AddDetailsDialog } from '../../components/AddDetailsDialog';
import { FIELD } from '../../db/contact';
import type { GuestRow } from '../../db/guest-types';
import { useAccount } from '../../stores/account';
import { useGuests } from '../../stores/guests';
import { openGuest } from '../../stores/guests-panel';
import { FormFooter } from './FormFooter';
import { editableFields } from './useDetailsEdit';
import { fieldLabel } from './field-labels';
import { FieldEditor } from './FieldEditor';
import { useCacheQuery } from '../../hooks/useCacheQuery';
import { guestsOnFile, useNewGuest, type LikelyDuplicate } from './useNewGuest';

type NewGuestState = ReturnType<typeof useNewGuest>;

const MAIN_FIELDS = [FIELD.firstName, FIELD.surname, FIELD.email, FIELD.mobile, FIELD.member, FIELD.card];

/** Records a new guest: an email or a mobile is required; a guest already on file with them is offered instead; works offline under a local id. */
export function NewGuestForm() {
  const db = useGuests((state) => state.cache?.db);
  const schema = useCacheQuery(
    async () => (db ? { fields: await db.fieldList(), categories: await db.categoryNames() } : null),
    [db],
  );
  const form = useNewGuest();
  const [more, setMore] = useState(false);
  const fields = editableFields(schema?.fields ?? [], {}).filter((field) => field.type !== 'multipleSelect');
  const main = MAIN_FIELDS.map((name) => fields.find((field) => field.name === name) ?? { name, type: 'string' });
  const others = fields.filter((field) => !MAIN_FIELDS.includes(field.name as (typeof MAIN_FIELDS)[number]));
  const editor = (field: { name: string; type: string; options?: string[] }) => (
    <FieldEditor
      key={field.name}
      field={field}
      label={fieldLabel(field.name)}
      value={form.value(field.name)}
      onChange={(value) => form.setValue(field.name, value)}
      error={form.fieldError(field)}
    />
  );

  return (
    <form onSubmit={(event) => (event.preventDefault(), void form.submit([...main, ...others]))} aria-label="new guest">
      <Stack gap="sm">
        <Title order={3}>New guest</Title>
        <Text size="sm" c="dimmed">
          An email or a mobile is needed. It works offline: the guest goes to the service when the line is up.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="xs">
          {main.map(editor)}
        </SimpleGrid>
        {others.length > 0 && (
          <>
            <Button variant="subtle" size="xs" w="fit-content" onClick={() => setMore((open) => !open)}>
              {more ? 'Fewer fields' : `More fields (${others.length})`}
            </Button>
            <Collapse expanded={more}>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="xs">
                {others.map(editor)}
              </SimpleGrid>
            </Collapse>
          </>
        )}
        <TagsInput
          label="Categories"
          data={schema?.categories ?? []}
          value={form.categories}
          onChange={form.setCategories}
          clearable
          acceptValueOnBlur
        />
        <DuplicateOffer
          duplicates={form.duplicates}
          details={form.newDetails([...main, ...others])}
          addToGuest={form.addToGuest}
        />
        <FormFooter error={form.error} busy={form.busy} submitLabel="Record guest">
          <Button variant="default" onClick={form.clear}>
            Clear
          </Button>
        </FormFooter>
      </Stack>
    </form>
  );
}

/**
 * The guests on file with the same email or mobile. The service keeps one guest per email and one
 * per mobile, so instead of recording a second one staff open that guest or add these details to them.
 */
function DuplicateOffer({
  duplicates,
  details,
  addToGuest,
}: {
  duplicates: LikelyDuplicate[];
  details: Record<string, unknown>;
  addToGuest: NewGuestState['addToGuest'];
}) {
  const country = useAccount((state) => state.account?.defaultPhoneCountry);
  const [adding, setAdding] = useState<GuestRow | null>(null);
  if (duplicates.length === 0) return null;
  const guests = guestsOnFile(duplicates);
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
              onClick={() => openGuest(row.key)}
            >{`Open ${row.label}`}</Button>
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
            These details belong to two guests on file; change the email or the mobile, or open each of them.
          </Text>
        )}
      </Stack>
      <AddDetailsDialog
        opened={adding !== null}
        guestName={adding?.label ?? ''}
        changes={adding ? detailsToAdd(adding.record, details, country) : []}
        busy={addToGuest.busy}
        error={addToGuest.error}
        onConfirm={(fields) => {
          if (!adding) return;
          const chosen = detailsToAdd(adding.record, details, country).filter((change) =>
            fields.includes(change.field),
          );
          void addToGuest.run(adding, chosen, details).then((done) => done && setAdding(null));
        }}
        onClose={() => setAdding(null)}
      />
    </Alert>
  );
}
