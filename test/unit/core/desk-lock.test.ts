// The data folder's lock on its own: holders alive, gone, reused pids, half-written files, races.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDeskCore } from '../../../electron/core/desk-core';
import {
  acquireDeskLock,
  DESK_LOCK_FILE,
  DeskAlreadyRunningError,
  DeskLockUnavailableError,
} from '../../../electron/core/lock/desk-lock';
import { processIdentity } from '../../../electron/core/lock/process-identity';
import { createMemorySecretStore } from '../../../electron/core/secrets/secret-store';
import { useTempDir } from '../outbox/support/temp-dir';

const tempDir = useTempDir();
const sleepers: ChildProcess[] = [];
afterAll(() => sleepers.forEach((child) => child.kill('SIGKILL')));

/** Another live process (not a desk) whose pid a lock file can name. */
async function liveProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  sleepers.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

const writeLock = (dataDir: string, holder: Record<string, unknown>) =>
  writeFileSync(
    join(dataDir, DESK_LOCK_FILE),
    JSON.stringify({ mode: 'browser', startedAt: new Date().toISOString(), ...holder }),
  );

describe('the desk lock', () => {
  it('keeps the desk core from opening the database of a folder another desk holds', async () => {
    const dataDir = tempDir();
    const pid = await liveProcess();
    writeLock(dataDir, { pid, identity: processIdentity(pid), mode: 'electron' });
    const error = await createDeskCore({
      mode: 'browser',
      version: 'test',
      dataDir,
      keychain: { available: true, store: createMemorySecretStore() },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeskAlreadyRunningError);
    expect((error as Error).message).toMatch(/already open in its own window for this data folder/);
    expect(existsSync(join(dataDir, 'desk.sqlite'))).toBe(false);
  });

  it('waits for a starting desk’s address, or says it is still starting', async () => {
    const dataDir = tempDir();
    const pid = await liveProcess();
    writeLock(dataDir, { pid, identity: processIdentity(pid) });
    const starting = await acquireDeskLock(dataDir, { mode: 'browser', waitForAddressMs: 300 }).catch(
      (caught: unknown) => caught,
    );
    expect((starting as Error).message).toMatch(/still starting for this data folder/);

    setTimeout(
      () => writeLock(dataDir, { pid, identity: processIdentity(pid), url: 'http://127.0.0.1:1234/?token=abc' }),
      150,
    );
    const started = await acquireDeskLock(dataDir, { mode: 'browser', waitForAddressMs: 5_000 }).catch(
      (caught: unknown) => caught,
    );
    expect(started).toBeInstanceOf(DeskAlreadyRunningError);
    expect((started as DeskAlreadyRunningError).holder.url).toBe('http://127.0.0.1:1234/?token=abc');
  });

  it('takes over a lock whose process is gone, or whose pid now belongs to another program', async () => {
    const gone = tempDir();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    writeLock(gone, { pid: child.pid, url: 'http://127.0.0.1:1/?token=old' });
    const lock = await acquireDeskLock(gone, { mode: 'browser' });
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, mode: 'browser' });
    lock.release();
    expect(existsSync(lock.file)).toBe(false);

    if (process.platform === 'linux') {
      const reused = tempDir();
      const pid = await liveProcess();
      writeLock(reused, { pid, identity: 'started-at-another-time', url: 'http://127.0.0.1:1/?token=old' });
      const taken = await acquireDeskLock(reused, { mode: 'browser' });
      expect(JSON.parse(readFileSync(taken.file, 'utf8')).pid).toBe(process.pid);
      taken.release();
    }
  });

  it('treats a half-written lock as fresh for a moment, then as stale', async () => {
    const dataDir = tempDir();
    const file = join(dataDir, DESK_LOCK_FILE);
    writeFileSync(file, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    const lock = await acquireDeskLock(dataDir, { mode: 'browser' });
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('lets exactly one of two desks racing for a stale lock have the folder', async () => {
    const dataDir = tempDir();
    writeLock(dataDir, { pid: 2 ** 22 + 12345 });
    const results = await Promise.allSettled(
      [0, 1, 2].map(() => acquireDeskLock(dataDir, { mode: 'browser', waitForAddressMs: 200 })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(DeskAlreadyRunningError);
    for (const result of results) if (result.status === 'fulfilled') result.value.release();
  });

  it('says plainly when the folder cannot hold a lock at all', async () => {
    const missing = join(tempDir(), 'not-there');
    const error = await acquireDeskLock(missing, { mode: 'browser' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeskLockUnavailableError);
    expect((error as Error).message).toBe(
      `Venue Desk cannot create its lock file in its data folder (${missing}): ENOENT. Check that the folder exists and that you may write to it.`,
    );
  });

  it('publishes the address for a second start, and never releases a lock that is no longer its own', async () => {
    const dataDir = tempDir();
    const lock = await acquireDeskLock(dataDir, { mode: 'browser' });
    lock.publishAddress('http://127.0.0.1:4321/?token=t');
    const second = await acquireDeskLock(dataDir, { mode: 'browser' }).catch((caught: unknown) => caught);
    expect((second as Error).message).toContain(
      'Open this address in Chrome or Chromium: http://127.0.0.1:4321/?token=t',
    );
    const pid = await liveProcess();
    writeLock(dataDir, { pid, identity: processIdentity(pid) }); // someone else's now
    lock.release();
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(pid);
  });
});
