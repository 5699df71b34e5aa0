import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { getDesk } from '../../bridge/desk';
import type { AccountView } from '../../stores/account';
import { DisconnectDialog } from './DisconnectDialog';

/** The connected account: what it is, the web dashboard, and disconnecting. */
export function AccountCard({ account }: { account: AccountView }) {
  const [disconnecting, setDisconnecting] = useState(false);
  const openDashboard = async () => {
    try {
      const { url } = await getDesk().getDashboardLink({});
      const { opened, reason } = await getDesk().openExternal({ url });
      // Browser mode cannot hand links to the system browser: open a tab instead (the link is valid for one minute).
      if (!opened && reason === 'browser-mode') window.open(url, '_blank', 'noopener,noreferrer');
      else if (!opened) notifications.show({ color: 'red', message: reason ?? 'The dashboard could not be opened.' });
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    }
  };
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>{account.label}</Title>
          <Badge color={account.state === 'demo' ? 'grape' : 'blue'}>{account.state === 'demo' ? 'Demo' : 'Connected'}</Badge>
        </Group>
        <Text size="sm">Service: {account.baseUrl}</Text>
        <Text size="sm">Client id: {account.clientId}</Text>
        <Group>
          <Button variant="light" onClick={() => void openDashboard()} disabled={!account.canOpenDashboard}
            title={account.canOpenDashboard ? 'Signs you in to the web dashboard (link valid one minute)' : 'Available when signed in with username and password'}>
            Open web dashboard
          </Button>
          <Button variant="subtle" color="red" onClick={() => setDisconnecting(true)}>Disconnect</Button>
        </Group>
      </Stack>
      <DisconnectDialog opened={disconnecting} onClose={() => setDisconnecting(false)} />
    </Card>
  );
}
