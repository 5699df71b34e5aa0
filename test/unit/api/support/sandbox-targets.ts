// The client against the real sandbox, two ways: its in-process fetch, and over HTTP on 127.0.0.1.
import { afterEach, beforeEach } from 'vitest';
import { createServiceClient, type ServiceClient, type ServiceClientOptions } from '../../../../shared/api/client';
import { createSandbox, startSandboxServer, type DemoAccount, type Sandbox } from '../../../../sandbox/index';

/** One running sandbox and a client of its demo account. */
export interface Target {
  client: ServiceClient;
  /** The address the client uses (a placeholder host in-process). */
  baseUrl: string;
  fetch: typeof globalThis.fetch;
  demo: DemoAccount;
  sandbox: Sandbox;
  /** Another client of the same sandbox (other key, timeouts…). */
  clientWith(options: Partial<ServiceClientOptions>): ServiceClient;
  close(): Promise<void>;
}

/** How a target is started. */
export interface TargetKind {
  name: 'in-process' | 'http';
  start(options?: { demo?: boolean }): Promise<Target>;
}

/** A target from a sandbox, the address to use and the fetch to use. */
function targetOf(
  sandbox: Sandbox,
  baseUrl: string,
  fetchImpl: typeof globalThis.fetch,
  close: () => Promise<void>,
): Target {
  const clientWith = (options: Partial<ServiceClientOptions>) =>
    createServiceClient({ baseUrl, apiKey: sandbox.demo.apiKey, fetch: fetchImpl, ...options });
  return { client: clientWith({}), baseUrl, fetch: fetchImpl, demo: sandbox.demo, sandbox, clientWith, close };
}

export const TARGETS: TargetKind[] = [
  {
    name: 'in-process',
    async start(options = {}) {
      const sandbox = createSandbox({ demo: options.demo ?? false, demoGuests: 40 });
      const fetchImpl = sandbox.fetch.bind(sandbox) as typeof globalThis.fetch;
      return targetOf(sandbox, 'http://sandbox.invalid', fetchImpl, async () => sandbox.close());
    },
  },
  {
    name: 'http',
    async start(options = {}) {
      const server = await startSandboxServer({ port: 0, demo: options.demo ?? false, demoGuests: 40 });
      return targetOf(server.sandbox, server.baseUrl, globalThis.fetch, () => server.close());
    },
  },
];

/** A fresh target before each test of the calling describe block, closed after; read `.current` inside tests. */
export function useTarget(kind: TargetKind, options?: { demo?: boolean }): { current: Target } {
  const holder = {} as { current: Target };
  beforeEach(async () => {
    holder.current = await kind.start(options);
  });
  afterEach(async () => {
    await holder.current?.close();
  });
  return holder;
}
