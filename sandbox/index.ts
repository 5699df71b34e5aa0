// The sandbox: the whole service of the API reference, run locally (in-process for tests, or on 127.0.0.1).
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createSandboxApp } from './app';
import type { PageImportOptions } from './campaigns/page-import';
import { seededRandom, type SandboxContext } from './context';
import { FaultInjector } from './faults';
import { TRANSPORT_FAULT_HEADER } from './http/envelope';
import { isOwnHost, refuseForeignHost } from './http/host-check';
import { SandboxOperator } from './operator';
import { SendScheduler } from './scheduler';
import { DEMO_DEFAULTS, ensureDemoAccount, renewDemoAccount, seedDemoVenue, type DemoAccount } from './seed/demo';
import { openSandboxDatabase } from './store/schema';
import { DEFAULT_WEBHOOK_DELAYS_MS, WebhookSender } from './webhooks';

export type { DemoAccount } from './seed/demo';
export type { SandboxOperator } from './operator';
export type { SentMessage, SentMessageFilter } from './operator/messages';
export type { FaultRule, FaultKind, ActiveFault } from './faults';
export { OPERATOR_TOKEN_HEADER } from './routes/operator';

/** How to build a sandbox. */
export interface SandboxOptions {
  /** SQLite file; default ':memory:'. */
  dbFile?: string;
  /** Seed the demo venue (guests, reservations, history). The demo account itself always exists. */
  demo?: boolean;
  /** How many guests the demo seed creates (default 3000). */
  demoGuests?: number;
  /** Delays before webhook attempts 1–6 (default 0, 1 min, 5 min, 30 min, 2 h, 6 h); tiny in tests. */
  webhookDelaysMs?: number[];
  /** Per-attempt webhook timeout (default 10 s). */
  webhookTimeoutMs?: number;
  /** The sandbox clock (default: the real one). */
  now?: () => Date;
  /** Operator API token (default 'sandbox-operator-token'). */
  operatorToken?: string;
  /** The demo account's API key (default DEMO_DEFAULTS.apiKey). */
  apiKey?: string;
  /**
   * Per-launch demo credentials (the desk's demo): the demo account gets this key and password only, and
   * every key, token and session handed out before is revoked. Overrides `apiKey`.
   */
  demoCredentials?: { apiKey: string; password: string };
  /** Largest request body in bytes (default 20 MB). */
  bodyLimitBytes?: number;
  /** Seed of the fault injector's random sequence (default 1). */
  faultSeed?: number;
  /** How campaign_create imports a page given as url (default: public addresses only, 10 s, 2 MB). */
  pageImport?: PageImportOptions;
}

/** A running sandbox. */
export interface Sandbox {
  /** Calls the sandbox in-process, like fetch: transport faults throw TypeError('fetch failed') with a cause code. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** The Hono app's raw handler (what the HTTP server wraps). */
  handle(request: Request, env?: unknown): Promise<Response>;
  demo: DemoAccount;
  operatorToken: string;
  operator: SandboxOperator;
  /** The sandbox's parts, for tests that look inside (database, clock). */
  context: SandboxContext;
  close(): void;
}

const DEFAULT_OPERATOR_TOKEN = 'sandbox-operator-token';
const DEFAULT_BODY_LIMIT_BYTES = 20 * 1024 * 1024;

/** The TypeError Node's fetch throws when a connection fails, with the low-level code on its cause. */
function fetchFailed(code: string, message: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });
}

