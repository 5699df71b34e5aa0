import { Button, Card, Group, SegmentedControl, Select, Stack, Table, TagsInput, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ColumnTarget } from '../../import/matching';
import { checkRows, setColumnTarget, setImportOptions } from '../../import/controller';
import { useImport } from '../../stores/import';
import { reportBackgroundFailure } from '../../stores/background-failures';
import { useGuests } from '../../stores/guests';
import { fieldLabel } from '../guests/field-labels';
import { NewFieldForm } from './NewFieldForm';
import { rowsLabel } from './rows-label';

const NEW_FIELD = '__new';

/** A column target as a Select value. */
function targetValue(target: ColumnTarget | undefined): string {
  if (!target || target.kind === 'ignore') return 'ignore';
  return target.kind === 'field' ? `field:${target.field}` : target.kind;
}

/** A Select value as a column target. */
function valueTarget(value: string): ColumnTarget {
  if (value.startsWith('field:')) return { kind: 'field', field: value.slice('field:'.length) };
  return value === 'name' || value === 'categories' ? { kind: value } : { kind: 'ignore' };
}

/** Each column of the file, a few of its values, and the contact field it fills (matched automatically, every match editable). */
export function ColumnMatching() {
  const file = useImport((state) => state.file);
  const fields = useImport((state) => state.fields);
  const targets = useImport((state) => state.targets);
  const policy = useImport((state) => state.policy);
  const categories = useImport((state) => state.categories);
  const badValues = useImport((state) => state.badValues);
  const busy = useImport((state) => state.busy);
  const [adding, setAdding] = useState<number | null>(null);
  const [knownCategories, setKnownCategories] = useState<string[]>([]);
  const cache = useGuests((state) => state.cache);
  useEffect(() => {
    cache?.db
      .categoryNames()
      .then(setKnownCategories)
      .catch((error: unknown) => reportBackgroundFailure('Reading the categories on the desk', error));
  }, [cache]);
  if (!file) return null;

  const used = new Set(targets.flatMap((target) => (target.kind === 'field' ? [target.field] : [])));
  const options = (column: number) => [
    {
      group: 'Contact fields',
      items: fields.map((field) => ({
        value: `field:${field.name}`,
        label: fieldLabel(field.name),
        disabled: used.has(field.name) && targetValue(targets[column]) !== `field:${field.name}`,
      })),
    },
    {
      group: 'Other',
      items: [
        { value: 'name', label: 'Full name (split into first name and surname)' },
        { value: 'categories', label: 'Categories' },
        { value: 'ignore', label: 'Ignore this column' },
        { value: NEW_FIELD, label: 'New contact field…' },
      ],
    },
  ];
  const samples = (column: number) =>
    file.preview
      .slice(file.headerRow + 1)
      .map((row) => row[column] ?? '')
      .filter((cell) => cell.trim() !== '')
      .slice(0, 3)
      .join(' · ');
  const matched = targets.filter((target) => target.kind !== 'ignore').length;

  return (
    <Card withBorder>
      <Text fw={600} mb="xs">
        Columns: {matched} of {file.columns.length} will be imported
      </Text>
      <Table aria-label="Columns of the file" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column</Table.Th>
            <Table.Th>Values</Table.Th>
            <Table.Th w={320}>Becomes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {file.columns.map((column, index) => (
            <Table.Tr key={`${index}-${column}`}>
              <Table.Td fw={500}>{column}</Table.Td>
              <Table.Td
                c="dimmed"
                fz="xs"
                style={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {samples(index)}
              </Table.Td>
              <Table.Td>
                {adding === index ? (
                  <NewFieldForm column={index} suggestedLabel={column} onDone={() => setAdding(null)} />
                ) : (
                  <Select
                    aria-label={`What "${column}" becomes`}
                    data={options(index)}
                    value={targetValue(targets[index])}
                    onChange={(value) =>
                      value === NEW_FIELD ? setAdding(index) : value && setColumnTarget(index, valueTarget(value))
                    }
                    allowDeselect={false}
                    searchable
                    size="xs"
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="sm" mt="md">
        <Group align="flex-end">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Rows with the email or mobile of a guest already on the desk
            </Text>
            <SegmentedControl
              aria-label="Rows matching a guest"
              value={policy}
              onChange={(value) => setImportOptions({ policy: value === 'skip' ? 'skip' : 'update' })}
              data={[
                { value: 'update', label: 'Update that guest' },
                { value: 'skip', label: 'Leave the guest as they are' },
              ]}
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Rows with a bad email but a good mobile (or the reverse)
            </Text>
            <SegmentedControl
              aria-label="Rows with one bad email or mobile"
              value={badValues}
              onChange={(value) => setImportOptions({ badValues: value === 'drop' ? 'drop' : 'hold' })}
              data={[
                { value: 'hold', label: 'Hold them back' },
                { value: 'drop', label: 'Import them without the bad value' },
              ]}
            />
          </Stack>
          <TagsInput
            label="Categories for every imported guest"
            placeholder="Type or pick, then Enter"
            data={knownCategories}
            value={categories}
            onChange={(value) => setImportOptions({ categories: value.map((name) => name.trim()).filter(Boolean) })}
            w={380}
            clearable
          />
        </Group>
        <Group>
          <Button onClick={() => void checkRows()} loading={busy} disabled={matched === 0}>
            Check {rowsLabel(file.rowCount)}
          </Button>
          {matched === 0 && (
            <Text size="sm" c="dimmed">
              Choose what at least one column becomes.
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
