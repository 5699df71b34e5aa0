import type { Database } from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDeskDatabase } from '../../../electron/core/db/open-database';
import { createImportService } from '../../../electron/core/import/import-service';
import type { ContactRecord } from '../../../shared/api/response-schemas';
import { createHarness, CLIENT_ID } from '../outbox/support/outbox-harness';
import { useTempDir } from '../outbox/support/temp-dir';

const newDir = useTempDir();

/** When the guest cache's last pull reached (ms): pushes sent before are in the cache. */
const SYNCED_FROM = 50_000;

/** A desk database whose statements are recorded as the outbox prepares them (for their query plans). */
function recordingDatabase(file: string): { db: Database; sources: string[] } {
  const db = openDeskDatabase(file);
  const sources: string[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = ((source: string) => {
    sources.push(source);
    return prepare(source);
  }) as typeof db.prepare;
  return { db, sources };
}

/** Queues new guests and marks them sent at `sentAt`, as a batch answer with no ids leaves them. */
function sendGuests(harness: ReturnType<typeof createHarness>, from: number, count: number, sentAt: number) {
  for (let n = from; n < from + count; n++)
    harness.outbox.enqueue('push_contact', { PatronName: `Guest ${n}`, PatronEmail: `guest${n}@example.com` });
  harness.db
    .prepare(
      "UPDATE outbox_items SET state = 'sent', sent_at = ?, result = NULL WHERE kind = 'push_contact' AND state = 'queued'",
    )
    .run(sentAt);
}

/** The import service's handlers over a harness, with a pull_db stand-in that records its calls. */
function importOn(harness: ReturnType<typeof createHarness>, service: ContactRecord[]) {
  const pulls: number[] = [];
  const imports = createImportService({
    db: harness.db,
    outbox: harness.outbox,
    clientId: () => CLIENT_ID,
    emit: () => undefined,
    pullTouchedSince: async (since) => {
      pulls.push(since);
      return service;
    },
  });
  return { handlers: imports.handlers, close: imports.close, pulls };
}

describe("the import's known guests (the outbox's guests the guest cache does not hold yet)", () => {
  it('reads only the pushes not sent yet and those sent since the cache last synced, so a re-import before the next sync still counts them', async () => {
    const harness = createHarness({ start: false });
    sendGuests(harness, 0, 1000, 10_000); // before the cache's last sync: the cache holds them
    sendGuests(harness, 1000, 3, 60_000); // sent since: only the outbox knows them
    harness.outbox.enqueue('push_contact', { PatronName: 'Queued', PatronEmail: 'queued@example.com' });
    const { handlers, close } = importOn(harness, []);

    const recent = await handlers.importKnownGuests({ sentFrom: SYNCED_FROM });
    expect(recent.next).toBeNull();
    expect(recent.guests.map((guest) => [guest.fields.PatronEmail, guest.state])).toEqual([
      ['guest1000@example.com', 'sent'],
      ['guest1001@example.com', 'sent'],
      ['guest1002@example.com', 'sent'],
      ['queued@example.com', 'pending'],
    ]);
    // A cache that never synced: every push counts, a page at a time.
    const all = [];
    for (let after: number | null = 0; after !== null;) {
      const page = await handlers.importKnownGuests({ after });
      all.push(...page.guests);
      after = page.next;
    }
    expect(all).toHaveLength(1004);
    close();
  });

  it("looks a new guest's id up once, keeps it on its entry across a restart, and asks again only for the guests still unknown", async () => {
    const file = join(newDir(), 'desk.sqlite');
    const first = createHarness({ db: openDeskDatabase(file), start: false });
    sendGuests(first, 0, 500, 10_000);
    sendGuests(first, 500, 2, 60_000);
    const service: ContactRecord[] = [
      { client_id: CLIENT_ID, contact_id: '7001', PatronEmail: 'guest500@example.com' },
    ];
    const one = importOn(first, service);
    const read = await one.handlers.importKnownGuests({ sentFrom: SYNCED_FROM });
    expect(read.guests.map((guest) => guest.contactId)).toEqual(['7001', undefined]);
    // Only the guests sent since the sync are looked up, from just before the first of them was sent.
    expect(one.pulls).toEqual([60_000 - 10 * 60_000]);
    one.close();
    first.db.close();

    const second = createHarness({ db: openDeskDatabase(file), start: false });
    const two = importOn(second, [
      ...service,
      { client_id: CLIENT_ID, contact_id: '7002', PatronEmail: 'guest501@example.com' },
    ]);
    const again = await two.handlers.importKnownGuests({ sentFrom: SYNCED_FROM });
    expect(again.guests.map((guest) => guest.contactId)).toEqual(['7001', '7002']);
    const stored = second.db
      .prepare('SELECT learned_contact_id AS id FROM outbox_items WHERE learned_contact_id IS NOT NULL ORDER BY seq')
      .all();
    expect(stored).toEqual([{ id: '7001' }, { id: '7002' }]);
    await two.handlers.importKnownGuests({ sentFrom: SYNCED_FROM });
    // One pull for the guest still unknown after the restart, none once every id is known.
    expect(two.pulls).toHaveLength(1);
    two.close();
    second.db.close();
  });

  it('reads guest pushes through their partial indexes, never by a scan of every entry', () => {
    const { db, sources } = recordingDatabase(join(newDir(), 'desk.sqlite'));
    createHarness({ db, start: false });
    const reads = sources.filter((source) => /kind = 'push_contact'/.test(source) && /^\s*SELECT/.test(source));
    expect(reads).toHaveLength(2);
    for (const source of reads) {
      const named = Object.fromEntries([...source.matchAll(/@(\w+)/g)].map(([, name]) => [name!, 1]));
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${source}`)
        .all(named)
        .map((step) => (step as { detail: string }).detail);
      expect(plan.filter((detail) => /outbox_items/.test(detail))).not.toContainEqual(
        expect.stringMatching(/^SCAN|USING INTEGER PRIMARY KEY \(rowid>\?\)/),
      );
      expect(plan.join('\n')).toMatch(
        /USING (COVERING )?INDEX outbox_items_guest_pushes_sent \(account=\? AND sent_at>\?\)/,
      );
    }
    db.close();
  });
});
