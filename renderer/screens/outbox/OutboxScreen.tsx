import { Alert, Button, Group, NativeSelect, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { OUTBOX_KINDS, isOutboxKind } from '../../../shared/outbox/kinds';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import { useOutbox, type OutboxItem } from '../../stores/outbox';
import {
  isOutboxFilter,
  loadMoreOutbox,
  loadOutboxList,
  OUTBOX_FILTERS,
  useOutboxList,
} from '../../stores/outbox-list';
import { EditOutboxItemDialog } from './EditOutboxItemDialog';
import { kindLabel } from './labels';
import { OutboxItemRow } from './OutboxItemRow';

/** Loads the list under new filters and takes the fresh summary it brings. */
function reload(filters: Parameters<typeof loadOutboxList>[1] = {}): void {
  void loadOutboxList(getDesk(), filters).then((summary) => summary && useOutbox.setState({ summary }));
}

/** The outbox: what waits to go out and why, what needs a person, and what went out. */
export function OutboxScreen() {
  const summary = useOutbox((state) => state.summary);
  const { filter, kind, items, hasMore, loading, error } = useOutboxList();
  const [editing, setEditing] = useState<OutboxItem | null>(null);
  const resume = useDeskAction(
    (paused: OutboxItem['kind']) => getDesk().resumeOutboxKind({ kind: paused }),
    'Sending again.',
  );

  // The list loads when the screen opens; outboxChanged events patch it from then on.
  useEffect(() => reload(), []);

  return (
    <Stack gap="md">
      <Title order={2}>Outbox</Title>
      {summary && !summary.online && (
        <Alert color="orange" title="Offline">
          The service is not answering. Everything below waits here and goes out by itself when the line is back.
        </Alert>
      )}
      {summary?.paused.map((pause) => (
        <Alert key={pause.kind} color="red" title={`${kindLabel(pause.kind)} sending is paused`}>
          <Group justify="space-between">
            <Text size="sm">{pause.reason}</Text>
            <Button size="xs" onClick={() => void resume.run(pause.kind)} loading={resume.busy}>
              Resume
            </Button>
          </Group>
        </Alert>
      ))}
      <Group gap="sm" align="flex-end">
        <SegmentedControl
          value={filter}
          onChange={(value) => {
            if (isOutboxFilter(value)) reload({ filter: value });
          }}
          data={Object.entries(OUTBOX_FILTERS).map(([value, { label, states }]) => ({
            value,
            label: `${label} (${states.reduce((sum, state) => sum + (summary?.counts[state] ?? 0), 0)})`,
          }))}
        />
        <NativeSelect
          aria-label="Kind"
          w={160}
          value={kind ?? 'all'}
          onChange={(event) => {
            const value = event.currentTarget.value;
            reload({ kind: isOutboxKind(value) ? value : null });
          }}
          data={[
            { value: 'all', label: 'All kinds' },
            ...OUTBOX_KINDS.map((value) => ({ value, label: kindLabel(value) })),
          ]}
        />
      </Group>
      {error && (
        <Alert color="red" title="The outbox could not be loaded" role="alert">
          <Group justify="space-between">
            <Text size="sm">{error}</Text>
            <Button size="xs" variant="light" onClick={() => reload()} loading={loading}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      {!error && !loading && items.length === 0 && (
        <Text c="dimmed">
          {kind === null
            ? OUTBOX_FILTERS[filter].empty
            : `No ${kindLabel(kind)} entries under "${OUTBOX_FILTERS[filter].label}".`}
        </Text>
      )}
      {items.length > 0 && (
        <Table aria-label="outbox entries" verticalSpacing="xs">
          <Table.Tbody>
            {items.map((item) => (
              <OutboxItemRow key={item.id} item={item} onEdit={setEditing} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      {hasMore && (
        <Group justify="center">
          <Button variant="default" size="xs" onClick={() => void loadMoreOutbox(getDesk())} loading={loading}>
            Show more
          </Button>
        </Group>
      )}
      <EditOutboxItemDialog item={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
