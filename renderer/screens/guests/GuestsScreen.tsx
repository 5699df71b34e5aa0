import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import { useAccount } from '../../stores/account';
import { followGuests, useGuests } from '../../stores/guests';
import { showPanel } from '../../stores/guests-panel';
import { useNavigation } from '../../stores/navigation';
import { GuestPanelView } from './GuestPanelView';
import { GuestSearch } from './GuestSearch';
import { SyncBar } from './SyncBar';

/** The front desk's main screen: guest search (Ctrl+K from anywhere) beside the open guest or form. */
export function GuestsScreen() {
  const hasCache = useGuests((state) => state.cache !== null);
  const accountState = useAccount((state) => state.account?.state);
  const startDemo = useDeskAction(() => getDesk().startDemo({}), 'The demo venue is ready.');

  useEffect(() => {
    followGuests(getDesk());
  }, []);

  return (
    <Stack gap="sm" h="100%">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2}>Guests</Title>
        <Group gap="xs">
          <Button variant="light" onClick={() => showPanel({ kind: 'new' })} disabled={!hasCache}>
            New guest
          </Button>
          <Button variant="subtle" onClick={() => useNavigation.getState().go('messages')} disabled={!hasCache}>
            SMS replies
          </Button>
        </Group>
      </Group>
      {accountState === 'none' && (
        <Alert color="blue" title="No account connected">
          <Group justify="space-between">
            Connect the venue's account, or start the demo, to look guests up.
            <Group gap="xs">
              <Button size="xs" onClick={() => void startDemo.run()} loading={startDemo.busy}>
                Start the demo
              </Button>
              <Button size="xs" variant="default" onClick={() => useNavigation.getState().go('settings')}>
                Open Settings
              </Button>
            </Group>
          </Group>
          {startDemo.error && (
            <Text size="sm" c="red" role="alert">
              {startDemo.error}
            </Text>
          )}
        </Alert>
      )}
      <SyncBar />
      <Group align="flex-start" gap="md" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <GuestSearch />
        <GuestPanelView />
      </Group>
    </Stack>
  );
}
