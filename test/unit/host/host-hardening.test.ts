// The browser-mode host against what any local program could send its port (issue 10, item 4).
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createDeskEvents } from '../../../electron/core/events';
import { startDeskHost, type DeskHost, type DeskHostOptions } from '../../../electron/host/server';
import { UserFacingError } from '../../../shared/bridge/result';
import { fakeHandlers } from '../../support/fake-handlers';
import { rawRequest, rawSend, until, upgradeRequest, withTimeout } from './support/raw-client';

const rendererRoot = mkdtempSync(join(tmpdir(), 'desk-host-hardening-'));
mkdirSync(join(rendererRoot, 'assets'));
writeFileSync(join(rendererRoot, 'index.html'), '<!doctype html><title>Venue Desk</title>');

const hosts: DeskHost[] = [];
const events = createDeskEvents();

/** A real host on a free port with a fake core; `logs` collects what it logged. */
async function startHost(options: Partial<DeskHostOptions> = {}) {
  const logs: string[] = [];
  const host = await startDeskHost({
    core: {
      handlers: fakeHandlers(),
      events,
      dashboardLink: async () => 'https://dashboard.example/v1/api_token/signin?signature=s&nonce=n&token=t',
    },
    rendererRoot,
    log: (message) => logs.push(message),
    ...options,
  });
  hosts.push(host);
  return { host, logs, cookie: `venue_desk_token_${host.port}=${host.token}`, origin: `http://127.0.0.1:${host.port}` };
}

