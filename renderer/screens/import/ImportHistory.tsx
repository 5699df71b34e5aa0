import { Anchor, Card, Table, Text } from '@mantine/core';
import { openImport } from '../../import/controller';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import { useImport } from '../../stores/import';

/** Past imports: file, when, and counts; one opens with its progress, failed rows and rows with problems. */
export function ImportHistory() {
  const history = useImport((state) => state.history);
  const format = useVenueFormat();
  if (history.length === 0) return null;
  return (
    <Card withBorder>
      <Text fw={600} mb="xs">
        Past imports
      </Text>
      <Table aria-label="Past imports" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>Rows</Table.Th>
            <Table.Th>New</Table.Th>
            <Table.Th>Updated</Table.Th>
            <Table.Th>Left as they are</Table.Th>
            <Table.Th>With problems</Table.Th>
            <Table.Th>Failed</Table.Th>
            <Table.Th>State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.map((view) => (
            <Table.Tr key={view.id}>
              <Table.Td>
                <Anchor component="button" onClick={() => openImport(view)}>
                  {view.fileName}
                </Anchor>
              </Table.Td>
              <Table.Td>{format.dateTime(view.createdAt)}</Table.Td>
              <Table.Td>{view.totalRows.toLocaleString('en')}</Table.Td>
              <Table.Td>{view.newGuests.toLocaleString('en')}</Table.Td>
              <Table.Td>{view.updated.toLocaleString('en')}</Table.Td>
              <Table.Td>{view.leftRows.toLocaleString('en')}</Table.Td>
              <Table.Td>{view.heldRows.toLocaleString('en')}</Table.Td>
              <Table.Td c={view.failed > 0 ? 'red' : undefined}>{view.failed.toLocaleString('en')}</Table.Td>
              <Table.Td>
                {view.phase === 'delivering' ? `${view.pending.toLocaleString('en')} to go` : view.phase}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
