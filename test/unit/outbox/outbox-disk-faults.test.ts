import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../shared/api/client';
import { UserFacingError } from '../../../shared/bridge/result';
import { openDeskDatabase } from '../../../electron/core/db/open-database';
import { createFakeService } from './support/fake-service';
import { createHarness, email, sms } from './support/outbox-harness';
import { useTempDir } from './support/temp-dir';

const tempDir = useTempDir();
const FULL = 'The desk cannot write to its database: the disk is full. Free some space on this computer.';
const BUSY =
  'The desk cannot write to its database: another program is holding the database file (a backup tool, or a second Venue Desk on the same folder).';

/** A service whose SMS calls wait until the test lets them answer. */
function gatedService() {
  const service = createFakeService();
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const client = {
    ...service.client,
    sms: async (input: Parameters<ServiceClient['sms']>[0]) => (await gate, service.client.sms(input)),
  } as ServiceClient;
  return { service, client, open };
}

/** Lets calls in flight answer and the rounds they trigger run. */
const turns = async (count = 5) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** The desk's database on a file whose size SQLite caps: `PRAGMA max_page_count` makes SQLITE_FULL real. */
function fileHarness(options: Parameters<typeof createHarness>[0] = {}) {
  const file = join(tempDir(), 'desk.sqlite');
  const harness = createHarness({ db: openDeskDatabase(file), ...options });
  // The file may not grow, and the pages it has free are taken by a filler table: the next write that needs a page fails.
  const fill = () => {
    harness.db.exec('CREATE TABLE IF NOT EXISTS test_filler (bytes BLOB)');
    harness.db.pragma(`max_page_count = ${harness.db.pragma('page_count', { simple: true })}`);
    const insert = harness.db.prepare('INSERT INTO test_filler (bytes) VALUES (zeroblob(1000))');
    try {
      for (;;) insert.run();
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_FULL') throw error;
    }
  };
  const free = () => harness.db.pragma('max_page_count = 1073741823');
  return { ...harness, file, fill, free };
}

describe('disk faults', () => {
  it('enqueue on a full disk answers with the reason, stores nothing, and works again once there is space', () => {
    const harness = fileHarness();
    harness.fill();
    const big = { ...email('Weekend menu'), html: `<p>${'Our weekend menu. '.repeat(2000)}</p>` };
    let refusal: unknown;
    try {
      harness.outbox.enqueue('email', big);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(UserFacingError);
    expect((refusal as Error).message).toBe(`${FULL} Nothing was saved; try again once it is fixed.`);
    expect(harness.outbox.writeProblem()).toBe(FULL);
    expect(harness.outbox.list()).toEqual([]);

    harness.free();
    const item = harness.outbox.enqueue('email', big);
    expect(harness.outbox.get(item.id)?.state).toBe('queued');
    expect(harness.outbox.writeProblem()).toBeNull();
  });

  it('a full disk while outcomes are recorded loses none: they wait in memory and are committed on a later round', async () => {
    const { service, client, open } = gatedService();
    const harness = fileHarness({ service, client, config: { concurrency: 200 } });
    const ids = Array.from(
      { length: 200 },
      (_, n) => harness.outbox.enqueue('sms', sms(`Table ${n} is ready`, `0412 345 ${String(n).padStart(3, '0')}`)).id,
    );
    await turns();
    expect(harness.outbox.summary().counts.sending).toBe(200);
    // The disk fills while the calls are out; the service takes every message.
    // Packed pages (VACUUM), so the outcomes' few more bytes per row need pages the full disk has not.
    harness.db.exec('VACUUM');
    harness.fill();
    open();
    await turns(10);
    expect(service.sent).toHaveLength(200);
    expect(harness.outbox.writeProblem()).toBe(FULL);
    const stored = new Database(harness.file, { readonly: true });
    expect(stored.prepare(`SELECT COUNT(*) AS n FROM outbox_items WHERE state = 'sending'`).get()).toEqual({ n: 200 });
    stored.close();

    // Still full at the next try: nothing lost, nothing sent again.
    harness.clock.advance(1000);
    await turns();
    expect(harness.outbox.writeProblem()).toBe(FULL);
    expect(service.callsOf('sms')).toHaveLength(200);
    harness.free();
    await harness.advance(60_000);
    expect(harness.outbox.writeProblem()).toBeNull();
    for (const id of ids) expect(harness.outbox.get(id)?.state, id).toBe('sent');
    expect(service.sent).toHaveLength(200);
    expect(service.callsOf('sms')).toHaveLength(200);
    expect(service.callsOf('sentItems')).toHaveLength(0);
  });

  it('a database held by another program during a round (SQLITE_BUSY) never crashes the outbox; outcomes are committed once it is free', async () => {
    const { service, client, open } = gatedService();
    const harness = fileHarness({ service, client });
    const item = harness.outbox.enqueue('sms', sms());
    await turns();
    expect(harness.outbox.get(item.id)?.state).toBe('sending');
    harness.db.pragma('busy_timeout = 0');
    const other = new Database(harness.file);
    other.prepare('BEGIN IMMEDIATE').run();
    const heard: Array<string | null> = [];
    harness.outbox.subscribe(() => heard.push(harness.outbox.writeProblem()));
    open();
    await turns(10);
    expect(service.sent).toHaveLength(1);
    expect(harness.outbox.writeProblem()).toBe(BUSY);
    expect(heard).toContain(BUSY);
    // Backing off: a later try meets the same lock, and tries again after a longer wait.
    harness.clock.advance(1000);
    await turns();
    expect(harness.outbox.writeProblem()).toBe(BUSY);
    other.prepare('ROLLBACK').run();
    other.close();
    await harness.advance(60_000);
    expect(harness.outbox.writeProblem()).toBeNull();
    expect(heard.at(-1)).toBeNull();
    expect(harness.outbox.get(item.id)).toMatchObject({ state: 'sent', result: { reference_id: expect.any(String) } });
    expect(service.callsOf('sms')).toHaveLength(1);
  });

  it('a start and a claim refused by a held database send nothing until it is free, then deliver once', async () => {
    const harness = fileHarness({ start: false });
    const item = harness.outbox.enqueue('email', email());
    harness.db.prepare(`UPDATE outbox_items SET state = 'sending' WHERE id = ?`).run(item.id);
    const other = new Database(harness.file);
    other.pragma('busy_timeout = 0');
    harness.db.pragma('busy_timeout = 0');
    other.prepare('BEGIN IMMEDIATE').run();
    // The recovery of the entry a crash left sending cannot be written: start reports it and carries on.
    expect(() => harness.outbox.start()).not.toThrow();
    await turns();
    expect(harness.outbox.writeProblem()).toBe(BUSY);
    expect(harness.outbox.get(item.id)?.state).toBe('sending');
    const second = harness.outbox.enqueue.bind(harness.outbox);
    expect(() => second('sms', sms())).toThrow(BUSY);
    other.prepare('ROLLBACK').run();
    other.close();
    await harness.advance(2000);
    expect(harness.outbox.writeProblem()).toBeNull();
    // Recovered as outcome unknown: looked up after the reconcile delay, then sent once.
    await harness.advance(60_000);
    expect(harness.outbox.get(item.id)?.state).toBe('sent');
    expect(harness.service.callsOf('sentItems')).toHaveLength(1);
    expect(harness.service.sent).toHaveLength(1);
  });
});
