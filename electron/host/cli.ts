// Browser mode: runs the desk core under Node and serves the renderer to a browser on 127.0.0.1.
import type { Server } from 'node:http';
import { parseArgs } from 'node:util';
import { createDeskCore } from '../core/desk-core';
import { defaultDataDir } from '../core/data-dir';
import { DeskAlreadyRunningError, DeskLockUnavailableError } from '../core/lock/desk-lock';
import { startDeskHost, type DevMiddleware } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
    'renderer-root': { type: 'string', default: 'dist/renderer' },
    dev: { type: 'boolean', default: false },
    version: { type: 'string', default: process.env.npm_package_version ?? '0.0.0' },
  },
});

let core;
try {
  core = await createDeskCore({
    mode: 'browser',
    version: values.version!,
    dataDir: values['data-dir'] ?? defaultDataDir(),
  });
} catch (error) {
  // A second start on the same data folder: point at the desk that has it and leave its outbox alone.
  if (error instanceof DeskAlreadyRunningError) {
    console.log(error.message);
    process.exit(error.holder.url ? 0 : 1);
  }
  if (!(error instanceof DeskLockUnavailableError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const host = await startDeskHost({
  core,
  rendererRoot: values['renderer-root']!,
  port: Number(values.port),
  log: (message) => console.error(`[desk] ${message}`),
  createDevMiddleware: values.dev ? createViteMiddleware : undefined,
}).catch(async (error: NodeJS.ErrnoException) => {
  await core.close();
  if (error.code !== 'EADDRINUSE') throw error;
  console.error(
    `Port ${values.port} is in use by another program. Start with --port 0 for any free port, or pick another.`,
  );
  process.exit(1);
});
core.publishAddress(host.url);

console.log(`Venue Desk is running in browser mode. Open this address in Chrome or Chromium: ${host.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await host.close();
    await core.close();
    process.exit(0);
  });
}

/** Vite in middleware mode on our own server, so `npm run dev` reloads the renderer on change. */
async function createViteMiddleware(server: Server): Promise<DevMiddleware> {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server } }, appType: 'spa' });
  return vite.middlewares;
}
