import { Alert, Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PENDING_STATES } from '../../../shared/outbox/states';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import { useOutbox, type OutboxItem } from '../../stores/outbox';
import { EditOutboxItemDialog } from './EditOutboxItemDialog';
import { kindLabel } from './labels';
import { OutboxItemRow } from './OutboxItemRow';

const FILTERS = {
  attention: { label: 'Needs attention', states: ['needs_attention'] },
  pending: { label: 'To go out', states: PENDING_STATES },
  sent: { label: 'Sent', states: ['sent'] },
} as const;
type Filter = keyof typeof FILTERS;

/** The outbox: what waits to go out and why, what needs a person, and what went out. */
export function OutboxScreen() {
  const summary = useOutbox((state) => state.summary);
  const version = useOutbox((state) => state.version);
  const [filter, setFilter] = useState<Filter>('pending');
  const [items, setItems] = useState<OutboxItem[] | null>(null);
  const [editing, setEditing] = useState<OutboxItem | null>(null);
  const resume = useDeskAction((kind: OutboxItem['kind']) => getDesk().resumeOutboxKind({ kind }), 'Sending again.');

  useEffect(() => {
    let current = true;
    getDesk()
      .listOutbox({ states: [...FILTERS[filter].states], limit: 500 })
      .then(({ items: list, summary: fresh }) => current && (setItems(list), useOutbox.setState({ summary: fresh })))
      .catch(() => current && setItems([]));
    return () => {
      current = false;
    };
  }, [filter, version]);

  return (
    <Stack gap="md">
      <Title order={2}>Outbox</Title>
      {summary && !summary.online && (
        <Alert color="orange" title="Offline">The service is not answering. Everything below waits here and goes out by itself when the line is back.</Alert>
      )}
      {summary?.paused.map((pause) => (
        <Alert key={pause.kind} color="red" title={`${kindLabel(pause.kind)} sending is paused`}>
          <Group justify="space-between">
            <Text size="sm">{pause.reason}</Text>
            <Button size="xs" onClick={() => void resume.run(pause.kind)} loading={resume.busy}>Resume</Button>
          </Group>
        </Alert>
      ))}
      <SegmentedControl
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        data={Object.entries(FILTERS).map(([value, { label, states }]) => ({
          value,
          label: `${label} (${states.reduce((sum, state) => sum + (summary?.counts[state] ?? 0), 0)})`,
        }))}
      />
      {items && items.length === 0 && <Text c="dimmed">Nothing here.</Text>}
      {items && items.length > 0 && (
        <Table aria-label="outbox entries" verticalSpacing="xs">
          <Table.Tbody>{items.map((item) => <OutboxItemRow key={item.id} item={item} onEdit={setEditing} />)}</Table.Tbody>
        </Table>
      )}
      <EditOutboxItemDialog item={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
