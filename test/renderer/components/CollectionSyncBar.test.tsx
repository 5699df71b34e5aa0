import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CollectionSyncBar } from '../../../renderer/components/CollectionSyncBar';
import type { CollectionStatus } from '../../../renderer/sync/collection';
import { renderWithProviders } from '../render';

const WORDS = {
  things: 'Guests',
  downloading: 'Downloading the guest list from the service…',
  checking: 'Checking for changes…',
  stillWorks: 'Search still works on what is here.',
};

/** The bar's status line for one status. */
function statusLine(status: CollectionStatus): string {
  renderWithProviders(
    <CollectionSyncBar
      label="guest sync"
      progressLabel="sync progress"
      status={status}
      words={WORDS}
      onSync={null}
      onFullRefresh={null}
    />,
  );
  return screen.getByRole('status').textContent ?? '';
}

describe('a collection sync bar', () => {
  it('says a first download has begun before anything has arrived', () => {
    expect(statusLine({ phase: 'syncing', kind: 'full', done: 0, total: 0 })).toBe(WORDS.downloading);
  });

  it('counts what a streamed pull has brought so far while its total is not known, with no progress bar', () => {
    expect(statusLine({ phase: 'syncing', kind: 'full', done: 24_000, total: 0 })).toBe(
      'Downloading guests: 24,000 so far',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows done of total once the total is known', () => {
    expect(statusLine({ phase: 'syncing', kind: 'full', done: 24_000, total: 100_000 })).toBe(
      'Downloading guests: 24,000 of 100,000',
    );
  });

  it('tells staff how many records of the last pull could not be read and were left out', () => {
    const synced = { phase: 'idle' as const, done: 0, total: 0, lastSyncedAt: '2026-11-25T04:00:00.000Z' };
    expect(statusLine({ ...synced, leftOut: 3 })).toMatch(
      /^Guests as of .+\. The service sent 3 records it could not read; they are not shown here \(the desk's log says which field was wrong\)\.$/,
    );
  });
});
