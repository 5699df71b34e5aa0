import { Button, Group, Progress, Text } from '@mantine/core';
import { useGuests } from '../../stores/guests';
import type { SyncStatus } from '../../sync/guest-sync';

/** The cache's sync: progress while pulling, when it was last up to date, and sync / full refresh on demand. */
export function SyncBar() {
  const cache = useGuests((state) => state.cache);
  const status = useGuests((state) => state.status);
  if (!cache) return null;
  const syncing = status.phase === 'syncing';
  return (
    <Group gap="sm" wrap="nowrap" aria-label="guest sync">
      <Text size="sm" c={status.phase === 'failed' ? 'orange' : 'dimmed'} role="status" style={{ flex: 1 }}>
        {describe(status)}
      </Text>
      {syncing && status.total > 0 && (
        <Progress value={(100 * status.done) / status.total} w={220} aria-label="sync progress" animated />
      )}
      <Button
        size="xs"
        variant="subtle"
        onClick={() => void cache.sync.run()}
        loading={syncing && status.kind === 'incremental'}
        disabled={syncing}
      >
        Sync now
      </Button>
      <Button size="xs" variant="subtle" onClick={() => void cache.sync.run('full')} disabled={syncing}>
        Full refresh
      </Button>
    </Group>
  );
}

/** The status in staff's words. */
function describe(status: SyncStatus): string {
  const last = status.lastSyncedAt
    ? `Guests as of ${new Date(status.lastSyncedAt).toLocaleString()}`
    : 'Guests not downloaded yet';
  if (status.phase === 'syncing') {
    if (status.total === 0)
      return status.kind === 'full' ? 'Downloading the guest list from the service…' : 'Checking for changes…';
    return `${status.kind === 'full' ? 'Downloading guests' : 'Updating guests'}: ${status.done.toLocaleString()} of ${status.total.toLocaleString()}`;
  }
  if (status.phase === 'failed') return `${last}. Could not sync: ${status.error} Search still works on what is here.`;
  return `${last}.`;
}
