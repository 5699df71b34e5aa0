import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { contentSecurityPolicy, contentTypeFor, resolveStaticPath } from '../common/static-files';
import type { DeskCore } from '../core/desk-core';
import { isOwnHost, newAccessToken, presentedToken, TOKEN_COOKIE, tokensMatch } from './access-token';
import { createBridgeSocket } from './bridge-socket';

/** Where the browser-mode host serves from, and how it is reached. */
export interface DeskHostOptions {
  core: DeskCore;
  /** The built renderer (dist/renderer); ignored when `devMiddleware` serves the pages. */
  rendererRoot: string;
  port?: number;
  token?: string;
  /** In `npm run dev`: builds Vite's middleware on our server, which then serves and hot-reloads the renderer. */
  createDevMiddleware?: (server: Server) => Promise<DevMiddleware>;
  log?: (message: string) => void;
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

const REFUSED = 'Venue Desk refused this request: open the address with the access token that `npm start` printed.';

/** Starts the browser-mode host on 127.0.0.1 only: the renderer's pages and the bridge WebSocket, behind a per-launch token. */
export async function startDeskHost(options: DeskHostOptions): Promise<DeskHost> {
  const token = options.token ?? newAccessToken();
  const log = options.log ?? (() => {});
  const bridge = createBridgeSocket(options.core.handlers, options.core.events, log);
  let port = 0;
  let devMiddleware: DevMiddleware | undefined;

  const server = createServer((request, response) => {
    if (!isOwnHost(request, port) || !tokensMatch(token, presentedToken(request))) {
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end(REFUSED);
      return;
    }
    response.setHeader('set-cookie', `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
    response.setHeader('x-content-type-options', 'nosniff');
    if (devMiddleware) {
      devMiddleware(request, response, () => response.writeHead(404).end('Not found'));
      return;
    }
    serveStatic(options.rendererRoot, request, response, port);
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path !== '/bridge') return; // other upgrades (Vite's HMR in dev) belong to their own listeners
    const origin = request.headers.origin;
    const sameOrigin = origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
    if (!isOwnHost(request, port) || !sameOrigin || !tokensMatch(token, presentedToken(request))) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    bridge.accept(request, socket, head);
  });

  if (options.createDevMiddleware) devMiddleware = await options.createDevMiddleware(server);

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

/** Serves one file of the built renderer with the CSP, or 404. */
function serveStatic(root: string, request: IncomingMessage, response: ServerResponse, port: number): void {
  const file = resolveStaticPath(root, new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
  if (!file || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  response.writeHead(200, {
    'content-type': contentTypeFor(file),
    'content-security-policy': contentSecurityPolicy([`ws://127.0.0.1:${port}`, `ws://localhost:${port}`]),
    'cache-control': 'no-cache',
  });
  createReadStream(file).pipe(response);
}
