import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDeskDatabase } from '../../../electron/core/db/open-database';
import { createOutboxStore } from '../../../electron/core/outbox/store';
import { RAW_COLUMNS } from '../../../electron/core/outbox/store-columns';
import { createHarness, sms } from './support/outbox-harness';
import { useTempDir } from './support/temp-dir';

const tempDir = useTempDir();

describe('outbox claims are conditional', () => {
  it('claims an entry only from queued or waiting: a second writer on the same file gets nothing', () => {
    const file = join(tempDir(), 'desk.sqlite');
    const first = openDeskDatabase(file);
    const second = openDeskDatabase(file);
    try {
      const queuing = createHarness({ db: first, start: false });
      const ids = [queuing.outbox.enqueue('sms', sms('one')).id, queuing.outbox.enqueue('sms', sms('two')).id];
      const mine = createOutboxStore(first).claim(ids, 1000);
      expect([...mine.keys()].sort()).toEqual([...ids].sort());
      expect(mine.get(ids[0]!)).toMatchObject({ state: 'sending', updatedAt: 1000 });
      // The other process planned the same entries from the same line: its claim changes no row.
      expect(createOutboxStore(second).claim(ids, 1001).size).toBe(0);
      expect(createOutboxStore(second).get(ids[0]!)).toMatchObject({ state: 'sending', updatedAt: 1000 });
    } finally {
      second.close();
      first.close();
    }
  });

  it('skips entries that left the line between planning and claiming, and claims the rest', () => {
    const { outbox, db } = createHarness({ start: false });
    const kept = outbox.enqueue('sms', sms('kept')).id;
    const discarded = outbox.enqueue('sms', sms('discarded')).id;
    outbox.discard(discarded);
    const claimed = createOutboxStore(db).claim([kept, discarded], 5);
    expect([...claimed.keys()]).toEqual([kept]);
  });

  it('gives back each claimed entry whole, as a read of its row gives it (the claim reads its columns as arrays)', () => {
    const { outbox, db } = createHarness({ start: false });
    const store = createOutboxStore(db);
    const ids = [outbox.enqueue('sms', sms('one')).id, outbox.enqueue('sms', sms('two')).id];
    const claimed = store.claim(ids, 7);
    expect(claimed.size).toBe(2);
    for (const id of ids) expect(claimed.get(id)).toEqual(store.get(id));
    // Every column of the table is read (the arrays are taken apart in RawTuple's order, checked just above).
    const columns = db
      .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('outbox_items') ORDER BY cid")
      .all();
    expect(
      RAW_COLUMNS.split(',')
        .map((name) => name.trim())
        .sort(),
    ).toEqual(columns.map((column) => column.name).sort());
  });
});
