// The sandbox's one entry point for the desk: the demo service, started from a file and described
// as the desk connects to it. electron/ reaches the sandbox only through this file (lint enforces it).
import { OPERATOR_TOKEN_HEADER, startSandboxServer } from './index';
import { DEMO_VENUE_NAME, type DemoAccount } from './seed/demo';
import { findAccountByClientId } from './store/accounts';

/** How the desk starts its demo: the service's file, and the credentials of this launch. */
export interface DemoOptions {
  dbFile: string;
  operatorToken: string;
  /** The demo account's API key and password for this launch (what was handed out before stops working). */
  demoCredentials: { apiKey: string; password: string };
}

/** A running demo service, with the demo account's credentials and settings. */
export interface RunningDemo extends DemoAccount {
  baseUrl: string;
  /** The header the operator token goes in. */
  operatorTokenHeader: string;
  label: string;
  timeZone: string;
  phoneCountry: string;
  close(): Promise<void>;
}

/** Starts the demo service on a free loopback port, seeded with the demo venue the first time. */
export async function startDemo(options: DemoOptions): Promise<RunningDemo> {
  const server = await startSandboxServer({
    dbFile: options.dbFile,
    demo: true,
    port: 0,
    operatorToken: options.operatorToken,
    demoCredentials: options.demoCredentials,
  });
  // The demo account's own zone and country, so local numbers and schedules read as the service reads them.
  const account = findAccountByClientId(server.sandbox.context.db, server.demo.clientId);
  return {
    baseUrl: server.baseUrl,
    ...server.demo,
    operatorTokenHeader: OPERATOR_TOKEN_HEADER,
    label: DEMO_VENUE_NAME,
    timeZone: account?.timezone ?? 'UTC',
    phoneCountry: account?.country ?? 'AU',
    close: () => server.close(),
  };
}
