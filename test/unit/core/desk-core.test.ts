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
  const core = await createDeskCore({
    mode: 'browser',
    version: 'test',
    dataDir,
    keychain: { available: true, store: createMemorySecretStore() },
  });
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
    expect(demo).toMatchObject({
      ok: true,
      value: { state: 'demo', label: 'Harbour Lights Bar & Dining', defaultPhoneCountry: 'AU' },
    });
    expect(existsSync(join(dataDir, 'demo-service.sqlite'))).toBe(true);
    const status = await call('getStatus', {});
    expect(status).toMatchObject({ ok: true, value: { account: { state: 'demo' } } });
    const pull = await call('pullGuests', {});
    expect(pull.ok).toBe(true);
    const pullId = pull.ok ? (pull.value as { pullId: string }).pullId : '';
    let pulled = 0;
    for (let more = true; more;) {
      const page = await call('pullGuestsPage', { pullId, offset: pulled, limit: 2000 });
      const value = page.ok ? (page.value as { contacts: unknown[]; remaining: number; more?: boolean }) : undefined;
      pulled += value?.contacts.length ?? 0;
      more = value !== undefined && (value.remaining > 0 || value.more === true);
    }
    expect(pulled).toBeGreaterThan(1000);
    const fields = await call('listContactFields', {});
    expect(fields.ok && (fields.value as Array<{ name: string }>).map((f) => f.name)).toContain('PatronMobile');
    expect(await call('listOutbox', {})).toMatchObject({ ok: true, value: { items: [] } });
  });

  it('builds the demo’s dashboard sign-in link in the core only; the bridge answers whether it opened', async () => {
    const { call, core } = await startCore();
    await call('startDemo', {});
    // Browser mode: the bridge says where to go, never the link (the host redirects from /dashboard).
    expect(await call('openDashboard', {})).toEqual({ ok: true, value: { opened: false, reason: 'browser-mode' } });
    const url = await core.dashboardLink();
    expect(url).toMatch(/\/v1\/api_token\/signin\?signature=[0-9a-f]{64}&nonce=/);
    // The service answers a valid link with a session cookie and a redirect to the account page.
    const answer = await fetch(url, { redirect: 'manual' });
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(answer.status).toBeLessThan(400);
    expect(answer.headers.get('set-cookie')).toBeTruthy();
    const account = await fetch(new URL(answer.headers.get('location')!, url), {
      headers: { cookie: answer.headers.get('set-cookie')!.split(';')[0]! },
    });
    expect(account.status).toBe(200);
    expect(await account.text()).toContain('Harbour Lights');
  });

  it('opens the dashboard through the system browser when it has one, and no channel hands out the link', async () => {
    const opened: string[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-core-'));
    dirs.push(dataDir);
    const core = await createDeskCore({
      mode: 'electron',
      version: 'test',
      dataDir,
      keychain: { available: true, store: createMemorySecretStore() },
      openExternal: async (url) => (opened.push(url), true),
    });
    cores.push(core);
    const call = createDispatcher(core.handlers);
    await call('startDemo', {});
    const answer = await call('openDashboard', {});
    expect(answer).toEqual({ ok: true, value: { opened: true } });
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/api_token\/signin\?/);
    expect(JSON.stringify(answer)).not.toContain('signin');
    expect(await call('getDashboardLink', {})).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
  });

  it('opens http links only for the running demo’s own origin, https otherwise', async () => {
    const opened: string[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-core-'));
    dirs.push(dataDir);
    const core = await createDeskCore({
      mode: 'electron',
      version: 'test',
      dataDir,
      keychain: { available: true, store: createMemorySecretStore() },
      openExternal: async (url) => (opened.push(url), true),
    });
    cores.push(core);
    const call = createDispatcher(core.handlers);
    const demoAccount = await call('startDemo', {});
    if (!demoAccount.ok) throw new Error(demoAccount.error.message);
    const demoOrigin = new URL((demoAccount.value as { baseUrl: string }).baseUrl).origin;
    const otherPort = Number(new URL(demoOrigin).port) === 65000 ? 65001 : 65000;
    expect(await call('openExternal', { url: `${demoOrigin}/signup/ref/P1001` })).toEqual({
      ok: true,
      value: { opened: true },
    });
    expect(await call('openExternal', { url: 'https://example.com/help' })).toEqual({
      ok: true,
      value: { opened: true },
    });
    for (const url of [
      `http://127.0.0.1:${otherPort}/`,
      'http://localhost/',
      'http://example.com/',
      'file:///etc/passwd',
      'https://user:pw@example.com/',
    ]) {
      expect(await call('openExternal', { url })).toMatchObject({ ok: true, value: { opened: false } });
    }
    expect(opened).toEqual([`${demoOrigin}/signup/ref/P1001`, 'https://example.com/help']);
  });

  it('brings the demo back after a restart, with its guests and the dashboard link', async () => {
    const first = await startCore();
    await first.call('startDemo', {});
    await first.core.close();
    cores.splice(cores.indexOf(first.core), 1);
    const second = await startCore(first.dataDir);
    expect(await second.call('getAccount', {})).toMatchObject({
      ok: true,
      value: { state: 'demo', canOpenDashboard: true },
    });
    expect(await second.core.dashboardLink()).toMatch(/signin\?signature=/);
  });

  it('reports a damaged database at start, refuses outbox work with the reason, and moves it aside only when asked', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-core-'));
    writeFileSync(join(dataDir, 'desk.sqlite'), 'SQLite format 3\0 this is not really a database');
    const before = readFileSync(join(dataDir, 'desk.sqlite'));
    const { call } = await startCore(dataDir);

    const status = await call('getStatus', {});
    expect(status.ok && (status.value as { problem?: string }).problem).toMatch(/desk database/i);
    const listing = await call('listOutbox', {});
    expect(listing).toMatchObject({
      ok: false,
      error: { code: 'failed', message: expect.stringMatching(/desk database/i) },
    });
    expect(readFileSync(join(dataDir, 'desk.sqlite'))).toEqual(before);

    const moved = await call('moveAsideDamagedDatabase', {});
    expect(moved.ok).toBe(true);
    expect(existsSync(join(dataDir, 'desk.sqlite'))).toBe(false);
    expect(readdirSync(dataDir).some((name) => name.startsWith('desk.sqlite.damaged-'))).toBe(true);
  });
});
