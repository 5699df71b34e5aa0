import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../shared/bridge/contract';
import { migrate, schemaVersion } from '../../../electron/core/db/migrate';
import { deskMigrations } from '../../../electron/core/db/migrations';
import { openDeskDatabase } from '../../../electron/core/db/open-database';
import { createImportHandlers } from '../../../electron/core/import/import-service';
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
  totalRows: 5,
  readyRows: 4,
  leftOutRows: 1,
};

const row = (line: number, first: string, email: string, contactId?: string) => ({
  line,
  action: contactId ? ('update' as const) : ('new' as const),
  contact: { PatronName: first, PatronEmail: email, ...(contactId ? { contact_id: contactId } : {}) },
  original: [first, email],
});

describe('imports in the desk database', () => {
  it('queues rows with their place in the file, keeps them across a restart, and maps failures back to rows with the reason', async () => {
    const file = join(newDir(), 'desk.sqlite');
    const service = createFakeService();
    const first = createHarness({ db: openDeskDatabase(file), service, start: false });
    const handlers = createImportHandlers({ db: first.db, outbox: first.outbox, clientId: () => CLIENT_ID });
    const started = await handlers.startImport({ ...START });
    const answer = await handlers.queueImportRows({
      importId: started.id,
      rows: [
        row(2, 'Hélène', 'helene@example.fr'),
        row(3, 'Bad', 'not-an-email'),
        row(4, 'Gone', 'gone@example.fr', '999'),
        row(6, 'Zoë', 'zoe@example.fr'),
      ],
    });
    expect(answer.queued).toBe(3);
    expect(answer.refused).toEqual([{ line: 3, reason: '"not-an-email" is not a valid email address.' }]);
    expect(await handlers.getImport({ importId: started.id })).toMatchObject({
      phase: 'queueing',
      queuedRows: 4,
      pending: 3,
      failed: 1,
    });
    // The desk stops before queueing finished; nothing was sent.
    await first.outbox.stop();
    first.db.close();

    const db = openDeskDatabase(file);
    const second = createHarness({ db, service });
    const reopened = createImportHandlers({ db, outbox: second.outbox, clientId: () => CLIENT_ID });
    expect(await reopened.getImport({ importId: started.id })).toMatchObject({ phase: 'interrupted', pending: 3 });
    await second.advance(0);
    const done = await reopened.getImport({ importId: started.id });
    expect(done).toMatchObject({ phase: 'interrupted', newGuests: 2, updated: 0, failed: 2, pending: 0, skipped: 1 });
    expect(
      service.calls.filter((call) => call.method === 'pushContact').flatMap((call) => call.input as unknown[]),
    ).toHaveLength(3);

    const failed = await reopened.importFailedRows({ importId: started.id });
    expect(failed).toMatchObject({ delimiter: ';', encoding: 'windows-1252', header: ['Prénom', 'E-mail'] });
    expect(failed.rows).toEqual([
      { line: 3, original: ['Bad', 'not-an-email'], reason: '"not-an-email" is not a valid email address.' },
      { line: 4, original: ['Gone', 'gone@example.fr'], reason: 'No such contact in database' },
    ]);
    expect((await reopened.listImports({})).imports.map((view) => view.fileName)).toEqual(['guests.csv']);
    await second.outbox.stop();
  });

  it('cancels what has not gone out; what went stays sent', async () => {
    const harness = createHarness({ start: false });
    const handlers = createImportHandlers({ db: harness.db, outbox: harness.outbox, clientId: () => CLIENT_ID });
    const started = await handlers.startImport({ ...START });
    await handlers.queueImportRows({
      importId: started.id,
      rows: [row(2, 'A', 'a@example.com'), row(3, 'B', 'b@example.com')],
    });
    await handlers.finishImportQueue({ importId: started.id });
    const cancelled = await handlers.cancelImport({ importId: started.id });
    expect(cancelled).toMatchObject({ phase: 'cancelled', pending: 0, skipped: 3 });
    harness.outbox.start();
    await harness.advance(0);
    expect(harness.service.calls.filter((call) => call.method === 'pushContact')).toHaveLength(0);
    expect(() => handlers.queueImportRows({ importId: started.id, rows: [row(4, 'C', 'c@example.com')] })).toThrow(
      /cancelled/,
    );
    await harness.outbox.stop();
  });

  it("refuses to queue without an account, and to add rows to another account's import", async () => {
    const harness = createHarness({ start: false });
    let clientId: string | null = null;
    const handlers = createImportHandlers({ db: harness.db, outbox: harness.outbox, clientId: () => clientId });
    expect(() => handlers.startImport({ ...START })).toThrow(/Connect an account/);
    clientId = CLIENT_ID;
    const started = await handlers.startImport({ ...START });
    clientId = 'another';
    expect(() => handlers.queueImportRows({ importId: started.id, rows: [row(2, 'A', 'a@example.com')] })).toThrow(
      /another account/,
    );
  });
});

describe('migration 3: imports', () => {
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
});
