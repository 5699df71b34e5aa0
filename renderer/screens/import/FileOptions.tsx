import { Card, Group, ScrollArea, Select, Table, Text } from '@mantine/core';
import { ENCODINGS, ENCODING_LABELS } from '../../import/decode';
import { DELIMITERS, DELIMITER_LABELS } from '../../import/parse';
import { rereadFile } from '../../import/controller';
import { useImport } from '../../stores/import';
import { StartOverButton } from './StartOverButton';
import { rowsLabel } from './rows-label';

/** How the file was read (detected, each overridable), with a live preview of its first lines. */
export function FileOptions() {
  const file = useImport((state) => state.file);
  const busy = useImport((state) => state.busy);
  if (!file) return null;
  const detected = (yes: boolean) => (yes ? ' (detected)' : '');
  const previewWidth = Math.min(8, Math.max(...file.preview.map((row) => row.length)));
  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>
          {file.fileName} · {rowsLabel(file.rowCount)}
        </Text>
        <StartOverButton />
      </Group>
      <Group align="flex-end" mb="sm">
        {file.kind === 'text' ? (
          <>
            <Select
              label="Encoding"
              data={ENCODINGS.map((value) => ({
                value,
                label: ENCODING_LABELS[value] + detected(value === file.detectedEncoding),
              }))}
              value={file.encoding}
              onChange={(value) => {
                const encoding = ENCODINGS.find((known) => known === value);
                if (encoding) void rereadFile({ encoding });
              }}
              allowDeselect={false}
              disabled={busy}
              w={400}
            />
            <Select
              label="Delimiter"
              data={DELIMITERS.map((value) => ({
                value,
                label: DELIMITER_LABELS[value] + detected(value === file.detectedDelimiter),
              }))}
              value={file.delimiter}
              onChange={(value) => {
                const delimiter = DELIMITERS.find((known) => known === value);
                if (delimiter) void rereadFile({ delimiter });
              }}
              allowDeselect={false}
              disabled={busy}
              w={220}
            />
          </>
        ) : (
          <Select
            label="Sheet"
            data={file.sheets}
            value={file.sheet}
            onChange={(value) => value && void rereadFile({ sheet: value })}
            allowDeselect={false}
            disabled={busy}
            w={260}
          />
        )}
        <Select
          label="Column names are on"
          data={file.preview.map((row, index) => ({
            value: String(index),
            label: `Row ${file.previewLines[index] ?? index + 1}: ${row.filter(Boolean).slice(0, 3).join(', ').slice(0, 60)}`,
          }))}
          value={String(file.headerRow)}
          onChange={(value) => value !== null && void rereadFile({ headerRow: Number(value) })}
          allowDeselect={false}
          disabled={busy}
          w={360}
        />
      </Group>
      <ScrollArea type="auto">
        <Table withTableBorder withColumnBorders fz="xs" aria-label="Preview of the file">
          <Table.Tbody>
            {file.preview.slice(0, 6).map((row, index) => (
              <Table.Tr
                key={index}
                fw={index === file.headerRow ? 700 : undefined}
                bg={index === file.headerRow ? 'var(--mantine-color-blue-light)' : undefined}
              >
                <Table.Td c="dimmed">{file.previewLines[index] ?? index + 1}</Table.Td>
                {Array.from({ length: previewWidth }, (_, column) => (
                  <Table.Td
                    key={column}
                    style={{ whiteSpace: 'nowrap', maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis' }}
                  >
                    {row[column] ?? ''}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Card>
  );
}
