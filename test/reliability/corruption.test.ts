import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeskDatabaseError } from '../../electron/core/db/errors';
import { openDeskDatabase } from '../../electron/core/db/open-database';
import { useTempDir } from '../unit/outbox/support/temp-dir';
import { deskDatabaseWithEntries, fileHash } from './support/desk-files';

const tempDir = useTempDir();
const full = process.env.SOAK === 'full';

/** The problem reported when the desk opens the file, or 'opened' (with the entries it holds). */
function openOutcome(file: string): { problem: string } | { opened: number } {
  try {
    const db = openDeskDatabase(file);
    const { n } = db.prepare('SELECT COUNT(*) AS n FROM outbox_items').get() as { n: number };
    db.close();
    return { opened: n };
  } catch (error) {
    if (error instanceof DeskDatabaseError) return { problem: error.problem };
    throw error;
  }
}

/** Runs the desk core child on a database file and returns what it printed and its exit code. */
function startDeskChild(dir: string, dbFile: string) {
  const configFile = join(dir, 'child.json');
  writeFileSync(
    configFile,
    JSON.stringify({ dbFile, baseUrl: 'http://127.0.0.1:9', apiKey: 'k', clientId: 'c1', plan: [] }),
  );
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'test/reliability/support/desk-child.ts', configFile], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  const events = child.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { status: child.status, events };
}

describe('a damaged desk database is detected at start and reported', () => {
  it('the desk core reports a file cut short and leaves it untouched', () => {
    const dir = tempDir();
    const file = join(dir, 'desk.db');
    deskDatabaseWithEntries(file, 300);
    truncateSync(file, Math.floor(statSync(file).size / 2) + 123);
    const before = fileHash(file);
    const { status, events } = startDeskChild(dir, file);
    expect(status).toBe(3);
    expect(events).toEqual([
      expect.objectContaining({
        event: 'database-error',
        problem: 'cut-short',
        whatToDo: expect.stringContaining('left untouched'),
      }),
    ]);
    expect(fileHash(file)).toBe(before);
  });

  it('the desk core reports scribbled pages and leaves the file untouched', () => {
    const dir = tempDir();
    const file = join(dir, 'desk.db');
    deskDatabaseWithEntries(file, 300);
    const bytes = readFileSync(file);
    bytes.fill(0x5a, 4096 * 2, 4096 * 6);
    writeFileSync(file, bytes);
    const before = fileHash(file);
    const { status, events } = startDeskChild(dir, file);
    expect(status).toBe(3);
    expect(events[0]).toMatchObject({ event: 'database-error', problem: 'corrupted' });
    expect(fileHash(file)).toBe(before);
  });

  it('every cut point of a closed database is reported, never opened as empty', () => {
    const dir = tempDir();
    const original = join(dir, 'original.db');
    deskDatabaseWithEntries(original, 200);
    const size = statSync(original).size;
    const cuts = full
      ? Array.from({ length: 60 }, (_, i) => Math.floor((size * i) / 60))
      : [0, 1, 99, 100, 4096, Math.floor(size / 3), size - 4096, size - 1];
    for (const cut of cuts) {
      const file = join(dir, `cut-${cut}.db`);
      copyFileSync(original, file);
      truncateSync(file, cut);
      const outcome = openOutcome(file);
      expect(outcome, `cut at ${cut} of ${size}`).toHaveProperty('problem');
      expect(statSync(file).size).toBe(cut);
    }
  });

  it('damage to any page past the header is reported', () => {
    const dir = tempDir();
    const original = join(dir, 'original.db');
    deskDatabaseWithEntries(original, 200);
    const bytes = readFileSync(original);
    const pages = bytes.length / 4096;
    for (let page = 1; page < pages; page++) {
      const file = join(dir, `page-${page}.db`);
      const damaged = Buffer.from(bytes);
      damaged.fill(0xff, page * 4096, page * 4096 + 4096);
      writeFileSync(file, damaged);
      // Every page of this file is in use (no deletes yet, so no freelist): each must be caught.
      expect(openOutcome(file), `page ${page} of ${pages}`).toEqual({ problem: 'corrupted' });
    }
  });

  it('a crash copy with a write-ahead log and a short main file loses nothing silently', () => {
    const dir = tempDir();
    const live = join(dir, 'live.db');
    const db = deskDatabaseWithEntries(live, 300, true)!;
    const copy = join(dir, 'copy.db');
    copyFileSync(live, copy);
    copyFileSync(`${live}-wal`, `${copy}-wal`);
    db.close();
    expect(statSync(`${copy}-wal`).size).toBeGreaterThan(0);
    truncateSync(copy, 4096);
    const outcome = openOutcome(copy);
    if ('opened' in outcome) expect(outcome.opened).toBe(300);
    else expect(['cut-short', 'corrupted']).toContain(outcome.problem);
  });

  it('a database of a newer version is refused, not migrated down', () => {
    const dir = tempDir();
    const file = join(dir, 'desk.db');
    deskDatabaseWithEntries(file, 1);
    const db = openDeskDatabase(file);
    db.pragma('user_version = 42');
    db.close();
    expect(openOutcome(file)).toEqual({ problem: 'too-new' });
    expect(existsSync(file)).toBe(true);
  });
});
