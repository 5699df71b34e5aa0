import { Group, Stack, Text } from '@mantine/core';
import type { SentItemRow } from '../../db/guest-types';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import { sentFigures } from './sent-figures';

/** The figures of one sent item, each with its rate. */
export function SentFigures({ item }: { item: SentItemRow }) {
  const format = useVenueFormat();
  return (
    <Group gap="lg" wrap="nowrap">
      {sentFigures(item).map((figure) => (
        <Stack key={figure.label} gap={0} align="flex-start">
          <Text size="xs" c="dimmed">
            {figure.label}
          </Text>
          <Text size="sm" fw={600}>
            {format.number(figure.count)}
            {figure.rate !== null && (
              <Text span size="xs" c="dimmed">
                {' '}
                {format.percent(figure.rate)}
              </Text>
            )}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}
