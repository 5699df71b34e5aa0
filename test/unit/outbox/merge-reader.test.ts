import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../shared/api/client';
import { createMergeReader, MAX_READ_AGE_MS, MIN_READ_AHEAD_MS } from '../../../electron/core/outbox/merge/reader';
import type { ServiceAccess } from '../../../electron/core/outbox/senders/sender';

/** The account the reads are for (the reader only reads through `list` here). */
const service: ServiceAccess = {
  clientId: 'c1',
  client: createServiceClient({ baseUrl: 'http://unused.test', apiKey: 'unused-key' }),
};

/** The instant (ms) a touched_from names (UTC, as the account has no zone here); -Infinity when the read is of everything. */
function sinceOf(touchedFrom: string | undefined): number {
  return touchedFrom === undefined ? -Infinity : Date.parse(`${touchedFrom.replace(' ', 'T')}Z`);
}

/** A reader over a fake service: each read answers when `answer()` is called, with the records given then. */
function setup() {
  let now = 1_000_000;
  const reads: Array<{ since: number; answer: (records: Array<{ id: string; v: number }>) => void }> = [];
  const reader = createMergeReader<{ id: string; v: number }>({
    list: (_service, request) =>
      new Promise((resolve) =>
        reads.push({ since: sinceOf(request.touched_from), answer: (records) => resolve(records) }),
      ),
    keyOf: (record) => record.id,
    now: () => now,
  });
  return { reader, reads, advance: (ms: number) => (now += ms) };
}

describe('the merge read', () => {
  it('calls launched together share one read', async () => {
    const { reader, reads } = setup();
    const first = reader.lease(service, { since: 500_000, keys: ['A'] });
    const second = reader.lease(service, { since: 500_000, keys: ['B'] });
    expect(reads).toHaveLength(1);
    reads[0]!.answer([{ id: 'A', v: 1 }]);
    const [a, b] = await Promise.all([first, second]);
    expect(a.read).toBe(b.read);
    expect(a.read.records.get('A')).toEqual({ id: 'A', v: 1 });
  });

  it('a later round uses the read while it is fresh, and reads again once it is older than MAX_READ_AGE_MS', async () => {
    const { reader, reads, advance } = setup();
    const first = reader.lease(service, { since: 500_000, keys: ['A'] });
    reads[0]!.answer([]);
    (await first).release(['A']);
    advance(100);
    await reader.lease(service, { since: 500_000, keys: ['B'] });
    expect(reads).toHaveLength(1);
    advance(MAX_READ_AGE_MS);
    const later = reader.lease(service, { since: 500_000, keys: ['C'] });
    expect(reads).toHaveLength(2);
    reads[1]!.answer([]);
    await later;
  });

  it('lends a fresh read only to entries already waiting when it began: an edit made later gets a read of its own', async () => {
    const { reader, reads, advance } = setup();
    const first = reader.lease(service, { since: 500_000, keys: ['A'], queuedAt: 999_000 });
    reads[0]!.answer([]);
    (await first).release(['A']);
    advance(100);
    // Waiting since before the read (a backlog): it shares it.
    await reader.lease(service, { since: 500_000, keys: ['B'], queuedAt: 999_500 });
    expect(reads).toHaveLength(1);
    // Queued after the read began (staff's next edit, 100 ms later): read again.
    const later = reader.lease(service, { since: 500_000, keys: ['C'], queuedAt: 1_000_050 });
    expect(reads).toHaveLength(2);
    reads[1]!.answer([{ id: 'C', v: 2 }]);
    expect((await later).read.records.get('C')).toEqual({ id: 'C', v: 2 });
  });

  it('never lends a read that began before this desk’s own push of the same record was answered', async () => {
    const { reader, reads, advance } = setup();
    const first = reader.lease(service, { since: 500_000, keys: ['A'] });
    reads[0]!.answer([{ id: 'A', v: 1 }]);
    advance(10);
    (await first).release(['A']);
    advance(10);
    const again = reader.lease(service, { since: 500_000, keys: ['A'] });
    expect(reads).toHaveLength(2);
    reads[1]!.answer([{ id: 'A', v: 2 }]);
    expect((await again).read.records.get('A')).toEqual({ id: 'A', v: 2 });
  });

  it('a read that does not reach back far enough is not lent: a base older than its start reads again from the base', async () => {
    const { reader, reads } = setup();
    const first = reader.lease(service, { since: 500_000, keys: ['A'] });
    reads[0]!.answer([]);
    await first;
    const older = reader.lease(service, { since: 100_000, keys: ['B'] });
    expect(reads.map((read) => read.since)).toEqual([500_000, 100_000]);
    reads[1]!.answer([]);
    await older;
  });

  it('shortly before a read in use is too old, the next one is read beside the pushes', async () => {
    const { reader, reads, advance } = setup();
    const first = reader.lease(service, { since: 500_000, keys: ['A'] });
    reads[0]!.answer([]);
    await first;
    // Half its age: still one read (a backlog reads about once a second, not twice).
    advance(MAX_READ_AGE_MS / 2 + 1);
    await reader.lease(service, { since: 500_000, keys: ['B'] });
    expect(reads).toHaveLength(1);
    // Its time nearly up: the next read starts, and this round still goes on the read in use.
    advance(MAX_READ_AGE_MS / 2 - MIN_READ_AHEAD_MS);
    const lease = await reader.lease(service, { since: 500_000, keys: ['C'] });
    expect(lease.read.startedAt).toBeLessThan(1_000_000 + 1);
    expect(reads).toHaveLength(2);
  });

  it('reads further ahead when reads are slow: twice the last read’s round trip before it is too old', async () => {
    const { reader, reads, advance } = setup();
    const first = reader.lease(service, { since: 500_000, keys: ['A'] });
    advance(200);
    reads[0]!.answer([]);
    await first;
    advance(MAX_READ_AGE_MS - 2 * 200 - 200 - 1);
    await reader.lease(service, { since: 500_000, keys: ['B'] });
    expect(reads).toHaveLength(1);
    advance(2);
    await reader.lease(service, { since: 500_000, keys: ['C'] });
    expect(reads).toHaveLength(2);
  });

  it('a failed read fails the calls waiting for it, and the next call reads again', async () => {
    const failing = createMergeReader<{ id: string }>({
      list: () => Promise.reject(new Error('no line')),
      keyOf: (record) => record.id,
      now: () => 0,
    });
    await expect(failing.lease(service, { since: 0, keys: [] })).rejects.toThrow('no line');
    await expect(failing.lease(service, { since: 0, keys: [] })).rejects.toThrow('no line');
  });
});
