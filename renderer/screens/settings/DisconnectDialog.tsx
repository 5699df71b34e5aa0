import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import { ErrorAlert } from '../../components/ErrorAlert';

/** Confirms a disconnect; warns first when unsent items in the outbox would be lost. */
export function DisconnectDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [clearLocalData, setClearLocalData] = useState(true);
  const [unsentCount, setUnsentCount] = useState<number | null>(null);
  const disconnect = useDeskAction((discardUnsent: boolean) => getDesk().disconnect({ discardUnsent, clearLocalData }));

  const confirm = async (discardUnsent: boolean) => {
    const result = await disconnect.run(discardUnsent);
    if (!result) return;
    if (result.disconnected) {
      setUnsentCount(null);
      onClose();
    } else setUnsentCount(result.unsentCount);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Disconnect this account?">
      <Stack gap="sm">
        <Text size="sm">The API key and secret are removed from this computer's keychain.</Text>
        <Checkbox
          checked={clearLocalData}
          onChange={(e) => setClearLocalData(e.currentTarget.checked)}
          label="Also delete the local copy of guests, bookings and messages, and the outbox"
        />
        {unsentCount !== null && unsentCount > 0 && (
          <Alert
            color="red"
            title={`${unsentCount} item${unsentCount === 1 ? ' has' : 's have'} not been sent yet`}
            role="alert"
          >
            {unsentCount === 1
              ? 'Disconnecting now discards it: it will never be sent, and what it held is removed from this computer. Wait until the Outbox is empty, or discard it and disconnect.'
              : 'Disconnecting now discards them: they will never be sent, and what they held is removed from this computer. Wait until the Outbox is empty, or discard them and disconnect.'}
          </Alert>
        )}
        <ErrorAlert error={disconnect.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {unsentCount ? (
            <Button color="red" loading={disconnect.busy} onClick={() => void confirm(true)}>
              Disconnect and discard {unsentCount} unsent
            </Button>
          ) : (
            <Button color="red" loading={disconnect.busy} onClick={() => void confirm(false)}>
              Disconnect
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
