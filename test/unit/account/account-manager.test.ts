import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, startSandboxServer } from '../../../sandbox/index';
import { createAccountManager, type AccountView } from '../../../electron/core/account/account-manager';
import { createSignInWithToken } from '../../../electron/core/account/sign-in';
import { openDeskDatabase } from '../../../electron/core/db/open-database';
import type { KeychainAvailability } from '../../../electron/core/secrets/keytar-store';
import { createMemorySecretStore, type SecretStore } from '../../../electron/core/secrets/secret-store';
import { UserFacingError } from '../../../shared/bridge/result';
import { createSqliteSettingsStore } from '../../../electron/core/settings/settings-store';

type Sandbox = ReturnType<typeof createSandbox>;
const BASE = 'http://127.0.0.1:9';

/** An account manager on a fresh migrated database, talking to the sandbox in-process. */
function setup(
  sandbox: Sandbox,
  now: () => Date = () => new Date(),
  keychainWorks = true,
  fetchOverride?: typeof fetch,
) {
  const db = openDeskDatabase(':memory:');
  const secrets = createMemorySecretStore();
  const views: AccountView[] = [];
  const fetchImpl: typeof fetch = fetchOverride ?? ((input, init) => sandbox.fetch(new Request(input, init)));
  const signIn = createSignInWithToken(fetchImpl, now);
  const make = (
    keychain: KeychainAvailability = keychainWorks
      ? { available: true, store: secrets }
      : { available: false, reason: 'The system keychain did not answer.' },
  ) =>
    createAccountManager({
      settings: createSqliteSettingsStore(db),
      keychain,
      fetch: fetchImpl,
      startDemoService: async () => ({ baseUrl: BASE, ...sandbox.demo, close: async () => {} }),
      signInWithToken: signIn,
      unsent: { count: () => 0, discard: async () => 0 },
      onChange: (view) => views.push(view),
      defaults: { timeZone: 'Australia/Sydney', phoneCountry: 'AU' },
    });
  return { db, secrets, views, make };
}

