import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import type { OutboxItem } from '../../stores/outbox';
import { patchOutboxList } from '../../stores/outbox-list';
import { ConflictChoices } from './ConflictChoices';
import { DuplicateChoices } from './DuplicateChoices';
import { EntryGuest } from './EntryGuest';
import { STATE_LABELS } from './labels';

/** One outbox entry: its state, its line (which says what kind it is, once), the reason, and what staff can do with it. */
export function OutboxItemRow({ item, onEdit }: { item: OutboxItem; onEdit: (item: OutboxItem) => void }) {
  const format = useVenueFormat();
  // Each answer patches the list at once; the outboxChanged event that follows agrees with it.
  const resend = useDeskAction(
    () => getDesk().resendOutboxItem({ id: item.id }).then(patchOne),
    'Queued to send again.',
  );
  const discard = useDeskAction(
    () =>
      getDesk()
        .discardOutboxItem({ id: item.id })
        .then((answer) => (patchOutboxList([], [item.id]), answer)),
    'Discarded.',
  );
  const decide = useDeskAction((decision: 'it-was-recorded' | 'send-again') =>
    getDesk().decideHeldItem({ id: item.id, decision }).then(patchOne),
  );
  const state = STATE_LABELS[item.state];
  const confirmDiscard = () =>
    modals.openConfirmModal({
      title: 'Discard this entry?',
      children: <Text size="sm">{item.summary} will not be sent. This cannot be undone.</Text>,
      labels: { confirm: 'Discard', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => void discard.run(),
    });
  const error = resend.error ?? discard.error ?? decide.error;
  const existingGuests = item.state === 'needs_attention' ? (item.problem?.existingGuests ?? []) : [];
  const conflict = item.state === 'needs_attention' ? item.problem?.conflict : undefined;

  return (
    <Table.Tr data-state={item.state}>
      <Table.Td>
        <Badge variant="light" color={state.color} style={{ minWidth: 'max-content' }}>
          {state.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm">{item.summary}</Text>
          <EntryGuest item={item} />
          {item.waitingReason && (
            <Text size="xs" c="dimmed">
              {item.waitingReason}
              {item.nextAttemptAt ? ` (next try ${format.timeOfDay(item.nextAttemptAt)})` : ''}
            </Text>
          )}
          {item.problem && (
            <Text size="xs" c="red">
              {/* The guests on file come with their own buttons, which say what to do. */}
              {existingGuests.length > 0 ? item.problem.message : `${item.problem.message} — ${item.problem.whatToDo}`}
            </Text>
          )}
          {existingGuests.length > 0 && <DuplicateChoices item={item} guests={existingGuests} />}
          {conflict && <ConflictChoices outboxId={item.id} conflict={conflict} />}
          {error && (
            <Text size="xs" c="red" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {item.awaitingDecision ? (
            <>
              <Button
                size="xs"
                variant="light"
                onClick={() => void decide.run('it-was-recorded')}
                loading={decide.busy}
              >
                It was recorded
              </Button>
              <Button
                size="xs"
                variant="light"
                color="orange"
                onClick={() => void decide.run('send-again')}
                loading={decide.busy}
              >
                Send again
              </Button>
            </>
          ) : (
            item.state === 'needs_attention' &&
            existingGuests.length === 0 &&
            !conflict && (
              <Button size="xs" variant="light" onClick={() => void resend.run()} loading={resend.busy}>
                Resend
              </Button>
            )
          )}
          {/* A conflict is edited in its own choices, field by field. */}
          {item.editable && !conflict && item.state !== 'sent' && item.state !== 'sending' && (
            <Button size="xs" variant="default" onClick={() => onEdit(item)}>
              Edit
            </Button>
          )}
          {item.state !== 'sent' && item.state !== 'sending' && (
            <Button size="xs" variant="subtle" color="red" onClick={confirmDiscard}>
              Discard
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Puts an entry's fresh view into the Outbox list and passes it on. */
function patchOne(view: OutboxItem): OutboxItem {
  patchOutboxList([view], []);
  return view;
}
