import { Button, Collapse, SimpleGrid, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DuplicateOffer } from '../../components/DuplicateOffer';
import { FIELD } from '../../db/contact';
import { useGuests } from '../../stores/guests';
import { openGuest } from '../../stores/guests-panel';
import { FormFooter } from './FormFooter';
import { editableFields } from './useDetailsEdit';
import { fieldLabel } from './field-labels';
import { FieldEditor } from './FieldEditor';
import { useCacheQuery } from '../../hooks/useCacheQuery';
import { useNewGuest } from './useNewGuest';

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
          take={{ verb: 'Open', onTake: (row) => openGuest(row.key), each: 'open each of them' }}
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