/** A GET with our own headers (fetch would not let the test set Host or Cookie). */
function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers, method }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** Opens a bridge socket with the `ws` client (which answers pings). */
function openBridge(port: number, headers: Record<string, string>) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/bridge`, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

describe('the browser-mode host stays up', () => {
  it('answers a request target new URL() cannot parse with 400, and serves the next request', async () => {
    const { host, cookie } = await startHost();
    const answer = await rawRequest(
      host.port,
      `GET http://x:99999/ HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const garbage = await rawRequest(host.port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    const upgrade = await rawRequest(host.port, upgradeRequest(host.port, 'http://x:99999/bridge', { Cookie: cookie }));
    expect(upgrade).toMatch(/^HTTP\/1\.1 400 /);
    expect((await get(host.port, '/', { cookie })).status).toBe(200);
  });

  it('answers a connection that sent no request in time with 408, which browsers send again, not 400', async () => {
    const { host, logs, cookie } = await startHost({
      limits: { headersTimeoutMs: 200, requestTimeoutMs: 1_000, connectionsCheckingIntervalMs: 50 },
    });
    // A spare connection a browser opened ahead of need, unused past the headers timeout.
    const spare = await rawSend(host.port, '');
    await withTimeout(spare.closed, 5_000, 'the host kept a silent connection open');
    expect(spare.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(logs).toEqual([]);
    const oversized = await rawRequest(
      host.port,
      `GET / HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(oversized).toMatch(/^HTTP\/1\.1 431 /);
    expect(logs).toEqual([expect.stringContaining('refused a malformed request (HPE_HEADER_OVERFLOW)')]);
    expect((await get(host.port, '/', { cookie })).status).toBe(200);
  });

  it('refuses and closes an upgrade on any path but /bridge, with or without the token', async () => {
    const { host, cookie, origin } = await startHost();
    const authorised = await rawRequest(
      host.port,
      upgradeRequest(host.port, '/elsewhere', { Cookie: cookie, Origin: origin }),
    );
    expect(authorised).toMatch(/^HTTP\/1\.1 404 /);
    const stranger = await rawRequest(host.port, upgradeRequest(host.port, '/elsewhere'));
    expect(stranger).toMatch(/^HTTP\/1\.1 403 /);
    expect((await get(host.port, '/', { cookie })).status).toBe(200);
  });

  it('in dev mode hands only a vetted hot-reload upgrade to the dev server', async () => {
    const seen: string[] = [];
    const { host, cookie, origin } = await startHost({
      createDevMiddleware: async (server) => {
        // As Vite does: a listener of its own on the server's upgrades.
        server.on('upgrade', (req, socket) => {
          seen.push(String(req.url));
          socket.end('HTTP/1.1 101 Switching Protocols\r\n\r\n');
        });
        return (_req, res) => res.end('dev page');
      },
    });
    const hot = await rawRequest(
      host.port,
      upgradeRequest(host.port, '/', { Cookie: cookie, Origin: origin, 'Sec-WebSocket-Protocol': 'vite-hmr' }),
    );
    expect(hot).toMatch(/^HTTP\/1\.1 101 /);
    expect(
      await rawRequest(
        host.port,
        upgradeRequest(host.port, '/other', { Cookie: cookie, Origin: origin, 'Sec-WebSocket-Protocol': 'vite-hmr' }),
      ),
    ).toMatch(/^HTTP\/1\.1 404 /);
    expect(
      await rawRequest(host.port, upgradeRequest(host.port, '/', { 'Sec-WebSocket-Protocol': 'vite-hmr' })),
    ).toMatch(/^HTTP\/1\.1 403 /);
    expect(
      await rawRequest(
        host.port,
        upgradeRequest(host.port, 'http://x:99999/', { Cookie: cookie, 'Sec-WebSocket-Protocol': 'vite-hmr' }),
      ),
    ).toMatch(/^HTTP\/1\.1 400 /);
    expect(seen).toEqual(['/']);
  });

  it('pings bridge sockets and drops one that stopped answering, keeping one that answers', async () => {
    const { host, cookie, origin, logs } = await startHost({ limits: { heartbeatMs: 250 } });
    const live = await openBridge(host.port, { cookie, origin });
    // A hand-made client: it completes the handshake, then never answers a ping.
    const dead = await rawSend(host.port, upgradeRequest(host.port, '/bridge', { Cookie: cookie, Origin: origin }));
    await until(() => dead.received().startsWith('HTTP/1.1 101'), 5_000, `no handshake: ${dead.received()}`);
    await withTimeout(dead.closed, 5_000, 'the host kept a socket that never answered its pings');
    expect(logs.some((line) => line.includes('stopped answering pings'))).toBe(true);
    expect(live.readyState).toBe(WebSocket.OPEN);
    live.close();
  });

  it('drops a page whose send backlog passes the limit, and goes on serving others', async () => {
    const { host, cookie, origin, logs } = await startHost({
      limits: { maxBufferedBytes: 1024 * 1024, heartbeatMs: 60_000 },
    });
    const stalled = await rawSend(host.port, upgradeRequest(host.port, '/bridge', { Cookie: cookie, Origin: origin }));
    await until(() => stalled.received().startsWith('HTTP/1.1 101'), 5_000, 'no handshake');
    stalled.socket.pause(); // a tab that stopped reading
    const label = 'x'.repeat(512 * 1024);
    for (let i = 0; i < 400 && !logs.some((line) => line.includes('bytes waiting to be sent')); i++) {
      events.emit('statusChanged', { account: { state: 'demo', label }, online: true });
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(logs.some((line) => /dropped a bridge socket: \d+ bytes waiting/.test(line))).toBe(true);
    stalled.socket.resume();
    await withTimeout(stalled.closed, 5_000, 'the stalled socket was not closed');
    const other = await openBridge(host.port, { cookie, origin });
    other.close();
  });

  it('caps TCP connections and bridge sockets, and serves again once they close', async () => {
    const { host, cookie, origin } = await startHost({ limits: { maxConnections: 3, maxSockets: 1 } });
    const held = await Promise.all([0, 1, 2].map(() => rawSend(host.port, '')));
    const extra = await rawSend(host.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\n\r\n`);
    await withTimeout(extra.closed, 5_000, 'a connection over the cap was kept open');
    expect(extra.received()).toBe('');
    for (const exchange of held) exchange.socket.destroy();
    let open = -1;
    await until(
      () => (host.server.getConnections((_error, count) => (open = count)), open === 0),
      5_000,
      'the host still counts the closed connections',
    );
    expect((await get(host.port, '/', { cookie })).status).toBe(200);

    const first = await openBridge(host.port, { cookie, origin });
    await expect(openBridge(host.port, { cookie, origin })).rejects.toThrow(/refused 503/);
    first.close();
    await new Promise((resolve) => first.once('close', resolve));
    const again = await openBridge(host.port, { cookie, origin });
    again.close();
  });

  it('answers 404 when a static file vanishes between the request and the read', async () => {
    const file = join(rendererRoot, 'assets', 'vanishing.js');
    writeFileSync(file, 'console.log("here")');
    const { host, cookie } = await startHost({
      openFile: async (path) => {
        if (path === file) unlinkSync(file); // removed by a rebuild at just this moment
        return open(path, 'r');
      },
    });
    const answer = await get(host.port, '/assets/vanishing.js', { cookie });
    expect(answer.status).toBe(404);
    expect((await get(host.port, '/', { cookie })).status).toBe(200);
  });

  it('names the launch cookie after its port, so two desks on 127.0.0.1 keep their own', async () => {
    const a = await startHost();
    const b = await startHost({ token: a.host.token });
    expect(a.cookie).not.toBe(b.cookie);
    // B refuses A's cookie even though this test gave both the same token; it accepts its own name.
    expect((await get(b.host.port, '/', { cookie: a.cookie })).status).toBe(403);
    expect((await get(b.host.port, '/', { cookie: b.cookie })).status).toBe(200);
    const page = await get(a.host.port, `/?token=${a.host.token}`);
    expect(String(page.headers['set-cookie'])).toMatch(new RegExp(`^venue_desk_token_${a.host.port}=`));
  });
});

describe('the /dashboard redirect (browser mode)', () => {
  it('sends an authorised GET to the sign-in link built by the core, uncached', async () => {
    const { host, cookie } = await startHost();
    const answer = await get(host.port, '/dashboard', { cookie });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('https://dashboard.example/v1/api_token/signin?signature=s&nonce=n&token=t');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
  });

  it('refuses without the token, refuses POST, and says why when there is no dashboard', async () => {
    const { host, cookie } = await startHost();
    const stranger = await get(host.port, '/dashboard');
    expect(stranger.status).toBe(403);
    expect(stranger.headers.location).toBeUndefined();
    expect((await get(host.port, '/dashboard', { cookie }, 'POST')).status).toBe(405);
    const none = await startHost({
      core: {
        handlers: fakeHandlers(),
        events,
        dashboardLink: async () => Promise.reject(new UserFacingError('The web dashboard needs an account signed in.')),
      },
    });
    const refused = await get(none.host.port, '/dashboard', { cookie: none.cookie });
    expect(refused.status).toBe(409);
    expect(refused.body).toContain('needs an account signed in');
  });
});

process.on('exit', () => rmSync(rendererRoot, { recursive: true, force: true }));
