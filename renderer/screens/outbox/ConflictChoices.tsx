import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { EditConflict } from '../../../shared/outbox/desk-edit';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import { reportBackgroundFailure } from '../../stores/background-failures';
import { useGuests } from '../../stores/guests';
import { patchOutboxList } from '../../stores/outbox-list';
import { useReservations } from '../../stores/reservations';
import { fieldLabel } from '../guests/field-labels';

/** The desk's own reservation fields, as staff call them. */
const BOOKING_LABELS: Readonly<Record<string, string>> = {
  total_attendees: 'Party size',
  attendee_names: 'Names',
  bookingStatus: 'Status',
  Date: 'Date',
  Time: 'Time',
};

/** A field's label: the booking's own fields and the account's labels, else the guest field's. */
function labelOf(field: string, labels: ReadonlyMap<string, string>): string {
  return BOOKING_LABELS[field] ?? labels.get(field) ?? fieldLabel(field);
}

/** A value as staff read it ("—" for none; a time without its seconds). */
function shown(field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.join(', ') || '—';
  const text = String(value);
  return field === 'Time' ? text.replace(/^(\d{1,2}:\d{2}):\d{2}$/, '$1') : text;
}

/**
 * A cell that wraps between words, so "Unconfirmed" stays whole; only a token too long for a narrow panel
 * (an email, a link) may break anywhere.
 */
function WrappedCell({ text, fw, c }: { text: string; fw?: number; c?: string }) {
  const long = text.split(/\s+/).some((word) => word.length > LONGEST_WHOLE_WORD);
  return (
    <Table.Td fw={fw} c={c} style={long ? { overflowWrap: 'anywhere' } : undefined}>
      {text}
    </Table.Td>
  );
}

/** Longer words than this may break inside a cell (a status or a name never is). */
const LONGEST_WHOLE_WORD = 16;

/** A typed value in the form of the value it replaces: a number stays a number, a list a list. */
function typed(text: string, like: unknown): string | number | string[] {
  if (typeof like === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (Array.isArray(like))
    return text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  return text;
}

/**
 * The same fields changed here and on another desk (issue 20): per field, the value it started from, this
 * desk's and the other desk's, with Keep mine, Keep theirs and Edit. The entry merges again once chosen.
 */
export function ConflictChoices({
  outboxId,
  conflict,
  labels = new Map(),
}: {
  outboxId: string;
  conflict: EditConflict;
  labels?: ReadonlyMap<string, string>;
}) {
  const [editing, setEditing] = useState<Record<string, string> | null>(null);
  const resolve = useDeskAction(
    async (choice: Parameters<ReturnType<typeof getDesk>['resolveOutboxConflict']>[0]['choice']) => {
      const { item } = await getDesk().resolveOutboxConflict({ id: outboxId, choice });
      patchOutboxList(item ? [item] : [], item ? [] : [outboxId]);
      // Keeping the other desk's values sends nothing: the cache is brought up to the service's.
      if (!item) refreshCache(conflict.record);
      setEditing(null);
      return item;
    },
    (item) => (item ? 'Chosen; it goes to the service now.' : 'Kept the other desk’s values; nothing to send.'),
  );
  const startEditing = () =>
    setEditing(
      Object.fromEntries(conflict.fields.map((field) => [field.field, shown('', field.mine).replace(/^—$/, '')])),
    );
  const saveEdited = (values: Record<string, string>) =>
    void resolve.run({
      values: Object.fromEntries(
        conflict.fields.map((field) => [field.field, typed(values[field.field] ?? '', field.mine ?? field.theirs)]),
      ),
    });

  return (
    <Stack gap={6} aria-label="changed on another desk">
      <Table withTableBorder striped verticalSpacing={2} horizontalSpacing={6} fz="xs" w="100%">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Started as</Table.Th>
            <Table.Th>This desk</Table.Th>
            <Table.Th>Other desk</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {conflict.fields.map((field) => (
            <Table.Tr key={field.field}>
              <WrappedCell text={labelOf(field.field, labels)} fw={600} />
              <WrappedCell text={shown(field.field, field.base)} c="dimmed" />
              <WrappedCell text={shown(field.field, field.mine)} />
              <WrappedCell text={shown(field.field, field.theirs)} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing ? (
        <form onSubmit={(event) => (event.preventDefault(), saveEdited(editing))}>
          <Stack gap={4}>
            {conflict.fields.map((field) => (
              <TextInput
                key={field.field}
                size="xs"
                label={labelOf(field.field, labels)}
                value={editing[field.field] ?? ''}
                onChange={(event) => setEditing({ ...editing, [field.field]: event.currentTarget.value })}
              />
            ))}
            <Group gap={4}>
              <Button size="compact-xs" type="submit" loading={resolve.busy}>
                Save and send
              </Button>
              <Button size="compact-xs" variant="default" onClick={() => setEditing(null)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group gap={4}>
          <Button size="compact-xs" onClick={() => void resolve.run({ keep: 'mine' })} loading={resolve.busy}>
            Keep mine
          </Button>
          <Button size="compact-xs" variant="light" onClick={() => void resolve.run({ keep: 'theirs' })}>
            Keep theirs
          </Button>
          <Button size="compact-xs" variant="default" onClick={startEditing}>
            Edit
          </Button>
        </Group>
      )}
      {resolve.error && (
        <Alert color="red" p="xs" role="alert">
          <Text size="xs">{resolve.error}</Text>
        </Alert>
      )}
    </Stack>
  );
}

/** Pulls the bookings or guests now, so the cache holds what the service has. */
function refreshCache(record: EditConflict['record']): void {
  const sync = record === 'booking' ? useReservations.getState().sync : useGuests.getState().cache?.sync;
  sync?.run().catch((error: unknown) => reportBackgroundFailure('Fetching the other desk’s values', error));
}
