import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import type { GuestWrite, WriteState } from '../../db/guest-types';
import { useNavigation } from '../../stores/navigation';
import { ConflictChoices } from '../outbox/ConflictChoices';

/** Staff's words for an outbox state. */
const STATE_LABELS: Record<WriteState, string> = {
  queued: 'Waiting to go out',
  sending: 'Sending',
  waiting: 'Waiting to go out',
  needs_attention: 'Needs attention',
  sent: 'Sent',
};

/** A badge for one write's state. */
export function StateBadge({ state }: { state: WriteState }) {
  const color = state === 'sent' ? 'teal' : state === 'needs_attention' ? 'red' : 'yellow';
  return (
    <Badge color={color} variant="light" size="sm">
      {STATE_LABELS[state]}
    </Badge>
  );
}

/** The profile's pending mark: changes the service has not confirmed, and any the outbox needs a person for. */
export function PendingMark({ unconfirmed, isLocal }: { unconfirmed: GuestWrite[]; isLocal: boolean }) {
  if (unconfirmed.length === 0) return null;
  const problems = unconfirmed.filter((write) => write.state === 'needs_attention');
  const conflicts = problems.flatMap((write) =>
    write.conflict ? [{ outboxId: write.outboxId, conflict: write.conflict }] : [],
  );
  if (conflicts.length > 0) {
    // Issue 20: changed on another desk too; the profile shows the other desk's values until staff choose here.
    return (
      <Alert color="red" title="Changed on another desk too" role="alert">
        <Text size="sm" mb="xs">
          The guest shows the other desk's values until you choose.
        </Text>
        {conflicts.map(({ outboxId, conflict }) => (
          <ConflictChoices key={outboxId} outboxId={outboxId} conflict={conflict} />
        ))}
      </Alert>
    );
  }
  if (problems.length > 0) {
    return (
      <Alert color="red" title="The service did not accept a change" role="alert">
        {problems.map((write) => (
          <Text key={write.outboxId} size="sm">
            {write.problem ?? 'See the outbox for the reason.'}
          </Text>
        ))}
        <Group justify="flex-end" mt="xs">
          <Button size="xs" variant="light" onClick={() => useNavigation.getState().go('outbox')}>
            Open the outbox
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Group gap="xs" aria-label="pending changes">
      <Badge color="yellow" variant="light">
        {isLocal ? 'New guest: not yet on the service' : 'Changes waiting to go out'}
      </Badge>
      <Text size="xs" c="dimmed">
        Shown here already; the service gets {unconfirmed.length === 1 ? 'it' : 'them'} when the line is up.
      </Text>
    </Group>
  );
}
