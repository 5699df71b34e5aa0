import { Badge, Group } from '@mantine/core';
import { pendingCount, useOutbox } from '../../stores/outbox';

/**
 * The navigation badge: entries needing attention (red) and others still to go out (grey). Each
 * count is named for screen readers (role img), so the link reads "Outbox 2 need attention".
 */
export function OutboxBadge() {
  const summary = useOutbox((state) => state.summary);
  if (!summary) return null;
  const attention = summary.counts.needs_attention ?? 0;
  const pending = pendingCount(summary) - attention;
  return (
    <Group gap={4} wrap="nowrap" data-testid="outbox-counts">
      {attention > 0 && (
        <Badge size="sm" color="red" role="img" aria-label={`${attention} need attention`}>
          {attention}
        </Badge>
      )}
      {pending > 0 && (
        <Badge size="sm" color="gray" variant="light" role="img" aria-label={`${pending} waiting to go out`}>
          {pending}
        </Badge>
      )}
    </Group>
  );
}
