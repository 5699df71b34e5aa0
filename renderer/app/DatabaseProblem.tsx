import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { getDesk } from '../bridge/desk';
import { useDeskAction } from '../hooks/useDeskAction';
import { useStatus } from '../stores/status';

/** A banner when the desk cannot open its database: what happened, and the person's choice to start afresh. */
export function DatabaseProblem() {
  const problem = useStatus((state) => state.status?.problem);
  const [movedTo, setMovedTo] = useState<string | null>(null);
  const moveAside = useDeskAction(() => getDesk().moveAsideDamagedDatabase({}));
  if (!problem) return null;
  return (
    <Alert color="red" title="The desk cannot use its database" role="alert" mb="md">
      <Text size="sm">{problem}</Text>
      {movedTo ? (
        <Text size="sm" mt="xs" fw={600}>
          The damaged file was kept as {movedTo}. Close and start Venue Desk again.
        </Text>
      ) : (
        <Group mt="xs">
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={moveAside.busy}
            onClick={() => void moveAside.run().then((result) => result && setMovedTo(result.movedTo))}
          >
            Keep the damaged file aside and start with an empty outbox
          </Button>
        </Group>
      )}
      {moveAside.error && (
        <Text size="sm" c="red">
          {moveAside.error}
        </Text>
      )}
    </Alert>
  );
}
