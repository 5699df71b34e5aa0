import { Stack, Text, Title } from '@mantine/core';

/** A screen whose features are still to be built: says what it will hold, honestly. */
export function ScreenPlaceholder({ title, hint }: { title: string; hint: string }) {
  return (
    <Stack gap="xs">
      <Title order={2}>{title}</Title>
      <Text c="dimmed">{hint}. This screen is not built yet.</Text>
    </Stack>
  );
}
