import { describe, expect, it } from 'vitest';
import { createHarness } from './support/outbox-harness';

const contact = (i: number) => ({ PatronName: `Guest ${i}`, PatronEmail: `guest${i}@example.com` });
const LOCAL_ID = 'local-0b1e4f9a-2c3d-4e5f-8a9b-0c1d2e3f4a5b';

/** The stored columns of these entries, in the order given. */
function storedRows(db: ReturnType<typeof createHarness>['db'], ids: readonly string[]) {
  const read = db.prepare<
    [string],
    { seq: number; payload: string; creates_local_id: string | null; needs_local_id: string | null }
  >('SELECT seq, payload, creates_local_id, needs_local_id FROM outbox_items WHERE id = ?');
  return ids.map((id) => read.get(id)!);
}

describe("the outbox's enqueue of a batch (several entries a statement)", () => {
  it('stores every entry of a batch of any size once, in the order given, with its own payload and number', () => {
    const { outbox, db } = createHarness({ start: false });
    // 37 entries (groups of 16, 16, 4 and 1) with one refused among them, then a batch of 3.
    const payloads: Array<{ PatronName: string; PatronEmail?: string }> = Array.from({ length: 38 }, (_, i) =>
      i === 20 ? { PatronName: 'No way to reach' } : contact(i),
    );
    const results = [
      ...outbox.enqueueMany('push_contact', payloads),
      ...outbox.enqueueMany('push_contact', [contact(40), contact(41), contact(42)]),
    ];
    expect(results[20]).toEqual({ refused: expect.any(String) });
    const ids = results.flatMap((result) => ('id' in result ? [result.id] : []));
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    const rows = storedRows(db, ids);
    expect(rows.map((row) => JSON.parse(row.payload).PatronEmail)).toEqual(
      [...payloads.filter((_, i) => i !== 20), contact(40), contact(41), contact(42)].map(
        (payload) => payload.PatronEmail,
      ),
    );
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.seq).toBe(rows[i - 1]!.seq + 1);
    // What enqueueMany answered is what was stored: each entry reads back under its id.
    for (const id of ids) expect(outbox.get(id)?.state).toBe('queued');
    expect(db.prepare('SELECT COUNT(*) AS n FROM outbox_items').get()).toEqual({ n: 40 });
    expect(outbox.summary().counts).toMatchObject({ queued: 40 });
  });

  it("lets a later entry of the same batch see an earlier one: a local guest's second push waits for its first", () => {
    const { outbox, db } = createHarness({ start: false });
    const results = outbox.enqueueMany('push_contact', [
      contact(1),
      contact(2),
      { ...contact(3), contact_id: LOCAL_ID },
      contact(4),
      { ...contact(3), PatronSurname: 'Changed', contact_id: LOCAL_ID },
      contact(5),
    ]);
    const ids = results.map((result) => ('id' in result ? result.id : result.refused));
    const rows = storedRows(db, ids);
    expect(rows.map((row) => [row.creates_local_id, row.needs_local_id])).toEqual([
      [null, null],
      [null, null],
      [LOCAL_ID, null],
      [null, null],
      [null, LOCAL_ID],
      [null, null],
    ]);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.seq).toBe(rows[i - 1]!.seq + 1);
  });
});
