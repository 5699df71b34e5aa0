// One desk per data folder: an exclusive lock file taken before the outbox is opened. SQLite cannot be the
// lock (opening it is what must not happen twice), and Electron's single-instance lock does not see a
// browser-mode desk on the same folder, so both modes take this one.
import { readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { isProcessAlive, processIdentity } from './process-identity';

/** The lock file's name inside the data folder. */
export const DESK_LOCK_FILE = 'desk.lock';

/** What the lock file says about the desk holding it. */
const holderSchema = z.object({
  pid: z.number().int().positive(),
  /** The process's start time where the system tells it (Linux), so a reused pid is not taken for the desk. */
  identity: z.string().optional(),
  mode: z.enum(['electron', 'browser']),
  startedAt: z.string(),
  /** The browser-mode address with its token, once the host listens. */
  url: z.string().optional(),
});

/** The desk that holds a data folder. */
export type DeskLockHolder = z.infer<typeof holderSchema>;

/** Another desk runs on this data folder; `holder` says which, and where to reach it when it is in browser mode. */
export class DeskAlreadyRunningError extends Error {
  override readonly name = 'DeskAlreadyRunningError';
  constructor(
    readonly dataDir: string,
    readonly holder: DeskLockHolder,
  ) {
    super(describeHolder(dataDir, holder));
  }
}

/** The lock file cannot be made at all (a read-only or missing folder): no desk can run on this folder as things are. */
export class DeskLockUnavailableError extends Error {
  override readonly name = 'DeskLockUnavailableError';
}

/** The held lock of one data folder. */
export interface DeskLock {
  readonly file: string;
  /** Records the browser-mode address, so a second start on this folder can print it. */
  publishAddress(url: string): void;
  /** Removes the lock file if it is still ours. */
  release(): void;
}

/** How long an unreadable lock file (a desk killed while writing it) is given before it counts as stale. */
const UNREADABLE_GRACE_MS = 5_000;
const RETRY_MS = 100;

/**
 * Takes the data folder's lock, or throws DeskAlreadyRunningError naming the desk that holds it. A lock
 * left by a process that is gone (killed, crashed) is removed. While the holder is still starting in
 * browser mode (no address yet), waits up to `waitForAddressMs` for its address.
 */
export async function acquireDeskLock(
  dataDir: string,
  options: { mode: DeskLockHolder['mode']; waitForAddressMs?: number },
): Promise<DeskLock> {
  const file = join(dataDir, DESK_LOCK_FILE);
  const deadline = Date.now() + (options.waitForAddressMs ?? 10_000);
  const mine: DeskLockHolder = {
    pid: process.pid,
    identity: processIdentity(process.pid),
    mode: options.mode,
    startedAt: new Date().toISOString(),
  };
  for (;;) {
    if (tryCreate(dataDir, file, mine)) return heldLock(file, mine);
    const found = readLockFile(file);
    if (found.kind === 'missing') continue;
    if (found.kind === 'unreadable') {
      if (found.ageMs > UNREADABLE_GRACE_MS) breakStaleLock(file, found.raw);
      else await sleep(RETRY_MS);
      continue;
    }
    const { holder } = found;
    if (!(await holderIsRunning(holder))) {
      breakStaleLock(file, found.raw);
      continue;
    }
    if (holder.mode === 'electron' || holder.url || Date.now() >= deadline)
      throw new DeskAlreadyRunningError(dataDir, holder);
    await sleep(RETRY_MS);
  }
}

/**
 * Whether the desk that wrote the lock still runs: its pid is alive and, where the system says when a
 * process started (Linux), it is the same process. Elsewhere a browser-mode holder must also still be
 * listening, so a pid the system reused for another program does not keep the folder locked forever.
 */
async function holderIsRunning(holder: DeskLockHolder): Promise<boolean> {
  if (!isProcessAlive(holder.pid)) return false;
  const identity = processIdentity(holder.pid);
  if (holder.identity !== undefined && identity !== undefined) return identity === holder.identity;
  return holder.url ? isListening(holder.url) : true;
}

/** Whether something accepts connections at the address's port on this computer. */
function isListening(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(url).port), timeout: 2_000 });
    const done = (listening: boolean) => {
      socket.destroy();
      resolve(listening);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Creates the lock file if none exists (atomic: O_CREAT|O_EXCL); false when another is there. */
function tryCreate(dataDir: string, file: string, holder: DeskLockHolder): boolean {
  try {
    writeFileSync(file, JSON.stringify(holder), { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    throw new DeskLockUnavailableError(
      `Venue Desk cannot create its lock file in its data folder (${dataDir}): ${code ?? String(error)}. Check that the folder exists and that you may write to it.`,
    );
  }
}

type LockFileContent =
  | { kind: 'missing' }
  | { kind: 'unreadable'; raw: string; ageMs: number }
  | { kind: 'held'; raw: string; holder: DeskLockHolder };

/** Reads the lock file as it is now. */
function readLockFile(file: string): LockFileContent {
  let raw: string;
  let ageMs: number;
  try {
    raw = readFileSync(file, 'utf8');
    ageMs = Date.now() - statSync(file).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw error;
  }
  try {
    const holder = holderSchema.safeParse(JSON.parse(raw));
    if (holder.success) return { kind: 'held', raw, holder: holder.data };
  } catch {
    // fall through: a half-written file
  }
  return { kind: 'unreadable', raw, ageMs };
}

/**
 * Removes a stale lock, but only the one judged stale: under a second exclusive file, so two desks that
 * both found it stale cannot each remove it and then the lock the other just took.
 */
function breakStaleLock(file: string, staleRaw: string): void {
  const guard = `${file}.break`;
  try {
    writeFileSync(guard, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another desk is breaking it; a guard left by a desk killed in this tiny window expires.
    try {
      if (Date.now() - statSync(guard).mtimeMs > UNREADABLE_GRACE_MS) unlinkSync(guard);
    } catch {
      // gone already
    }
    return;
  }
  try {
    const current = readLockFile(file);
    if (current.kind !== 'missing' && current.raw === staleRaw) unlinkSync(file);
  } finally {
    unlinkSync(guard);
  }
}

/** The lock as its holder sees it; released on exit too, so `process.exit` paths leave no lock behind. */
function heldLock(file: string, holder: DeskLockHolder): DeskLock {
  let current = holder;
  let released = false;
  const isOurs = () => {
    const found = readLockFile(file);
    return found.kind === 'held' && found.holder.pid === process.pid && found.holder.startedAt === holder.startedAt;
  };
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      if (isOurs()) unlinkSync(file);
    } catch {
      // The folder went away: nothing left to release.
    }
  };
  process.on('exit', release);
  return {
    file,
    publishAddress(url) {
      current = { ...current, url };
      // Replace, never rewrite in place: a reader sees the old content or the new, never half of it.
      const next = `${file}.${process.pid}.tmp`;
      writeFileSync(next, JSON.stringify(current), { mode: 0o600 });
      renameSync(next, file);
    },
    release,
  };
}

/** What a second start tells the person who ran it. */
function describeHolder(dataDir: string, holder: DeskLockHolder): string {
  if (holder.url)
    return `Venue Desk is already running for this data folder (${dataDir}). Open this address in Chrome or Chromium: ${holder.url}`;
  if (holder.mode === 'electron') {
    return `Venue Desk is already open in its own window for this data folder (${dataDir}, process ${holder.pid}). Use that window, or close it before starting another.`;
  }
  return `Another Venue Desk (process ${holder.pid}) is still starting for this data folder (${dataDir}) and has not printed its address yet. Wait for it, or stop it before starting another.`;
}
