import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { getDesk } from '../../bridge/desk';
import { BROWSER_MODE_REASON } from '../../../shared/bridge/channels/app';
import type { AccountView } from '../../stores/account';
import { useStatus } from '../../stores/status';
import { DisconnectDialog } from './DisconnectDialog';

/** The desk host's address that signs this browser in to the web dashboard (browser mode). */
const DASHBOARD_PATH = '/dashboard';

/** The connected account: what it is, the web dashboard, and disconnecting. */
export function AccountCard({ account }: { account: AccountView }) {
  const [disconnecting, setDisconnecting] = useState(false);
  const browserMode = useStatus((state) => state.mode === 'browser');
  const openDashboard = async () => {
    try {
      // The core builds and opens the sign-in link; it never comes to this page.
      const { opened, reason } = await getDesk().openDashboard({});
      // Browser mode: the desk's own /dashboard address redirects this new tab to the link.
      if (!opened && reason === BROWSER_MODE_REASON) window.open(DASHBOARD_PATH, '_blank', 'noopener,noreferrer');
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
          <Badge color={account.state === 'demo' ? 'grape' : 'blue'}>
            {account.state === 'demo' ? 'Demo' : 'Connected'}
          </Badge>
        </Group>
        <Text size="sm">Service: {account.baseUrl}</Text>
        <Text size="sm">Client id: {account.clientId}</Text>
        <Group>
          <Button
            variant="light"
            onClick={() => void openDashboard()}
            disabled={!account.canOpenDashboard}
            title={
              account.canOpenDashboard
                ? 'Signs you in to the web dashboard (link valid one minute)'
                : 'Available when signed in with username and password'
            }
          >
            Open web dashboard
          </Button>
          <Button variant="subtle" color="red" onClick={() => setDisconnecting(true)}>
            Disconnect
          </Button>
        </Group>
        {account.canOpenDashboard && (
          <Text size="xs" c="dimmed">
            {browserMode
              ? "The dashboard opens in a new tab of this browser, and this browser's history will keep its sign-in link,"
              : 'The dashboard opens in your web browser, and its history will keep the sign-in link,'}{' '}
            which carries this account&apos;s access token. On a shared computer, delete it from the history afterwards.
          </Text>
        )}
      </Stack>
      <DisconnectDialog opened={disconnecting} onClose={() => setDisconnecting(false)} />
    </Card>
  );
}
