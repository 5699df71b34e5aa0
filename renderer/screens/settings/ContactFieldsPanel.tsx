import { Alert, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { getDesk } from '../../bridge/desk';
import { isAddableFieldType, type AddableFieldType } from '../../../shared/rules/fields';
import { useDeskAction } from '../../hooks/useDeskAction';
import { FIELD_TYPE_CHOICES, fieldTypeLabel } from '../guests/field-labels';
import { ErrorAlert } from '../../components/ErrorAlert';

type Field = { name: string; type: string; options?: string[] };

/** The account's contact fields with their types and options, and a form to add one. */
export function ContactFieldsPanel() {
  const [fields, setFields] = useState<Field[] | null>(null);
  const load = useDeskAction(() => getDesk().listContactFields({}));
  const reload = useCallback(() => void load.run().then((result) => result && setFields(result)), [load]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(reload, []);

  return (
    <Stack gap="sm">
      <ErrorAlert error={load.error} />
      {fields && (
        <Table striped withTableBorder aria-label="contact fields">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Options</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field) => (
              <Table.Tr key={field.name}>
                <Table.Td>{field.name}</Table.Td>
                <Table.Td>{fieldTypeLabel(field.type)}</Table.Td>
                <Table.Td>
                  {field.options?.map((option) => (
                    <Badge key={option} variant="light" mr={4}>
                      {option}
                    </Badge>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <AddFieldForm fieldNames={fields?.map((f) => f.name) ?? []} onAdded={reload} />
    </Stack>
  );
}

/** Adds a field: label, type and where it goes; the service's refusal is shown in its own words. */
function AddFieldForm({ fieldNames, onAdded }: { fieldNames: string[]; onAdded: () => void }) {
  const [label, setLabel] = useState('');
  const [type, setType] = useState<AddableFieldType>('string');
  const [appendAfter, setAppendAfter] = useState<string | null>(null);
  const add = useDeskAction(
    () => getDesk().addContactField({ label, type, ...(appendAfter ? { appendAfter } : {}) }),
    (field) => `Field ${field.name} added.`,
  );
  const submit = async () => {
    if (await add.run()) {
      setLabel('');
      onAdded();
    }
  };
  return (
    <form onSubmit={(event) => (event.preventDefault(), void submit())}>
      <Group align="flex-end" gap="xs">
        <TextInput label="New field label" value={label} onChange={(e) => setLabel(e.currentTarget.value)} required />
        <Select
          label="Type"
          data={FIELD_TYPE_CHOICES}
          value={type}
          onChange={(value) => value && isAddableFieldType(value) && setType(value)}
          allowDeselect={false}
          w={160}
        />
        <Select
          label="After field"
          data={fieldNames}
          value={appendAfter}
          onChange={setAppendAfter}
          clearable
          searchable
          placeholder="At the end"
          w={200}
        />
        <Button type="submit" variant="light" loading={add.busy}>
          Add field
        </Button>
      </Group>
      {add.error && (
        <Alert mt="xs" color="red" role="alert">
          {add.error}
        </Alert>
      )}
      {(type === 'singleSelect' || type === 'multipleSelect') && (
        <Text size="xs" c="dimmed" mt={4}>
          Options cannot be given here: they are created as guests are saved with new values.
        </Text>
      )}
    </form>
  );
}
