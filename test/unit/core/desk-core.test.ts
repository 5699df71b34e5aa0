import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../electron/core/desk-core';
import { createMemorySecretStore } from '../../../electron/core/secrets/secret-store';
import { createDispatcher } from '../../../shared/bridge/dispatch';

const dirs: string[] = [];
const cores: DeskCore[] = [];

/** A desk core on a fresh data directory with a memory keychain (the demo needs no real one). */
async function startCore(dataDir = mkdtempSync(join(tmpdir(), 'desk-core-'))) {
  dirs.push(dataDir);
  const core = await createDeskCore({ mode: 'browser', version: 'test', dataDir, keychain: { available: true, store: createMemorySecretStore() } });
  cores.push(core);
  return { core, dataDir, call: createDispatcher(core.handlers) };
}

afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the desk core', () => {
  it('starts the demo from its data directory and serves guests and the outbox through the bridge', async () => {
    const { call, dataDir } = await startCore();
    const demo = await call('startDemo', {});
    expect(demo).toMatchObject({ ok: true, value: { state: 'demo', label: 'Harbour Lights Bar & Dining', defaultPhoneCountry: 'AU' } });
    expect(existsSync(join(dataDir, 'demo-service.sqlite'))).toBe(true);
    const status = await call('getStatus', {});
    expect(status).toMatchObject({ ok: true, value: { account: { state: 'demo' } } });
    const pull = await call('pullGuests', {});
    expect(pull.ok && (pull.value as { total: number }).total).toBeGreaterThan(1000);
    const fields = await call('listContactFields', {});
    expect(fields.ok && (fields.value as Array<{ name: string }>).map((f) => f.name)).toContain('PatronMobile');
    expect(await call('listOutbox', {})).toMatchObject({ ok: true, value: { items: [] } });
  });

  it('opens the demo’s web dashboard with a one-minute sign-in link the service accepts', async () => {
    const { call } = await startCore();
    await call('startDemo', {});
    const link = await call('getDashboardLink', {});
    if (!link.ok) throw new Error(link.error.message);
    const { url } = link.value as { url: string };
    expect(url).toMatch(/\/v1\/api_token\/signin\?signature=[0-9a-f]{64}&nonce=/);
    // The service answers a valid link with a session cookie and a redirect to the account page.
    const answer = await fetch(url, { redirect: 'manual' });
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(answer.status).toBeLessThan(400);
    expect(answer.headers.get('set-cookie')).toBeTruthy();
    const account = await fetch(new URL(answer.headers.get('location')!, url), { headers: { cookie: answer.headers.get('set-cookie')!.split(';')[0]! } });
    expect(account.status).toBe(200);
    expect(await account.text()).toContain('Harbour Lights');
    expect(await call('openExternal', { url })).toMatchObject({ ok: true, value: { opened: false, reason: 'browser-mode' } });
  });

  it('brings the demo back after a restart, with its guests and the dashboard link', async () => {
    const first = await startCore();
    await first.call('startDemo', {});
    await first.core.close();
    cores.splice(cores.indexOf(first.core), 1);
    const second = await startCore(first.dataDir);
    expect(await second.call('getAccount', {})).toMatchObject({ ok: true, value: { state: 'demo', canOpenDashboard: true } });
    expect((await second.call('getDashboardLink', {})).ok).toBe(true);
  });

  it('reports a damaged database at start, refuses outbox work with the reason, and moves it aside only when asked', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-core-'));
    writeFileSync(join(dataDir, 'desk.sqlite'), 'SQLite format 3\0 this is not really a database');
    const before = readFileSync(join(dataDir, 'desk.sqlite'));
    const { call } = await startCore(dataDir);

    const status = await call('getStatus', {});
    expect(status.ok && (status.value as { problem?: string }).problem).toMatch(/desk database/i);
    const listing = await call('listOutbox', {});
    expect(listing).toMatchObject({ ok: false, error: { code: 'failed', message: expect.stringMatching(/desk database/i) } });
    expect(readFileSync(join(dataDir, 'desk.sqlite'))).toEqual(before);

    const moved = await call('moveAsideDamagedDatabase', {});
    expect(moved.ok).toBe(true);
    expect(existsSync(join(dataDir, 'desk.sqlite'))).toBe(false);
    expect(readdirSync(dataDir).some((name) => name.startsWith('desk.sqlite.damaged-'))).toBe(true);
  });
});
