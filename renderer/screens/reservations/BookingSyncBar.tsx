import { Button, Group, Progress, Text } from '@mantine/core';
import { useGuests } from '../../stores/guests';
import { useReservations } from '../../stores/reservations';
import type { BookingSyncStatus } from '../../sync/booking-sync';

/** The booking sync: progress of the first download, when bookings were last up to date, sync on demand. */
export function BookingSyncBar() {
  const status = useReservations((state) => state.status);
  const sync = useReservations((state) => state.sync);
  const syncing = status.phase === 'syncing';
  return (
    <Group gap="sm" wrap="nowrap" aria-label="booking sync">
      <Text size="sm" c={status.phase === 'failed' ? 'orange' : 'dimmed'} role="status" style={{ flex: 1 }}>
        {describe(status)}
      </Text>
      {syncing && status.total > 0 && (
        <Progress value={(100 * status.done) / status.total} w={220} aria-label="booking sync progress" animated />
      )}
      {/* Guests' sync too: it brings the SMS replies a booking shows. */}
      <Button
        size="xs"
        variant="subtle"
        onClick={() => (void sync?.run(), void useGuests.getState().cache?.sync.run())}
        disabled={syncing || !sync}
      >
        Sync now
      </Button>
      <Button size="xs" variant="subtle" onClick={() => void sync?.run('full')} disabled={syncing || !sync}>
        Full refresh
      </Button>
    </Group>
  );
}

/** The status in staff's words. */
function describe(status: BookingSyncStatus): string {
  const last = status.lastSyncedAt
    ? `Bookings as of ${new Date(status.lastSyncedAt).toLocaleString()}`
    : 'Bookings not downloaded yet';
  if (status.phase === 'syncing') {
    if (status.total === 0)
      return status.kind === 'full' ? 'Downloading bookings from the service…' : 'Checking for changed bookings…';
    return `${status.kind === 'full' ? 'Downloading bookings' : 'Updating bookings'}: ${status.done.toLocaleString()} of ${status.total.toLocaleString()}`;
  }
  if (status.phase === 'failed')
    return `${last}. Could not sync: ${status.error} The book still works on what is here.`;
  return `${last}.`;
}
