// One desk per data folder (issue 10, item 2): real browser-mode desks as child processes on one folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DESK_LOCK_FILE } from '../../../electron/core/lock/desk-lock';

const rendererRoot = mkdtempSync(join(tmpdir(), 'desk-lock-renderer-'));
writeFileSync(join(rendererRoot, 'index.html'), '<!doctype html><title>Venue Desk</title>');
const children: ChildProcess[] = [];
const dirs: string[] = [rendererRoot];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ADDRESS = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/;

/** Starts the browser-mode desk (electron/host/cli.ts under tsx) on a data folder. */
function startDesk(dataDir: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/host/cli.ts', '--port', '0', '--data-dir', dataDir, '--renderer-root', rendererRoot],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    /** Resolves with the address once the desk prints it. */
    address: () =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no address within 30 s:\n${output}`)), 30_000);
        const check = () => {
          const match = ADDRESS.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[0]);
          }
        };
        child.stdout!.on('data', check);
        check();
        void exited.then(() =>
          setTimeout(() => reject(new Error(`exited before printing an address:\n${output}`)), 50),
        );
      }),
  };
}

const lockOf = (dataDir: string) =>
  JSON.parse(readFileSync(join(dataDir, DESK_LOCK_FILE), 'utf8')) as { pid: number; url?: string };

describe('one desk per data folder (browser mode)', () => {
  it('a second start prints the first desk’s address and exits 0; after SIGKILL the stale lock is taken over', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-lock-'));
    dirs.push(dataDir);

    const first = startDesk(dataDir);
    const firstUrl = await first.address();
    expect(lockOf(dataDir)).toMatchObject({ pid: first.child.pid, url: firstUrl });

    const second = startDesk(dataDir);
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain(
      `Venue Desk is already running for this data folder (${dataDir}). Open this address in Chrome or Chromium: ${firstUrl}`,
    );
    expect(second.output()).not.toContain('is running in browser mode');
    expect(lockOf(dataDir).pid).toBe(first.child.pid);
    expect((await fetch(firstUrl)).status).toBe(200);

    // Killed without a chance to clean up: the lock file stays, naming a process that is gone.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(lockOf(dataDir).pid).toBe(first.child.pid);

    const third = startDesk(dataDir);
    const thirdUrl = await third.address();
    expect(thirdUrl).not.toBe(firstUrl);
    expect(third.output()).toContain('Venue Desk is running in browser mode');
    expect(lockOf(dataDir)).toMatchObject({ pid: third.child.pid, url: thirdUrl });
    expect((await fetch(thirdUrl)).status).toBe(200);

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(join(dataDir, DESK_LOCK_FILE))).toBe(false);
  }, 90_000);
});
