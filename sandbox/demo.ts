// The sandbox's one entry point for the desk: the demo service, started from a file and described
// as the desk connects to it. electron/ reaches the sandbox only through this file (lint enforces it).
import { startSandboxServer } from './index';
import { DEMO_VENUE_NAME } from './seed/demo';
import { findAccountByClientId } from './store/accounts';

/** A running demo service, with the demo account's credentials and settings. */
export interface RunningDemo {
  baseUrl: string;
  apiKey: string;
  clientId: string;
  username: string;
  password: string;
  label: string;
  timeZone: string;
  phoneCountry: string;
  close(): Promise<void>;
}

/** Starts the demo service from `dbFile` on a free loopback port, seeded with the demo venue the first time. */
export async function startDemo(dbFile: string): Promise<RunningDemo> {
  const server = await startSandboxServer({ dbFile, demo: true, port: 0 });
  // The demo account's own zone and country, so local numbers and schedules read as the service reads them.
  const account = findAccountByClientId(server.sandbox.context.db, server.demo.clientId);
  return {
    baseUrl: server.baseUrl,
    apiKey: server.demo.apiKey,
    clientId: server.demo.clientId,
    username: server.demo.username,
    password: server.demo.password,
    label: DEMO_VENUE_NAME,
    timeZone: account?.timezone ?? 'UTC',
    phoneCountry: account?.country ?? 'AU',
    close: () => server.close(),
  };
}
