import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isAddableFieldType, type AddableFieldType } from '../../../shared/rules/fields';
import { addFieldForColumn } from '../../import/controller';
import { FIELD_TYPE_CHOICES } from '../guests/field-labels';

/** Adds a contact field for a column (add_contact_field); a refusal is shown in the service's words. */
export function NewFieldForm({
  column,
  suggestedLabel,
  onDone,
}: {
  column: number;
  suggestedLabel: string;
  onDone: () => void;
}) {
  const [label, setLabel] = useState(suggestedLabel);
  const [type, setType] = useState<AddableFieldType>('string');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    const problem = await addFieldForColumn(column, label.trim(), type);
    setBusy(false);
    if (problem) setError(problem);
    else onDone();
  };
  return (
    <Stack gap={4}>
      <Group gap={4} wrap="nowrap">
        <TextInput
          aria-label="New field label"
          size="xs"
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
          w={130}
        />
        <Select
          aria-label="New field type"
          size="xs"
          data={FIELD_TYPE_CHOICES}
          value={type}
          onChange={(value) => value && isAddableFieldType(value) && setType(value)}
          allowDeselect={false}
          w={120}
        />
        <Button size="xs" onClick={() => void add()} loading={busy} disabled={label.trim() === ''}>
          Add field
        </Button>
        <Button size="xs" variant="subtle" onClick={onDone}>
          Cancel
        </Button>
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
