import { join } from 'node:path';
import type { DemoService } from './account-manager';

/**
 * Starts the demo: the local sandbox service from the desk's data directory on a free loopback
 * port, seeded with a demo venue the first time (the file keeps it, and what staff did, after that).
 */
export async function startDemoService(dataDir: string): Promise<DemoService> {
  const [{ startSandboxServer }, { findAccountByClientId }, { DEMO_VENUE_NAME }] = await Promise.all([
    import('../../../sandbox/index'),
    import('../../../sandbox/store/accounts'),
    import('../../../sandbox/seed/demo'),
  ]);
  const server = await startSandboxServer({ dbFile: join(dataDir, 'demo-service.sqlite'), demo: true, port: 0 });
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
