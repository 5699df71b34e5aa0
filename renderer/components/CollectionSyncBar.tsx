import { Button, Group, Progress, Text } from '@mantine/core';
import type { VenueFormat } from '../../shared/format/venue-format';
import { useVenueFormat } from '../hooks/useVenueFormat';
import type { CollectionStatus } from '../sync/collection';

/** How a synced collection's bar speaks of it: "Guests", "guest list", and what still works while it cannot sync. */
export interface CollectionWords {
  /** Capitalised plural: "Guests", "Bookings". */
  things: string;
  /** While the first pull runs: "Downloading the guest list from the service…". */
  downloading: string;
  /** While an incremental pull asks: "Checking for changes…". */
  checking: string;
  /** After a failure: what staff can still do ("Search still works on what is here."). */
  stillWorks: string;
}

/**
 * A synced collection's bar: progress while pulling, when it was last up to date, and "Sync now" and
 * "Full refresh" (one behaviour for every collection: see renderer/sync/collection.ts).
 */
export function CollectionSyncBar({
  label,
  progressLabel,
  status,
  words,
  onSync,
  onFullRefresh,
}: {
  label: string;
  progressLabel: string;
  status: CollectionStatus;
  words: CollectionWords;
  onSync: (() => void) | null;
  onFullRefresh: (() => void) | null;
}) {
  const syncing = status.phase === 'syncing';
  const format = useVenueFormat();
  return (
    <Group gap="sm" wrap="nowrap" aria-label={label}>
      <Text size="sm" c={status.phase === 'failed' ? 'orange' : 'dimmed'} role="status" style={{ flex: 1 }}>
        {describe(status, words, format)}
      </Text>
      {syncing && status.total > 0 && (
        <Progress value={(100 * status.done) / status.total} w={220} aria-label={progressLabel} animated />
      )}
      <Button
        size="xs"
        variant="subtle"
        onClick={() => onSync?.()}
        loading={syncing && status.kind === 'incremental'}
        disabled={syncing || !onSync}
      >
        Sync now
      </Button>
      <Button size="xs" variant="subtle" onClick={() => onFullRefresh?.()} disabled={syncing || !onFullRefresh}>
        Full refresh
      </Button>
    </Group>
  );
}

/** The status in staff's words. */
function describe(status: CollectionStatus, words: CollectionWords, format: VenueFormat): string {
  const last = status.lastSyncedAt
    ? `${words.things} as of ${format.dateTime(new Date(status.lastSyncedAt))}`
    : `${words.things} not downloaded yet`;
  if (status.phase === 'syncing') {
    const doing = status.kind === 'full' ? 'Downloading' : 'Updating';
    // A streamed pull's total is known only at its end: until then the count so far shows it moving.
    if (status.total === 0 && status.done > 0)
      return `${doing} ${words.things.toLowerCase()}: ${format.number(status.done)} so far`;
    if (status.total === 0) return status.kind === 'full' ? words.downloading : words.checking;
    return `${doing} ${words.things.toLowerCase()}: ${format.number(status.done)} of ${format.number(status.total)}`;
  }
  if (status.phase === 'failed') return `${last}. Could not sync: ${status.error} ${words.stillWorks}`;
  return status.leftOut ? `${last}. ${leftOutSentence(status.leftOut)}` : `${last}.`;
}

/** Records the service sent that the desk could not read: said, never dropped without a word. */
function leftOutSentence(count: number): string {
  const records = count === 1 ? '1 record it could not read; it is' : `${count} records it could not read; they are`;
  return `The service sent ${records} not shown here (the desk's log says which field was wrong).`;
}
