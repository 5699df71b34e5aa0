import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { RequestOf } from '../../../shared/bridge/contract';
import { migrate, schemaVersion } from '../../../electron/core/db/migrate';
import { deskMigrations } from '../../../electron/core/db/migrations';
import { openDeskDatabase } from '../../../electron/core/db/open-database';
import { createImportService, type ImportServiceOptions } from '../../../electron/core/import/import-service';
import { DEFAULT_OUTBOX_CONFIG } from '../../../electron/core/outbox/config';
import type { ImportView } from '../../../electron/core/import/import-view';
import { createHarness, CLIENT_ID } from '../outbox/support/outbox-harness';
import { createFakeService } from '../outbox/support/fake-service';
import { useTempDir } from '../outbox/support/temp-dir';

const newDir = useTempDir();

const START: RequestOf<'startImport'> = {
  fileName: 'guests.csv',
  delimiter: ';',
  encoding: 'windows-1252',
  bom: false,
  header: ['Prénom', 'E-mail'],
  mapping: { Prénom: { kind: 'field', field: 'PatronName' }, 'E-mail': { kind: 'field', field: 'PatronEmail' } },
  categories: ['Imported'],
  matchPolicy: 'update',
  totalRows: 6,
  readyRows: 4,
  leftRows: 1,
  heldRows: 1,
};

const row = (line: number, first: string, email: string, contactId?: string) => ({
  line,
  action: contactId ? ('update' as const) : ('new' as const),
  contact: { PatronName: first, PatronEmail: email, ...(contactId ? { contact_id: contactId } : {}) },
  original: [first, email],
});

/** The import service over a harness, with its events collected. */
function serviceOn(options: Omit<ImportServiceOptions, 'emit'>) {
  const events: ImportView[] = [];
  const service = createImportService({ ...options, emit: (view) => events.push(view) });
  return { ...service, events };
}

/** An import started and every one of `rows` handed over (the page said it is done). */
async function handedOver(
  handlers: ReturnType<typeof createImportService>['handlers'],
  rows: ReturnType<typeof row>[],
) {
  const started = await handlers.startImport({ ...START });
  await handlers.stageImportRows({ importId: started.id, afterLine: 0, rows, held: [] });
  await handlers.finishImportStaging({ importId: started.id });
  return started;
}

