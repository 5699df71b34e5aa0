import { Paper, Text } from '@mantine/core';
import { useGuestPanel } from '../../stores/guests-panel';
import { GuestProfile } from './GuestProfile';
import { NewGuestForm } from './NewGuestForm';

/** The right-hand side: the open guest, the new-guest form, or a hint (SMS replies live in Messages). */
export function GuestPanelView() {
  const panel = useGuestPanel((state) => state.panel);
  return (
    <Paper withBorder p="md" radius="md" style={{ flex: 1, minWidth: 0 }}>
      {panel.kind === 'guest' && <GuestProfile key={panel.key} guestKey={panel.key} tab={panel.tab ?? 'details'} />}
      {panel.kind === 'new' && <NewGuestForm />}
      {panel.kind === 'none' && <Text c="dimmed">Find a guest on the left, or record a new one.</Text>}
    </Paper>
  );
}