describe('the account manager against the sandbox', () => {
  let sandbox: Sandbox;
  beforeEach(() => {
    sandbox = createSandbox({ demo: true, demoGuests: 20 });
  });
  afterEach(() => sandbox.close());

  it('refuses a wrong key before saving anything', async () => {
    const { make, secrets, db } = setup(sandbox);
    const account = make();
    await expect(
      account.connectWithApiKey({ baseUrl: BASE, apiKey: 'wrong', clientId: sandbox.demo.clientId }),
    ).rejects.toThrow(/refused this API key.*Nothing was saved/);
    expect(await secrets.get('apiKey')).toBeNull();
    expect(db.prepare('SELECT count(*) AS n FROM settings').get()).toEqual({ n: 0 });
    expect(account.view().state).toBe('none');
  });

  it('refuses a wrong client id in the service’s words', async () => {
    const account = setup(sandbox).make();
    await expect(
      account.connectWithApiKey({ baseUrl: BASE, apiKey: sandbox.demo.apiKey, clientId: 'nope' }),
    ).rejects.toThrow(/Invalid client ID provided/);
  });

  it('connects, keeps the key in the secret store only, and restores after a restart', async () => {
    const { make, secrets, db } = setup(sandbox);
    const first = make();
    const view = await first.connectWithApiKey({
      baseUrl: `${BASE}/`,
      apiKey: sandbox.demo.apiKey,
      clientId: sandbox.demo.clientId,
      label: 'Harbour Bar',
    });
    expect(view).toMatchObject({
      state: 'connected',
      label: 'Harbour Bar',
      baseUrl: BASE,
      clientId: sandbox.demo.clientId,
      timeZone: 'Australia/Sydney',
    });
    expect(JSON.stringify(view)).not.toContain(sandbox.demo.apiKey);
    expect(await secrets.get('apiKey')).toBe(sandbox.demo.apiKey);
    const stored = db.prepare('SELECT group_concat(value) AS all_values FROM settings').get() as { all_values: string };
    expect(stored.all_values).not.toContain(sandbox.demo.apiKey);

    const restarted = make();
    await restarted.restore();
    expect(restarted.view()).toMatchObject({ state: 'connected', label: 'Harbour Bar' });
    await expect(restarted.requireClient().categories()).resolves.toHaveProperty('categories');
  });

  it('a desk upgraded on a data folder of its own finds its secrets in the earlier shared entry and keeps them in its own', async () => {
    const { make, secrets: sharedEntry } = setup(sandbox);
    await make().signIn({ baseUrl: BASE, username: sandbox.demo.username, password: sandbox.demo.password });
    const sharedKey = await sharedEntry.get('apiKey');
    const sharedSecret = await sharedEntry.get('partnerSecret');
    expect(sharedKey).toBeTruthy();
    expect(sharedSecret).toBeTruthy();

    const ownEntry = createMemorySecretStore();
    const upgraded = make({ available: true, store: ownEntry, earlier: sharedEntry });
    await upgraded.restore();
    expect(upgraded.view()).toMatchObject({ state: 'connected', clientId: sandbox.demo.clientId });
    await expect(upgraded.requireClient().categories()).resolves.toHaveProperty('categories');
    expect(await upgraded.dashboardCredentials()).toMatchObject({ token: sharedKey, secret: sharedSecret });
    expect(await ownEntry.get('apiKey')).toBe(sharedKey);
    expect(await ownEntry.get('partnerSecret')).toBe(sharedSecret);
    expect(await sharedEntry.get('apiKey')).toBe(sharedKey); // the usual folder's desk may still read it

    // From then on the folder's own entry is what counts: the shared one changing (another desk connecting) does not move it.
    await sharedEntry.set('apiKey', 'another-desks-key');
    const restartedAgain = make({ available: true, store: ownEntry, earlier: sharedEntry });
    await restartedAgain.restore();
    expect(await restartedAgain.dashboardCredentials()).toMatchObject({ token: sharedKey });

    // Nothing in either entry: staff are told to connect again, as before.
    const empty = make({ available: true, store: createMemorySecretStore(), earlier: createMemorySecretStore() });
    await empty.restore();
    expect(empty.view().state).toBe('none');
    expect(() => empty.requireClient()).toThrow(/missing from the keychain/);
  });

  it('signs in with username and password; the password is kept nowhere', async () => {
    const { make, secrets, db } = setup(sandbox);
    const account = make();
    const view = await account.signIn({
      baseUrl: BASE,
      username: sandbox.demo.username,
      password: sandbox.demo.password,
    });
    expect(view).toMatchObject({ state: 'connected', canOpenDashboard: true, clientId: sandbox.demo.clientId });
    expect(await secrets.get('partnerSecret')).toBeTruthy();
    const everything =
      JSON.stringify(db.prepare('SELECT * FROM settings').all()) +
      JSON.stringify([await secrets.get('apiKey'), await secrets.get('partnerSecret')]);
    expect(everything).not.toContain(sandbox.demo.password);
    expect(await account.dashboardCredentials()).toMatchObject({ baseUrl: BASE });
  });

  it('says how far the clock is off when the service refuses the nonce (over HTTP, with its Date header)', async () => {
    const server = await startSandboxServer({ port: 0, demo: true, demoGuests: 5 });
    try {
      const account = setup(sandbox, () => new Date(Date.now() - 5 * 60_000), true, fetch).make();
      await expect(
        account.signIn({ baseUrl: server.baseUrl, username: server.demo.username, password: server.demo.password }),
      ).rejects.toThrow(/clock is 5 minutes behind the service's/);
    } finally {
      await server.close();
    }
  });

  it('refuses a wrong password plainly', async () => {
    const { make } = setup(sandbox);
    await expect(make().signIn({ baseUrl: BASE, username: sandbox.demo.username, password: 'wrong' })).rejects.toThrow(
      /did not accept this username and password/,
    );
  });

  it('offers only the demo when the keychain is unavailable', async () => {
    const account = setup(sandbox, undefined, false).make();
    await expect(
      account.connectWithApiKey({ baseUrl: BASE, apiKey: sandbox.demo.apiKey, clientId: sandbox.demo.clientId }),
    ).rejects.toThrow(/only the demo is offered/);
    expect((await account.startDemo()).state).toBe('demo');
  });

  it('says in staff words that a locked keychain kept the key out, and saves no settings', async () => {
    const { make, db } = setup(sandbox);
    const locked: SecretStore = {
      description: 'the system keychain',
      get: async () => null,
      // What libsecret answers when the login keyring is locked.
      set: async () => Promise.reject(new Error('Cannot create an item in a locked collection')),
      delete: async () => {},
    };
    const account = make({ available: true, store: locked });
    const refused = account.connectWithApiKey({
      baseUrl: BASE,
      apiKey: sandbox.demo.apiKey,
      clientId: sandbox.demo.clientId,
    });
    await expect(refused).rejects.toThrow(UserFacingError);
    await expect(refused).rejects.toThrow(
      "The desk could not keep the account's key safe, so it did not connect: the system keychain is locked. Unlock it",
    );
    expect(db.prepare('SELECT count(*) AS n FROM settings').get()).toEqual({ n: 0 });
    expect(account.view().state).toBe('none');
  });

  it('forgets the secrets and settings on disconnect', async () => {
    const { make, secrets, db } = setup(sandbox);
    const account = make();
    await account.connectWithApiKey({ baseUrl: BASE, apiKey: sandbox.demo.apiKey, clientId: sandbox.demo.clientId });
    await account.forgetCurrent();
    expect(await secrets.get('apiKey')).toBeNull();
    expect(db.prepare('SELECT count(*) AS n FROM settings').get()).toEqual({ n: 0 });
    expect(() => account.requireClient()).toThrow(/No account is connected/);
  });
});
