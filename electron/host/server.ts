import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { contentSecurityPolicy } from '../common/static-files';
import type { DeskCore } from '../core/desk-core';
import { isOwnHost, isOwnOrigin, newAccessToken, presentedTokens, tokenCookieName, tokensMatch } from './access-token';
import { createBridgeSocket, DEFAULT_BRIDGE_LIMITS, type BridgeLimits } from './bridge-socket';
import { serveDashboardRedirect, DASHBOARD_PATH } from './dashboard-route';
import { parseRequestTarget, type RequestTarget } from './request-target';
import { serveStaticFile, type OpenFile } from './static-response';

/** Where the browser-mode host serves from, and how it is reached. */
export interface DeskHostOptions {
  core: Pick<DeskCore, 'handlers' | 'events' | 'dashboardLink'>;
  /** The built renderer (dist/renderer); ignored when `devMiddleware` serves the pages. */
  rendererRoot: string;
  port?: number;
  token?: string;
  /** In `npm run dev`: builds Vite's middleware on our server, which then serves and hot-reloads the renderer. */
  createDevMiddleware?: (server: Server) => Promise<DevMiddleware>;
  log?: (message: string) => void;
  /** Limits on what one local program can make the host hold (defaults: DEFAULT_HOST_LIMITS). */
  limits?: Partial<HostLimits>;
  /** How static files are opened (tests make one vanish mid-request). */
  openFile?: OpenFile;
}

/** A Connect-style middleware (Vite's dev server in middleware mode). */
export type DevMiddleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/** A running browser-mode host. */
export interface DeskHost {
  url: string;
  port: number;
  token: string;
  server: Server;
  close(): Promise<void>;
}

/** The host's limits: the bridge's, plus open TCP connections and how long a request may take to arrive. */
export interface HostLimits extends BridgeLimits {
  maxConnections: number;
  /** A connection that has not sent a whole request head this long after it opened (or began one) is answered 408. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** How often connections are checked against the two timeouts above. */
  connectionsCheckingIntervalMs: number;
}

const DEFAULT_HOST_LIMITS: HostLimits = {
  ...DEFAULT_BRIDGE_LIMITS,
  maxConnections: 64,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  connectionsCheckingIntervalMs: 5_000,
};

const REFUSED = 'Venue Desk refused this request: open the address with the access token that `npm start` printed.';

/** Starts the browser-mode host on 127.0.0.1 only: the renderer's pages and the bridge WebSocket, behind a per-launch token. */
export async function startDeskHost(options: DeskHostOptions): Promise<DeskHost> {
  const token = options.token ?? newAccessToken();
  const log = options.log ?? (() => {});
  const limits = { ...DEFAULT_HOST_LIMITS, ...options.limits };
  const bridge = createBridgeSocket(options.core.handlers, options.core.events, log, limits);
  let port = 0;
  let devMiddleware: DevMiddleware | undefined;
  let devUpgrades: Array<(request: IncomingMessage, socket: Duplex, head: Buffer) => void> = [];

  const authorised = (request: IncomingMessage, target: RequestTarget) =>
    isOwnHost(request, port) &&
    presentedTokens(request, target, port).some((candidate) => tokensMatch(token, candidate));

  const handleRequest = async (request: IncomingMessage, response: ServerResponse) => {
    const target = parseRequestTarget(request);
    if (!target) {
      response
        .writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' })
        .end('Bad request target.');
      return;
    }
    if (!authorised(request, target)) {
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end(REFUSED);
      return;
    }
    response.setHeader('set-cookie', `${tokenCookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`);
    response.setHeader('x-content-type-options', 'nosniff');
    if (target.pathname === DASHBOARD_PATH) return serveDashboardRedirect(options.core, request, response);
    if (devMiddleware) return devMiddleware(request, response, () => response.writeHead(404).end('Not found'));
    await serveStaticFile(
      options.rendererRoot,
      target.pathname,
      response,
      {
        'content-security-policy': contentSecurityPolicy([`ws://127.0.0.1:${port}`, `ws://localhost:${port}`]),
        'cache-control': 'no-cache',
      },
      options.openFile,
    );
  };

  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.connectionsCheckingIntervalMs,
    },
    (request, response) => {
      handleRequest(request, response).catch((error: unknown) => {
        log(`request failed: ${String(error)}`);
        if (!response.headersSent)
          response
            .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
            .end('The desk could not answer this request.');
        else response.destroy();
      });
    },
  );
  server.maxConnections = limits.maxConnections;
  // Malformed or late HTTP: answered when the socket can still take it, and never let it reach the process.
  server.on('clientError', (error, socket) => {
    const answer = clientErrorAnswer(error);
    // A spare connection that sent nothing in time is routine (see clientErrorAnswer); anything else is told.
    if (answer.status !== 408) log(`refused a malformed request (${answer.code}): ${error.message}`);
    refuseSocket(socket, answer.status, answer.reason);
  });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    const target = parseRequestTarget(request);
    if (!target) return refuseSocket(socket, 400, 'Bad Request');
    const allowed = authorised(request, target) && isOwnOrigin(request, port);
    if (target.pathname === '/bridge') {
      if (!allowed) return refuseSocket(socket, 403, 'Forbidden');
      if (!bridge.accept(request, socket, head)) refuseSocket(socket, 503, 'Service Unavailable');
      return;
    }
    // Dev mode only: Vite's hot-reload socket, handed to Vite's own listeners once it passed our checks.
    if (allowed && devUpgrades.length > 0 && isViteHotReload(request, target)) {
      for (const listener of devUpgrades) listener.call(server, request, socket, head);
      return;
    }
    refuseSocket(socket, allowed ? 404 : 403, allowed ? 'Not Found' : 'Forbidden');
  };
  server.on('upgrade', onUpgrade);

  if (options.createDevMiddleware) {
    devMiddleware = await options.createDevMiddleware(server);
    // Vite listens for upgrades on our server; only vetted hot-reload requests reach it (see onUpgrade).
    devUpgrades = server.listeners('upgrade').filter((listener) => listener !== onUpgrade) as typeof devUpgrades;
    for (const listener of devUpgrades) server.off('upgrade', listener);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        bridge.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * How the host answers a connection Node's HTTP parser gave up on, with the statuses Node itself uses. One
 * that sent no request in time gets 408, never 400: a browser may open a connection ahead of need, and
 * Chromium sends a request again when a 408 comes on a connection it had not used yet, while a 400 reaches
 * the page as the answer.
 */
function clientErrorAnswer(error: Error & { code?: string }): { status: number; reason: string; code: string } {
  const code = error.code ?? 'unknown';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, reason: 'Request Timeout', code };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, reason: 'Request Header Fields Too Large', code };
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return { status: 413, reason: 'Payload Too Large', code };
  return { status: 400, reason: 'Bad Request', code };
}

/** Answers a raw socket with a bodiless status and closes it once that is written. */
function refuseSocket(socket: Duplex, status: number, reason: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.once('finish', () => socket.destroy());
}

/** Whether an upgrade is Vite's hot-reload (or its ping) socket at the root, as `npm run dev` opens it. */
function isViteHotReload(request: IncomingMessage, target: RequestTarget): boolean {
  const protocol = request.headers['sec-websocket-protocol'];
  return (protocol === 'vite-hmr' || protocol === 'vite-ping') && target.pathname === '/';
}
