import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DemoService } from './types';

/** Where the running demo's address and credentials are written, for training scripts and tests. */
export const DEMO_SERVICE_FILE = 'demo-service.json';

/**
 * Starts the demo: the local sandbox service from the desk's data directory on a free loopback
 * port, seeded with a demo venue the first time (the file keeps it, and what staff did, after that).
 * Its API key, password and operator token are new at each launch (what was handed out before stops
 * working) and are written, with its address, to demo-service.json, readable by its owner only.
 */
export async function startDemoService(dataDir: string): Promise<DemoService> {
  // Loaded on demand: the sandbox is a program of its own, reached only through its demo entry point.
  const { startDemo } = await import('../../../sandbox/demo');
  const random = () => randomBytes(24).toString('hex');
  const operatorToken = random();
  const demo = await startDemo({
    dbFile: join(dataDir, 'demo-service.sqlite'),
    operatorToken,
    demoCredentials: { apiKey: random(), password: random() },
  });
  const file = join(dataDir, DEMO_SERVICE_FILE);
  const written = writePrivateJson(file, {
    baseUrl: demo.baseUrl,
    apiKey: demo.apiKey,
    clientId: demo.clientId,
    username: demo.username,
    password: demo.password,
    partnerId: demo.partnerId,
    planId: demo.planId,
    operatorToken,
    operatorTokenHeader: demo.operatorTokenHeader,
    pid: process.pid,
  });
  return {
    baseUrl: demo.baseUrl,
    apiKey: demo.apiKey,
    clientId: demo.clientId,
    username: demo.username,
    password: demo.password,
    label: demo.label,
    timeZone: demo.timeZone,
    phoneCountry: demo.phoneCountry,
    close: async () => {
      removeIfUnchanged(file, written);
      await demo.close();
    },
  };
}

/** Writes JSON readable by its owner only (0600), replacing any older file in one step. */
function writePrivateJson(file: string, value: unknown): string {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  const next = `${file}.${process.pid}.tmp`;
  writeFileSync(next, text, { mode: 0o600 });
  chmodSync(next, 0o600);
  renameSync(next, file);
  return text;
}

/** Removes the file once the demo stops, unless something else has replaced it since. */
function removeIfUnchanged(file: string, text: string): void {
  try {
    if (readFileSync(file, 'utf8') === text) unlinkSync(file);
  } catch {
    // already gone
  }
}