/** Rejects when the signal aborts, as fetch does. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted)
    return Promise.reject(signal.reason ?? new DOMException('This operation was aborted', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new DOMException('This operation was aborted', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
      (error: unknown) => (signal.removeEventListener('abort', onAbort), reject(error)),
    );
  });
}

/** Builds a sandbox, ready to answer: the demo account always exists; `demo: true` also seeds the venue. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const db = openSandboxDatabase(options.dbFile ?? ':memory:');
  const now = options.now ?? (() => new Date());
  const webhooks = new WebhookSender(
    db,
    now,
    options.webhookDelaysMs ?? DEFAULT_WEBHOOK_DELAYS_MS,
    options.webhookTimeoutMs,
  );
  const ctx: SandboxContext = {
    db,
    now,
    random: seededRandom(options.faultSeed ?? 1),
    sendWebhook: (request) => void webhooks.send(request),
    // The scheduler is built from this context just below; nothing wakes it before then.
    wakeScheduler: () => scheduler.wake(),
    bodyLimitBytes: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    pageImport: options.pageImport ?? {},
  };
  const scheduler = new SendScheduler(ctx);
  const faults = new FaultInjector(options.faultSeed ?? 1);
  const operator = new SandboxOperator(ctx, faults, webhooks, scheduler);
  const operatorToken = options.operatorToken ?? DEFAULT_OPERATOR_TOKEN;
  const app = createSandboxApp({ ctx, faults, operator, operatorToken });
  const demo = options.demoCredentials
    ? renewDemoAccount(ctx, options.demoCredentials)
    : ensureDemoAccount(ctx, options.apiKey ?? DEMO_DEFAULTS.apiKey);
  if (options.demo) seedDemoVenue(ctx, demo, options.demoGuests);
  scheduler.wake();

  const handle = async (request: Request, env?: unknown) => app.fetch(request, env);
  return {
    async fetch(input, init) {
      const request = input instanceof Request && init === undefined ? input : new Request(input, init);
      if (operator.offline) throw fetchFailed('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1');
      const response = await abortable(handle(request), request.signal);
      const fault = response.headers.get(TRANSPORT_FAULT_HEADER);
      if (fault === 'refuse') throw fetchFailed('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1');
      if (fault === 'drop') throw fetchFailed('UND_ERR_SOCKET', 'other side closed');
      return response;
    },
    handle,
    demo,
    operatorToken,
    operator,
    context: ctx,
    close() {
      scheduler.close();
      webhooks.close();
      operator.close();
      if (db.open) db.close();
    },
  };
}

/** A sandbox listening on 127.0.0.1. */
export interface SandboxServer {
  baseUrl: string;
  port: number;
  demo: DemoAccount;
  operatorToken: string;
  sandbox: Sandbox;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (never another interface); resolves with the port actually bound. */
function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Starts the sandbox over HTTP on 127.0.0.1 (port 0: any free port). Transport faults destroy the socket. */
export async function startSandboxServer(options: SandboxOptions & { port?: number } = {}): Promise<SandboxServer> {
  const sandbox = createSandbox(options);
  const listener = getRequestListener(
    async (request, env) => {
      const response = await sandbox.handle(request, env);
      const fault = response.headers.get(TRANSPORT_FAULT_HEADER);
      if (fault) {
        // Refused or dropped: the client sees the connection close with no answer (ECONNRESET / "other side closed").
        ('incoming' in env ? env.incoming.socket : undefined)?.destroy();
      }
      return response;
      // The desk core may share this process (demo mode, tests): leave the global Request and Response alone.
    },
    { overrideGlobalObjects: false },
  );
  let port = 0;
  const server = createServer((incoming, outgoing) => {
    // Writing to a socket a fault destroyed must not take the process down.
    outgoing.on('error', () => undefined);
    if (!isOwnHost(incoming.headers.host, port)) return refuseForeignHost(outgoing, port);
    void listener(incoming, outgoing);
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  try {
    port = await listen(server, options.port ?? 0);
  } catch (error) {
    sandbox.close();
    throw error;
  }
  let listening = true;
  sandbox.operator.offlineControl = {
    // Offline closes the listener, so new connections get a real ECONNREFUSED, and drops open keep-alive sockets.
    async setOffline(offline) {
      if (offline && listening) {
        listening = false;
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        });
      } else if (!offline && !listening) {
        await listen(server, port);
        listening = true;
      }
    },
  };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    demo: sandbox.demo,
    operatorToken: sandbox.operatorToken,
    sandbox,
    async close() {
      sandbox.operator.offlineControl = undefined;
      if (listening) {
        listening = false;
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        });
      }
      sandbox.close();
    },
  };
}
