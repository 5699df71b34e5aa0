import { Badge, Group, Tooltip } from '@mantine/core';
import { useStatus } from '../stores/status';

/** The header's account indicator: which account the desk works for. */
export function AccountIndicator() {
  const status = useStatus((state) => state.status);
  if (!status) return <Badge color="gray" variant="light">Starting…</Badge>;
  const { account } = status;
  if (account.state === 'none') return <Badge color="gray" variant="outline" aria-label="account status">No account connected</Badge>;
  return (
    <Badge color={account.state === 'demo' ? 'grape' : 'blue'} variant="light" aria-label="account status">
      {account.state === 'demo' ? 'Demo: ' : ''}
      {account.label ?? 'Connected'}
    </Badge>
  );
}

/** The header's connection indicator: online when the network is up and the service answers. */
export function OnlineIndicator() {
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

/** Both indicators, side by side in the header. */
export function StatusIndicators() {
  return (
    <Group gap="xs">
      <OnlineIndicator />
      <AccountIndicator />
    </Group>
  );
}
