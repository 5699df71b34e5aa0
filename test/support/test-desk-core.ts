import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeskCore } from '../../electron/core/desk-core';
import { createMemorySecretStore } from '../../electron/core/secrets/secret-store';
import { createDispatcher } from '../../shared/bridge/dispatch';

/** What a test registers to undo after it (run in reverse order). */
type Cleanups = Array<() => Promise<void> | void>;

/**
 * Starts a browser-mode desk core on a fresh data directory with a memory keychain (the demo needs no real
 * one), and registers its close and the directory's removal in `cleanups`.
 */
export async function startTestDeskCore(cleanups: Cleanups) {
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-core-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const core = await createDeskCore({
    mode: 'browser',
    version: 'test',
    dataDir,
    keychain: { available: true, store: createMemorySecretStore() },
  });
  cleanups.push(() => core.close());
  return { core, dataDir, call: createDispatcher(core.handlers) };
}
