// The desk of a benchmark as a program of its own, as browser mode runs it (scripts/start.mjs starts the
// host in its own Node process): the desk core and the host serving the benchmark page, connected to a
// service through "start the demo". Started by startBenchDesk (bench-desk.ts), over an IPC channel;
// it answers its own CPU time when asked, and ends when told to or when its parent goes.
import type { z } from 'zod';
import { createDeskCore } from '../../electron/core/desk-core';
import { startDeskHost } from '../../electron/host/server';
import type { deskProcessAnswer } from './bench-desk';
import { deskProcessRequest, deskProcessSetup } from './bench-desk';

/** Starts the desk as `setup` says, then answers the parent's requests until told to close. */
async function serve(
  setup: z.infer<typeof deskProcessSetup>,
  send: (answer: z.infer<typeof deskProcessAnswer>) => void,
) {
  const core = await createDeskCore({
    mode: 'browser',
    version: 'bench',
    dataDir: setup.dataDir,
    keychain: { available: false, reason: 'Benchmarks use the demo only.' },
    startDemoService: async () => ({ ...setup.service, close: async () => {} }),
  });
  await core.handlers.startDemo({});
  if (setup.settings) await core.handlers.updateAccountSettings(setup.settings);
  // What the host logs (a request it refused, a bridge call that failed) goes to the benchmark's output.
  const host = await startDeskHost({
    core,
    rendererRoot: setup.pageDir,
    port: 0,
    log: (message) => process.stderr.write(`[bench desk] ${message}\n`),
  });
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await host.close();
      await core.close();
      process.exit(0);
    })());
  process.on('message', (message) => {
    const request = deskProcessRequest.parse(message);
    if ('cpu' in request) {
      const cpu = process.cpuUsage();
      send({ cpuMicros: cpu.user + cpu.system });
    } else void close();
  });
  process.once('disconnect', () => void close());
  send({ url: host.url });
}

const send = (answer: z.infer<typeof deskProcessAnswer>) => process.send?.(answer);
process.once('message', (message) => {
  serve(deskProcessSetup.parse(message), send).catch((error: unknown) => {
    send({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  });
});
