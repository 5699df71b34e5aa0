import { CloseButton, Group, Text } from '@mantine/core';
import { useVenueFormat } from '../hooks/useVenueFormat';
import { dismissBackgroundFailure, type BackgroundFailure } from '../stores/background-failures';

/** The status line: the latest failure of background work, in staff's words, until dismissed. */
export function BackgroundFailureLine({ failure }: { failure: BackgroundFailure }) {
  const format = useVenueFormat();
  return (
    <Group h="100%" px="md" gap="xs" wrap="nowrap" role="status" aria-label="background problem">
      <Text size="sm" c="orange" truncate style={{ flex: 1 }} title={failure.message}>
        {failure.what} failed at {format.timeOfDay(new Date(failure.at))}: {failure.message}
      </Text>
      <CloseButton size="sm" aria-label="Dismiss" onClick={dismissBackgroundFailure} />
    </Group>
  );
}
