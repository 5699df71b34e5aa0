import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openKeychain } from '../../../electron/core/secrets/keytar-store';

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
