import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE, openKeychain } from '../../../electron/core/secrets/keytar-store';

// A service name of its own, so the test never touches a real desk's secrets.
const service = `Venue Desk test ${randomUUID()}`;

describe('the OS keychain through keytar (real Secret Service)', () => {
  afterAll(async () => {
    const keychain = await openKeychain(service);
    if (keychain.available) {
      await keychain.store.delete('apiKey');
      await keychain.store.delete('partnerSecret');
    }
  });

  it('is available in the test session', async () => {
    const keychain = await openKeychain(service);
    expect(keychain).toMatchObject({ available: true });
  });

  it('stores, reads and deletes a secret', async () => {
    const keychain = await openKeychain(service);
    if (!keychain.available) throw new Error(keychain.reason);
    await keychain.store.set('apiKey', 'key-123');
    expect(await keychain.store.get('apiKey')).toBe('key-123');
    await keychain.store.delete('apiKey');
    expect(await keychain.store.get('apiKey')).toBeNull();
  });

  it('keeps a secret across a restart of the desk core (another process)', async () => {
    const keychain = await openKeychain(service);
    if (!keychain.available) throw new Error(keychain.reason);
    await keychain.store.set('partnerSecret', 'secret-xyz');
    const child = spawnSync('npx', ['tsx', 'test/support/keychain-probe.ts', service, 'partnerSecret'], {
      encoding: 'utf8',
    });
    expect(JSON.parse(child.stdout)).toMatchObject({ available: true, value: 'secret-xyz' });
  });

  it('gives a data folder of its own the earlier shared entry beside its own (a desk upgraded from before reads it)', async () => {
    const earlierService = `${service} earlier`;
    const shared = await openKeychain(earlierService, null);
    const folder = await openKeychain(service, earlierService);
    if (!shared.available || !folder.available) throw new Error('keychain unavailable');
    expect(shared.earlier).toBeUndefined();
    await shared.store.set('apiKey', 'key-from-before');
    expect(await folder.store.get('apiKey')).toBeNull();
    expect(await folder.earlier?.get('apiKey')).toBe('key-from-before');
    await shared.store.delete('apiKey');
    const usual = await openKeychain(KEYCHAIN_SERVICE);
    const other = await openKeychain(service);
    expect(usual.available && !usual.earlier).toBe(true);
    expect(other.available && other.earlier !== undefined).toBe(true);
  });

  it('explains plainly when the Secret Service is not there', async () => {
    const child = spawnSync('npx', ['tsx', 'test/support/keychain-probe.ts', service], {
      encoding: 'utf8',
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
    });
    const result = JSON.parse(child.stdout);
    expect(result.available).toBe(false);
    expect(result.reason).toMatch(/keychain did not answer/);
  });
});
