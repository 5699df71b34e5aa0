import { Alert, Badge, Group, Text, Tooltip } from '@mantine/core';
import { useStatus } from '../stores/status';

/** The header's account indicator: which account the desk works for. */
function AccountIndicator() {
  const status = useStatus((state) => state.status);
  if (!status)
    return (
      <Badge color="gray" variant="light">
        Starting…
      </Badge>
    );
  const { account } = status;
  if (account.state === 'none')
    return (
      <Badge color="gray" variant="outline" aria-label="account status">
        No account connected
      </Badge>
    );
  return (
    <Badge color={account.state === 'demo' ? 'grape' : 'blue'} variant="light" aria-label="account status">
      {account.state === 'demo' ? 'Demo: ' : ''}
      {account.label ?? 'Connected'}
    </Badge>
  );
}

/** The header's connection indicator: online when the network is up and the service answers. */
function OnlineIndicator() {
  const status = useStatus((state) => state.status);
  const networkUp = useStatus((state) => state.networkUp);
  const online = networkUp && (status?.online ?? false);
  const reason = !networkUp
    ? 'This computer has no network. Lookups use the local copy; changes wait in the outbox.'
    : online
      ? 'The service is answering.'
      : 'The service is not answering. Lookups use the local copy; changes wait in the outbox.';
  return (
    <Tooltip label={reason} multiline w={260}>
      <Badge color={online ? 'teal' : 'orange'} variant="dot" aria-label="connection status">
        {online ? 'Online' : 'Offline'}
      </Badge>
    </Tooltip>
  );
}

/** The header's database indicator: there only while the desk cannot write its database (disk full, I/O error). */
function DatabaseWriteIndicator() {
  const problem = useStatus((state) => state.status?.writeProblem);
  if (!problem) return null;
  return (
    <Tooltip label={problem} multiline w={320}>
      <Badge color="red" variant="filled" aria-label="database status">
        Not saving
      </Badge>
    </Tooltip>
  );
}

/** Above the screen while writes fail: the desk core's sentence, and what it means for staff's work. */
export function DatabaseWriteProblem() {
  const problem = useStatus((state) => state.status?.writeProblem);
  if (!problem) return null;
  return (
    <Alert color="red" title="Changes cannot be saved right now" role="alert" mb="md">
      <Text size="sm">{problem}</Text>
      <Text size="sm" mt={4}>
        Nothing already in the outbox is lost, and the desk keeps trying by itself. A form you send meanwhile keeps what
        you typed, so you can send it again once this clears.
      </Text>
    </Alert>
  );
}

/** The indicators, side by side in the header. */
export function StatusIndicators() {
  return (
    <Group gap="xs">
      <DatabaseWriteIndicator />
      <OnlineIndicator />
      <AccountIndicator />
    </Group>
  );
}
