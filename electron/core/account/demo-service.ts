import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DemoService } from './account-manager';

/** Where the running demo's address and credentials are written, for training scripts and tests. */
export const DEMO_SERVICE_FILE = 'demo-service.json';

/**
 * Starts the demo: the local sandbox service from the desk's data directory on a free loopback
 * port, seeded with a demo venue the first time (the file keeps it, and what staff did, after that).
 * Its API key, password and operator token are new at each launch (what was handed out before stops
 * working) and are written, with its address, to demo-service.json, readable by its owner only.
 */
export async function startDemoService(dataDir: string): Promise<DemoService> {
  const [{ startSandboxServer, OPERATOR_TOKEN_HEADER }, { findAccountByClientId }, { DEMO_VENUE_NAME }] = await Promise.all([
    import('../../../sandbox/index'),
    import('../../../sandbox/store/accounts'),
    import('../../../sandbox/seed/demo'),
  ]);
  const random = () => randomBytes(24).toString('hex');
  const operatorToken = random();
  const server = await startSandboxServer({
    dbFile: join(dataDir, 'demo-service.sqlite'),
    demo: true,
    port: 0,
    operatorToken,
    demoCredentials: { apiKey: random(), password: random() },
  });
  // The demo account's own zone and country, so local numbers and schedules read as the service reads them.
  const account = findAccountByClientId(server.sandbox.context.db, server.demo.clientId);
  const { demo } = server;
  const file = join(dataDir, DEMO_SERVICE_FILE);
  const written = writePrivateJson(file, {
    baseUrl: server.baseUrl,
    apiKey: demo.apiKey,
    clientId: demo.clientId,
    username: demo.username,
    password: demo.password,
    partnerId: demo.partnerId,
    planId: demo.planId,
    operatorToken,
    operatorTokenHeader: OPERATOR_TOKEN_HEADER,
    pid: process.pid,
  });
  return {
    baseUrl: server.baseUrl,
    apiKey: demo.apiKey,
    clientId: demo.clientId,
    username: demo.username,
    password: demo.password,
    label: DEMO_VENUE_NAME,
    timeZone: account?.timezone ?? 'UTC',
    phoneCountry: account?.country ?? 'AU',
    close: async () => {
      removeIfUnchanged(file, written);
      await server.close();
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
