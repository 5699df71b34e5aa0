// The kinds map and the state schema are the one home of both terms; the database's CHECK constraints
// repeat them in SQL (migrations cannot import code that changes later). This keeps the two in step:
// a kind added to shared/outbox/kinds.ts without a migration that lets the table hold it fails here,
// not at the desk when the first such entry is queued.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../electron/core/db/migrate';
import { deskMigrations } from '../../../electron/core/db/migrations';
import { OUTBOX_KINDS } from '../../../shared/outbox/kinds';
import { outboxState } from '../../../shared/outbox/states';

const insertItem = `INSERT INTO outbox_items (id, kind, state, account, guest_key, payload, created_at, updated_at)
  VALUES (@id, @kind, @state, 'c1', 'g1', '{}', 1, 1)`;

/** A database at the newest version of every migration. */
function migratedDatabase() {
  const db = new Database(':memory:');
  migrate(db, deskMigrations);
  return db;
}

describe('the outbox table holds every kind and state the code knows', () => {
  it.each(OUTBOX_KINDS)('stores an entry of kind %s', (kind) => {
    const db = migratedDatabase();
    db.prepare(insertItem).run({ id: 'a', kind, state: 'queued' });
    expect(db.prepare('SELECT kind FROM outbox_items').get()).toEqual({ kind });
  });

  it.each([...outboxState.options, 'discarded'])('stores an entry in state %s', (state) => {
    const db = migratedDatabase();
    db.prepare(insertItem).run({ id: 'a', kind: OUTBOX_KINDS[0], state });
    expect(db.prepare('SELECT state FROM outbox_items').get()).toEqual({ state });
  });

  it('still refuses a kind the code does not know', () => {
    const db = migratedDatabase();
    expect(() => db.prepare(insertItem).run({ id: 'a', kind: 'fax', state: 'queued' })).toThrow(/CHECK constraint/);
  });
});
