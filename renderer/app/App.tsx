import { AppShell, Group, Loader, NavLink, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { GuestsScreen } from '../screens/guests/GuestsScreen';
import { MessagesBadge } from '../screens/messages/MessagesBadge';
import { OutboxBadge } from '../screens/outbox/OutboxBadge';
import { OutboxScreen } from '../screens/outbox/OutboxScreen';
import { SettingsScreen } from '../screens/settings/SettingsScreen';
import { ScreenPlaceholder } from '../components/ScreenPlaceholder';
import { useBackgroundFailures } from '../stores/background-failures';
import { useNavigation } from '../stores/navigation';
import { BackgroundFailureLine } from './BackgroundFailureLine';
import { DatabaseProblem } from './DatabaseProblem';
import { SCREENS, type ScreenId } from './screens';
import { DatabaseWriteProblem, StatusIndicators } from './StatusIndicators';
import { useShortcuts } from './useShortcuts';

// Screens with heavy code of their own (the rich-text editor, the workbook reader, the day's timeline and its
// date picker) load when first opened, so the desk starts on Guests without them (issue 21).
const CampaignsScreen = lazy(() =>
  import('../screens/campaigns/CampaignsScreen').then((module) => ({ default: module.CampaignsScreen })),
);
const ImportScreen = lazy(() =>
  import('../screens/import/ImportScreen').then((module) => ({ default: module.ImportScreen })),
);
const MessagesScreen = lazy(() =>
  import('../screens/messages/MessagesScreen').then((module) => ({ default: module.MessagesScreen })),
);
const ReservationsScreen = lazy(() =>
  import('../screens/reservations/ReservationsScreen').then((module) => ({ default: module.ReservationsScreen })),
);

/** The screen component for each navigation entry; features replace their placeholder as they land. */
function Screen({ id }: { id: ScreenId }) {
  if (id === 'guests') return <GuestsScreen />;
  if (id === 'settings') return <SettingsScreen />;
  if (id === 'outbox') return <OutboxScreen />;
  if (id === 'reservations') return <ReservationsScreen />;
  if (id === 'import') return <ImportScreen />;
  if (id === 'campaigns') return <CampaignsScreen />;
  if (id === 'messages') return <MessagesScreen />;
  const screen = SCREENS.find((entry) => entry.id === id)!;
  return <ScreenPlaceholder title={screen.label} hint={screen.hint} />;
}

/** The desk's shell: header with indicators, navigation, and the current screen. */
export function App() {
  useShortcuts();
  const current = useNavigation((state) => state.screen);
  const go = useNavigation((state) => state.go);
  const failure = useBackgroundFailures((state) => state.latest);

  return (
    <AppShell
      header={{ height: 52 }}
      navbar={{ width: 210, breakpoint: 0 }}
      footer={failure ? { height: 34 } : undefined}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={1} size="h3">
            Venue Desk
          </Title>
          <StatusIndicators />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Screens">
        {SCREENS.map((screen, index) => (
          <NavLink
            component="button"
            key={screen.id}
            label={screen.label}
            active={screen.id === current}
            onClick={() => go(screen.id)}
            rightSection={
              <Group gap={6} wrap="nowrap">
                {screen.id === 'outbox' && <OutboxBadge />}
                {screen.id === 'messages' && <MessagesBadge />}
                <Text size="xs" c="dimmed">
                  Alt+{index + 1}
                </Text>
              </Group>
            }
            aria-current={screen.id === current ? 'page' : undefined}
            aria-keyshortcuts={`Alt+${index + 1}`}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <DatabaseProblem />
        <DatabaseWriteProblem />
        <Suspense fallback={<Loader size="sm" aria-label="Opening the screen" />}>
          <Screen id={current} />
        </Suspense>
      </AppShell.Main>
      {failure && (
        <AppShell.Footer>
          <BackgroundFailureLine failure={failure} />
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
