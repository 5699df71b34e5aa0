import { join } from 'node:path';
import type { DemoService } from './account-manager';

/**
 * Starts the demo: the local sandbox service from the desk's data directory on a free loopback
 * port, seeded with a demo venue the first time (the file keeps it, and what staff did, after that).
 */
export async function startDemoService(dataDir: string): Promise<DemoService> {
  // Loaded on demand: the sandbox is a program of its own, reached only through its demo entry point.
  const { startDemo } = await import('../../../sandbox/demo');
  return startDemo(join(dataDir, 'demo-service.sqlite'));
}
