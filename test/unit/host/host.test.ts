import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createDeskEvents } from '../../../electron/core/events';
import { startDeskHost, type DeskHost } from '../../../electron/host/server';
import { fakeHandlers } from '../../support/fake-handlers';

const rendererRoot = mkdtempSync(join(tmpdir(), 'desk-host-'));
mkdirSync(join(rendererRoot, 'assets'));
writeFileSync(join(rendererRoot, 'index.html'), '<!doctype html><title>Venue Desk</title>');
writeFileSync(join(rendererRoot, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(tmpdir(), 'outside.txt'), 'secret');

const events = createDeskEvents();
let host: DeskHost;

/** A raw GET (fetch would not let the test set the Host header). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: host.port, path, headers }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** Opens the bridge socket; resolves with it open, rejects when the upgrade is refused. */
function openSocket(headers: Record<string, string>, query = '') {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge${query}`, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

/** Sends one bridge request and waits for its answer. */
function call(socket: WebSocket, channel: string, argument: unknown) {
  return new Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>((resolve) => {
    const id = Math.floor(Math.random() * 1e9);
    socket.on('message', function onMessage(data) {
      const frame = JSON.parse(String(data));
      if (frame.id === id) {
        socket.off('message', onMessage);
        resolve(frame.result);
      }
    });
    socket.send(JSON.stringify({ id, channel, argument }));
  });
}

beforeAll(async () => {
  host = await startDeskHost({
    core: {
      handlers: fakeHandlers(),
      events,
      dashboardLink: async () => 'https://dashboard.example/v1/api_token/signin?token=t',
    },
    rendererRoot,
  });
});
afterAll(() => host.close());

describe('desk host (browser mode)', () => {
  it('binds 127.0.0.1 only and prints an address with the token', () => {
    expect((host.server.address() as { address: string }).address).toBe('127.0.0.1');
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    expect(host.token.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses pages without the token or with a wrong one', async () => {
    expect((await get('/')).status).toBe(403);
    expect((await get('/assets/app.js')).status).toBe(403);
    const wrong = await get('/?token=nope');
    expect(wrong.status).toBe(403);
    expect(wrong.body).toContain('access token');
  });

  it('refuses a foreign Host header even with the token (DNS rebinding)', async () => {
    expect((await get(`/?token=${host.token}`, { host: `evil.example:${host.port}` })).status).toBe(403);
  });

  it('serves the page with the token, sets the cookie and the CSP', async () => {
    const page = await get(`/?token=${host.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Venue Desk');
    expect(String(page.headers['set-cookie'])).toMatch(
      new RegExp(`^venue_desk_token_${host.port}=${host.token}; HttpOnly; SameSite=Strict`),
    );
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const asset = await get('/assets/app.js', { cookie: `venue_desk_token_${host.port}=${host.token}` });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
  });

  it('does not serve files outside the renderer', async () => {
    const escaped = await get(`/..%2foutside.txt?token=${host.token}`);
    expect(escaped.status).toBe(404);
    expect(escaped.body).not.toContain('secret');
  });

  it('refuses the bridge socket without the token or from another origin', async () => {
    const origin = `http://127.0.0.1:${host.port}`;
    await expect(openSocket({ origin })).rejects.toThrow(/refused 403/);
    await expect(openSocket({ origin: 'http://evil.example' }, `?token=${host.token}`)).rejects.toThrow(/refused 403/);
  });

  it('carries calls with the token: good arguments answered, bad ones rejected clearly', async () => {
    const socket = await openSocket({
      origin: `http://127.0.0.1:${host.port}`,
      cookie: `venue_desk_token_${host.port}=${host.token}`,
    });
    expect(await call(socket, 'getAppInfo', {})).toEqual({
      ok: true,
      value: { name: 'Venue Desk', version: '1.0.0', mode: 'browser' },
    });
    const bad = await call(socket, 'openExternal', { url: 7 });
    expect(bad.ok).toBe(false);
    expect(bad.error?.message).toMatch(/Invalid arguments for openExternal.*url/s);
    expect(await call(socket, 'dropDatabase', {})).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    socket.close();
  });

  it('forwards desk events to connected pages', async () => {
    const socket = await openSocket({ origin: `http://127.0.0.1:${host.port}` }, `?token=${host.token}`);
    const received = new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));
    events.emit('statusChanged', { account: { state: 'demo', label: 'Harbour Bar' }, online: true });
    expect(await received).toEqual({
      event: 'statusChanged',
      payload: { account: { state: 'demo', label: 'Harbour Bar' }, online: true },
    });
    socket.close();
  });
});
