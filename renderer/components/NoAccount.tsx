import { Alert, Stack, Title } from '@mantine/core';

/** A screen before any account is connected: its heading, and what staff do to fill it. */
export function NoAccount({ screen, toDo }: { screen: string; toDo: string }) {
  return (
    <Stack gap="sm">
      <Title order={2}>{screen}</Title>
      <Alert color="blue" title="No account connected" role="status">
        Connect the venue's account in Settings, or start the demo, to {toDo}.
      </Alert>
    </Stack>
  );
}