/** Waits until the core's own queueing of an import has finished (it runs a chunk per turn of the event loop). */
async function queued(handlers: ReturnType<typeof createImportService>['handlers'], importId: string) {
  for (let turn = 0; turn < 200; turn++) {
    const view = await handlers.getImport({ importId });
    if (view.phase !== 'queueing') return view;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('The import never left "queueing".');
}

/** The first batch of an import: one new guest on the file's line 2. */
const firstRowOf = (importId: string) => ({ importId, afterLine: 0, rows: [row(2, 'A', 'a@example.com')], held: [] });

/** Waits (turns of the event loop, then short sleeps, `turns` at most) until `done` holds. */
async function turnsUntil(done: () => boolean, turns = 200): Promise<void> {
  for (let turn = 0; turn < turns && !done(); turn++)
    await new Promise((resolve) => (turn < 50 ? setImmediate(resolve) : setTimeout(resolve, 5)));
  if (!done()) throw new Error('It never happened.');
}

describe('imports in the desk database', () => {
  it('takes every row first, queues the ready ones itself, goes on after a restart with one call, and maps failures and held rows back to their rows', async () => {
    const file = join(newDir(), 'desk.sqlite');
    const service = createFakeService();
    const first = createHarness({ db: openDeskDatabase(file), service, start: false });
    const one = serviceOn({ db: first.db, outbox: first.outbox, clientId: () => CLIENT_ID });
    const started = await one.handlers.startImport({ ...START });
    await one.handlers.stageImportRows({
      importId: started.id,
      afterLine: 0,
      rows: [row(2, 'Hélène', 'helene@example.fr'), row(4, 'Bad', 'not-an-email')],
      held: [{ line: 3, reason: 'E-mail: "x@" is not a valid email address.', original: ['Marc', 'x@'] }],
    });
    // A hand-over sent again (its answer was lost) keeps each row once.
    await one.handlers.stageImportRows({
      importId: started.id,
      afterLine: 0,
      rows: [row(2, 'Hélène', 'helene@example.fr')],
      held: [],
    });
    await one.handlers.stageImportRows({
      importId: started.id,
      afterLine: 4,
      rows: [row(5, 'Gone', 'gone@example.fr', '999'), row(7, 'Zoë', 'zoe@example.fr')],
      held: [],
    });
    expect(await one.handlers.getImport({ importId: started.id })).toMatchObject({
      phase: 'queueing',
      stagedRows: 4,
      queuedRows: 0,
      lastStagedLine: 7,
      staged: false,
    });
    // The desk stops before the page said every row was there: the import is interrupted, nothing was queued.
    one.close();
    first.db.close();

    const db = openDeskDatabase(file);
    const second = createHarness({ db, service, start: false });
    const two = serviceOn({ db, outbox: second.outbox, clientId: () => CLIENT_ID });
    expect(await two.handlers.getImport({ importId: started.id })).toMatchObject({
      phase: 'interrupted',
      stagedRows: 4,
      lastStagedLine: 7,
    });
    // Go on: the page that still has the file hands the rest over (none left here), then the core queues.
    await two.handlers.resumeImport({ importId: started.id });
    await two.handlers.finishImportStaging({ importId: started.id });
    const afterQueue = await queued(two.handlers, started.id);
    expect(afterQueue).toMatchObject({ phase: 'delivering', queuedRows: 3, pending: 3, failed: 1, heldRows: 1 });
    expect(two.events.some((event) => event.id === started.id && event.queuedRows === 3)).toBe(true);

    second.outbox.start();
    await second.advance(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const done = await two.handlers.getImport({ importId: started.id });
    expect(done).toMatchObject({ phase: 'done', newGuests: 2, updated: 0, failed: 2, pending: 0, leftRows: 1 });
    // The renderer heard the end without asking.
    expect(two.events.at(-1)).toMatchObject({ id: started.id, phase: 'done' });
    expect(
      service.calls.filter((call) => call.method === 'pushContact').flatMap((call) => call.input as unknown[]),
    ).toHaveLength(3);

    const failed = await two.handlers.importFailedRows({ importId: started.id });
    expect(failed).toMatchObject({
      delimiter: ';',
      encoding: 'windows-1252',
      header: ['Prénom', 'E-mail'],
      dropped: false,
    });
    expect(failed.rows).toEqual([
      { line: 3, kind: 'held', original: ['Marc', 'x@'], reason: 'E-mail: "x@" is not a valid email address.' },
      {
        line: 4,
        kind: 'failed',
        original: ['Bad', 'not-an-email'],
        reason: '"not-an-email" is not a valid email address.',
      },
      { line: 5, kind: 'failed', original: ['Gone', 'gone@example.fr'], reason: 'No such contact in database' },
    ]);
    expect((await two.handlers.listImports({})).imports.map((view) => view.fileName)).toEqual(['guests.csv']);
    two.close();
    await second.outbox.stop();
  });

  it('queues on its own, after a restart, an import whose rows had all reached the desk', async () => {
    const file = join(newDir(), 'desk.sqlite');
    const first = createHarness({ db: openDeskDatabase(file), start: false });
    const one = serviceOn({ db: first.db, outbox: first.outbox, clientId: () => CLIENT_ID });
    const started = await one.handlers.startImport({ ...START });
    await one.handlers.stageImportRows(firstRowOf(started.id));
    await one.handlers.finishImportStaging({ importId: started.id });
    // The desk stops before its own queueing ran.
    one.close();
    first.db.close();
    const db = openDeskDatabase(file);
    const second = createHarness({ db, start: false });
    const two = serviceOn({ db, outbox: second.outbox, clientId: () => CLIENT_ID });
    expect(await queued(two.handlers, started.id)).toMatchObject({ phase: 'delivering', queuedRows: 1, pending: 1 });
    two.close();
  });

  it('puts rows in the outbox while the rest are still being handed over, and calls the import queued only once every row is there', async () => {
    const harness = createHarness({ start: false });
    const { handlers, close } = serviceOn({ db: harness.db, outbox: harness.outbox, clientId: () => CLIENT_ID });
    const started = await handlers.startImport({ ...START });
    await handlers.stageImportRows(firstRowOf(started.id));
    // The first batch goes into the outbox at once; the import is still receiving rows, so it is not queued yet.
    await expect(queued(handlers, started.id)).rejects.toThrow(/never left "queueing"/);
    expect(harness.outbox.list({ kinds: ['push_contact'] })).toHaveLength(1);
    expect(await handlers.getImport({ importId: started.id })).toMatchObject({
      phase: 'queueing',
      queuedRows: 1,
      staged: false,
    });
    await handlers.stageImportRows({
      importId: started.id,
      afterLine: 2,
      rows: [row(3, 'B', 'b@example.com')],
      held: [],
    });
    await handlers.finishImportStaging({ importId: started.id });
    expect(await queued(handlers, started.id)).toMatchObject({ phase: 'delivering', queuedRows: 2, pending: 2 });
    expect(harness.outbox.list({ kinds: ['push_contact'] })).toHaveLength(2);
    close();
  });

  it('refuses a batch that does not follow the rows on the desk (held rows count), and keeps a batch sent again once', async () => {
    const harness = createHarness({ start: false });
    const { handlers, close } = serviceOn({ db: harness.db, outbox: harness.outbox, clientId: () => CLIENT_ID });
    const started = await handlers.startImport({ ...START });
    const rows = (afterLine: number, lines: number[]) => ({
      importId: started.id,
      afterLine,
      rows: lines.map((line) => row(line, `Guest ${line}`, `g${line}@example.com`)),
      held: [],
    });
    await handlers.stageImportRows(rows(0, [2, 3]));
    // A batch of held rows only moves the last row on the desk on.
    await handlers.stageImportRows({
      importId: started.id,
      afterLine: 3,
      rows: [],
      held: [{ line: 4, reason: 'No email or mobile.', original: ['x', ''] }],
    });
    // The batch after line 6 came, but the one with lines 5 and 6 never did: refused, nothing of it kept.
    expect(() => handlers.stageImportRows(rows(6, [7, 8]))).toThrow(
      'Rows after row 6 came before those up to it reached the desk. Go on sends again every row after row 4.',
    );
    // The page stops at a refusal: once the core has queued what it has, the import shows as stopped (Go on).
    expect(await queued(handlers, started.id)).toMatchObject({
      phase: 'interrupted',
      stagedRows: 2,
      lastStagedLine: 4,
    });
    // The first batch again (its answer was lost): nothing new, nothing refused.
    await handlers.stageImportRows(rows(0, [2, 3]));
    await handlers.stageImportRows(rows(4, [5, 6]));
    await handlers.stageImportRows(rows(6, [7, 8]));
    expect(await handlers.getImport({ importId: started.id })).toMatchObject({ stagedRows: 6, lastStagedLine: 8 });
    close();
  });

  it('tells the page an import stopped when its hand-over has gone quiet for 30 s (the page closed or its worker died)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const harness = createHarness({ start: false });
      let now = 1_000_000;
      const { handlers, close, events } = serviceOn({
        db: harness.db,
        outbox: harness.outbox,
        clientId: () => CLIENT_ID,
        now: () => now,
      });
      const started = await handlers.startImport({ ...START });
      await handlers.stageImportRows(firstRowOf(started.id));
      await turnsUntil(() => harness.outbox.list({ kinds: ['push_contact'] }).length === 1);
      // The core's loop ends once it finds nothing more to queue (its turns are not timers).
      for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
      vi.advanceTimersByTime(1000);
      expect(events.at(-1)).toMatchObject({ id: started.id, phase: 'queueing' });
      now += 30_000;
      vi.advanceTimersByTime(30_000);
      expect(events.at(-1)).toMatchObject({ id: started.id, phase: 'interrupted', lastStagedLine: 2 });
      close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells the page an import is done as soon as its last row is sent, not with the next gathered event', async () => {
    // The gathered events wait on timers that never fire here: only an event sent at once can say "done".
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const harness = createHarness({ start: false });
      const { handlers, close, events } = serviceOn({
        db: harness.db,
        outbox: harness.outbox,
        clientId: () => CLIENT_ID,
      });
      const started = await handedOver(handlers, [row(2, 'A', 'a@example.com'), row(3, 'B', 'b@example.com')]);
      await queued(handlers, started.id);
      harness.outbox.start();
      await harness.advance(0);
      await turnsUntil(() => events.some((event) => event.id === started.id && event.phase === 'done'), 50);
      expect(events.at(-1)).toMatchObject({ id: started.id, phase: 'done', newGuests: 2, pending: 0 });
      close();
      await harness.outbox.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('cancels what has not gone out; what went stays sent', async () => {
    const harness = createHarness({ start: false });
    const { handlers, close } = serviceOn({ db: harness.db, outbox: harness.outbox, clientId: () => CLIENT_ID });
    const started = await handedOver(handlers, [row(2, 'A', 'a@example.com'), row(3, 'B', 'b@example.com')]);
    await queued(handlers, started.id);
    const cancelled = await handlers.cancelImport({ importId: started.id });
    expect(cancelled).toMatchObject({ phase: 'cancelled', pending: 0 });
    harness.outbox.start();
    await harness.advance(0);
    expect(harness.service.calls.filter((call) => call.method === 'pushContact')).toHaveLength(0);
    expect(() =>
      handlers.stageImportRows({ importId: started.id, afterLine: 3, rows: [row(4, 'C', 'c@example.com')], held: [] }),
    ).toThrow(/cancelled/);
    close();
    await harness.outbox.stop();
  });

  it('a cancelled import counts rows never queued as neither failed nor still to go, and says when its calls on their way have answered', async () => {
    // One call of two guests at a time: a third queued entry waits, and the cancel discards it.
    const harness = createHarness({
      start: false,
      config: { concurrency: 1, batchSize: { ...DEFAULT_OUTBOX_CONFIG.batchSize, push_contact: 2 } },
    });
    const { handlers, close, events } = serviceOn({
      db: harness.db,
      outbox: harness.outbox,
      clientId: () => CLIENT_ID,
    });
    const started = await handlers.startImport({ ...START });
    const importId = started.id;
    await handlers.stageImportRows({
      importId,
      afterLine: 0,
      rows: [row(2, 'A', 'a@example.com'), row(3, 'B', 'b@example.com'), row(4, 'E', 'e@example.com')],
      held: [],
    });
    await turnsUntil(() => harness.outbox.list({ kinds: ['push_contact'] }).length === 3);
    // A call with two is on its way when staff cancel, one entry waits, and two more rows reached the desk, not yet queued.
    const release = harness.service.hold();
    harness.outbox.start();
    await turnsUntil(() => harness.service.callsOf('pushContact').length === 1);
    await handlers.stageImportRows({
      importId,
      afterLine: 4,
      rows: [row(5, 'C', 'c@example.com'), row(6, 'D', 'd@example.com')],
      held: [],
    });
    const cancelled = await handlers.cancelImport({ importId });
    expect(cancelled).toMatchObject({ phase: 'cancelled', stagedRows: 5, queuedRows: 3, pending: 2, failed: 0 });

    // What the cancel itself tells the page has been told (events come at most every 250 ms).
    await new Promise((resolve) => setTimeout(resolve, 400));
    const told = events.length;
    release();
    await harness.advance(0);
    await turnsUntil(() => events.slice(told).some((event) => event.id === importId && event.pending === 0), 1000);
    expect(events.at(-1)).toMatchObject({ phase: 'cancelled', newGuests: 2, pending: 0, failed: 0 });
    expect(await handlers.getImport({ importId })).toMatchObject({ newGuests: 2, pending: 0, failed: 0 });
    expect((await handlers.importFailedRows({ importId })).rows).toEqual([]);
    close();
    await harness.outbox.stop();
  });

  it("refuses to import without an account, and answers only about the connected account's imports", async () => {
    const harness = createHarness({ start: false });
    let clientId: string | null = null;
    const { handlers, close } = serviceOn({ db: harness.db, outbox: harness.outbox, clientId: () => clientId });
    expect(() => handlers.startImport({ ...START })).toThrow(/Connect an account/);
    clientId = CLIENT_ID;
    const started = await handlers.startImport({ ...START });
    await handlers.stageImportRows({
      importId: started.id,
      afterLine: 0,
      rows: [],
      held: [{ line: 3, reason: 'Bad', original: ['x', 'y'] }],
    });
    clientId = 'another';
    expect((await handlers.listImports({})).imports).toEqual([]);
    for (const call of [
      () => handlers.getImport({ importId: started.id }),
      () => handlers.importFailedRows({ importId: started.id }),
      () => handlers.cancelImport({ importId: started.id }),
      () =>
        handlers.stageImportRows({
          importId: started.id,
          afterLine: 3,
          rows: [row(4, 'A', 'a@example.com')],
          held: [],
        }),
      () => handlers.resumeImport({ importId: started.id }),
    ])
      expect(call).toThrow(/not on the desk for the connected account/);
    close();
  });

  it("queues an import's rows only under its own account: another venue connected stops it, and Go on after switching back queues them for the import's venue", async () => {
    const harness = createHarness({ start: false });
    let clientId: string | null = CLIENT_ID;
    const { handlers, close, events } = serviceOn({
      db: harness.db,
      outbox: harness.outbox,
      clientId: () => clientId,
    });
    const ownAccount = harness.account.current!;
    const started = await handedOver(handlers, [row(2, 'A', 'a@example.com'), row(3, 'B', 'b@example.com')]);
    // Another venue is connected before the core's loop takes its first turn.
    clientId = 'venue-b';
    harness.account.current = { ...ownAccount, clientId: 'venue-b' };
    const eventsBefore = events.length;
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(harness.outbox.list({ kinds: ['push_contact'] })).toEqual([]);
    // Venue B's desk hears nothing of venue A's import.
    expect(events.slice(eventsBefore)).toEqual([]);

    clientId = CLIENT_ID;
    harness.account.current = ownAccount;
    expect(await handlers.getImport({ importId: started.id })).toMatchObject({
      phase: 'interrupted',
      stagedRows: 2,
      queuedRows: 0,
    });
    await handlers.resumeImport({ importId: started.id });
    expect(await queued(handlers, started.id)).toMatchObject({ phase: 'delivering', queuedRows: 2 });
    const entries = harness.db
      .prepare<[], { account: string }>("SELECT account FROM outbox_items WHERE kind = 'push_contact'")
      .all();
    expect(entries).toEqual([{ account: CLIENT_ID }, { account: CLIENT_ID }]);
    close();
  });

  it('tells the duplicate check which guests the outbox queued or sent, as soon as they are queued', async () => {
    const harness = createHarness({ start: false });
    const { handlers, close } = serviceOn({ db: harness.db, outbox: harness.outbox, clientId: () => CLIENT_ID });
    harness.outbox.enqueue('push_contact', { PatronName: 'Ann', PatronEmail: 'ann@example.com' });
    harness.outbox.enqueue('push_contact', { contact_id: '42', PatronMobile: '+61412345678' });
    const known = await handlers.importKnownGuests({});
    expect(known.next).toBeNull();
    expect(known.guests).toEqual([
      expect.objectContaining({ state: 'pending', fields: { PatronName: 'Ann', PatronEmail: 'ann@example.com' } }),
      expect.objectContaining({ state: 'pending', contactId: '42', fields: { PatronMobile: '+61412345678' } }),
    ]);
    close();
  });

  it("drops an import's rows' cells with the outbox's retention, keeping its counts and the rows' numbers and reasons", async () => {
    const harness = createHarness({ start: false });
    let now = 1_000_000;
    const options = {
      db: harness.db,
      outbox: harness.outbox,
      clientId: () => CLIENT_ID,
      now: () => now,
      keepFinishedForMs: 1000,
    };
    const one = serviceOn(options);
    const started = await one.handlers.startImport({ ...START });
    await one.handlers.stageImportRows({
      importId: started.id,
      afterLine: 0,
      rows: [],
      held: [{ line: 3, reason: 'No email or mobile.', original: ['Marc', ''] }],
    });
    await one.handlers.finishImportStaging({ importId: started.id });
    expect(await queued(one.handlers, started.id)).toMatchObject({ phase: 'done', heldRows: 1 });
    one.close();
    now += 2000;
    // The next start of the desk (or the daily sweep) drops what is past its time.
    const two = serviceOn(options);
    const failed = await two.handlers.importFailedRows({ importId: started.id });
    expect(failed).toMatchObject({
      dropped: true,
      rows: [{ line: 3, kind: 'held', original: [], reason: 'No email or mobile.' }],
    });
    expect(await two.handlers.getImport({ importId: started.id })).toMatchObject({
      heldRows: 1,
      leftRows: 1,
      phase: 'done',
    });
    two.close();
  });
});

describe('migrations 3 and 5: imports', () => {
  it('migrates a version-2 file, keeping its outbox entries and settings, and adds the import tables', () => {
    const db = new Database(':memory:');
    migrate(db, deskMigrations.slice(0, 2));
    db.prepare(
      `INSERT INTO outbox_items (id, kind, state, account, guest_key, payload, created_at, updated_at) VALUES ('a', 'push_contact', 'queued', 'c1', 'g', '{"PatronEmail":"kept@example.com"}', 1, 1)`,
    ).run();
    db.prepare(`INSERT INTO settings (key, value) VALUES ('account', '{"label":"Bar"}')`).run();
    migrate(db, deskMigrations.slice(0, 3));
    expect(schemaVersion(db)).toBe(3);
    expect(db.prepare('SELECT payload FROM outbox_items').all()).toEqual([
      { payload: '{"PatronEmail":"kept@example.com"}' },
    ]);
    expect(db.prepare('SELECT value FROM settings').all()).toEqual([{ value: '{"label":"Bar"}' }]);
    db.prepare(
      `INSERT INTO imports (id, account, file_name, created_at, delimiter, encoding, header, mapping, categories, match_policy, total_rows, ready_rows) VALUES ('imp_1', 'c1', 'f.csv', 1, ',', 'utf-8', '[]', '{}', '[]', 'update', 1, 1)`,
    ).run();
    db.prepare(
      `INSERT INTO import_rows (import_id, line, action, outbox_id, original) VALUES ('imp_1', 2, 'new', 'a', '[]')`,
    ).run();
    expect(db.prepare('SELECT line FROM import_rows WHERE outbox_id = ?').all('a')).toEqual([{ line: 2 }]);
  });

  it('migrates a version-4 file: earlier imports keep their rows and counts but no longer every cell of every row', () => {
    const db = new Database(':memory:');
    migrate(db, deskMigrations.slice(0, 4));
    db.prepare(
      `INSERT INTO imports (id, account, file_name, created_at, queued_at, delimiter, encoding, header, mapping, categories, match_policy, total_rows, ready_rows) VALUES ('imp_1', 'c1', 'f.csv', 1, 5, ',', 'utf-8', '["Email","Secret notes"]', '{}', '[]', 'update', 1, 1)`,
    ).run();
    db.prepare(
      `INSERT INTO import_rows (import_id, line, action, outbox_id, original) VALUES ('imp_1', 2, 'new', 'a', '["a@example.com","private"]')`,
    ).run();
    migrate(db, deskMigrations.slice(0, 5));
    expect(schemaVersion(db)).toBe(5);
    expect(db.prepare('SELECT line, original, contact FROM import_rows').all()).toEqual([
      { line: 2, original: '[]', contact: null },
    ]);
    expect(db.prepare('SELECT header, staged_at, left_rows, held_rows FROM imports').get()).toEqual({
      header: '[]',
      staged_at: 5,
      left_rows: 0,
      held_rows: 0,
    });
  });
});
