import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../../../sandbox/index';
import { createAccountManager, type AccountManager } from '../../../electron/core/account/account-manager';
import { createSignInWithToken } from '../../../electron/core/account/sign-in';
import { openDeskDatabase } from '../../../electron/core/db/open-database';
import { createOutbox, type Outbox } from '../../../electron/core/outbox/outbox';
import { createMemorySecretStore } from '../../../electron/core/secrets/secret-store';
import { createSqliteSettingsStore } from '../../../electron/core/settings/settings-store';

type Sandbox = ReturnType<typeof createSandbox>;
const BASE = 'http://127.0.0.1:9';
const sms = (message: string) => ({ from: 'Harbour', to: '+61412345678', message });

/** The account manager and the real outbox on one desk database, as the desk core wires them, over the sandbox in-process. */
function setup(sandbox: Sandbox, options: { holdSms?: Promise<void> } = {}) {
  const db: Database = openDeskDatabase(':memory:');
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (options.holdSms && new URL(request.url).pathname.endsWith('/sms')) await options.holdSms;
    return sandbox.fetch(request);
  };
  const outbox: Outbox = createOutbox({
    db,
    account: () => {
      const settings = account.settings();
      return settings && { clientId: settings.clientId, client: account.requireClient(), phoneCountry: 'AU' };
    },
    config: { reconcileAfterMs: 10 },
  });
  const account: AccountManager = createAccountManager({
    settings: createSqliteSettingsStore(db),
    keychain: { available: true, store: createMemorySecretStore() },
    fetch: fetchImpl,
    startDemoService: async () => ({ baseUrl: BASE, ...sandbox.demo, close: async () => {} }),
    signInWithToken: createSignInWithToken(fetchImpl),
    unsent: { count: (except) => outbox.unsentCount(except), discard: (except) => outbox.discardUnsent(except) },
    onChange: () => outbox.accountChanged(),
    defaults: { timeZone: 'Australia/Sydney', phoneCountry: 'AU' },
  });
  const rows = () =>
    db.prepare('SELECT id, state, account, payload FROM outbox_items ORDER BY seq').all() as Array<{
      id: string;
      state: string;
      account: string;
      payload: string;
    }>;
  return { db, account, outbox, rows };
}

describe('disconnecting and changing account over unsent entries', () => {
  let sandbox: Sandbox;
  beforeEach(() => {
    sandbox = createSandbox({ demo: true, demoGuests: 5 });
  });
  afterEach(() => sandbox.close());

  it('a disconnect is refused while entries are unsent, and "discard" really discards them, payloads blanked', async () => {
    const { account, outbox, rows } = setup(sandbox);
    await account.connectWithApiKey({ baseUrl: BASE, apiKey: sandbox.demo.apiKey, clientId: sandbox.demo.clientId });
    // Not started: the entries wait, as they would offline.
    outbox.enqueue('sms', sms('Private note for Ada'));
    outbox.enqueue('email', {
      to_email: 'ada@example.com',
      to_name: 'Ada',
      from_email: 'desk@venue.example',
      from_name: 'Venue',
      subject: 'Your booking',
      html: '<p>Hi Ada</p>',
    });

    expect(await account.disconnect({ discardUnsent: false })).toEqual({ disconnected: false, unsentCount: 2 });
    expect(account.view().state).toBe('connected');
    expect(rows().map((row) => row.state)).toEqual(['queued', 'queued']);

    expect(await account.disconnect({ discardUnsent: true })).toEqual({ disconnected: true, unsentCount: 2 });
    expect(account.view().state).toBe('none');
    for (const row of rows()) expect(row).toMatchObject({ state: 'discarded', payload: '{}' });
    expect(JSON.stringify(rows())).not.toContain('Ada');
    expect(outbox.unsentCount()).toBe(0);
    expect(outbox.list()).toEqual([]);

    // Connected again and delivering: nothing discarded goes out.
    await account.connectWithApiKey({ baseUrl: BASE, apiKey: sandbox.demo.apiKey, clientId: sandbox.demo.clientId });
    outbox.start();
    await outbox.settle();
    const texts = sandbox.operator
      .messages({ clientId: sandbox.demo.clientId })
      .map((message) => message.message ?? message.subject);
    expect(texts).not.toContain('Private note for Ada');
    expect(texts).not.toContain('Your booking');
    await outbox.stop();
  });

  it('the core refuses to switch to another account over unsent entries unless told to discard them', async () => {
    const { account, outbox, rows } = setup(sandbox);
    const second = sandbox.operator.createAccount({ name: 'Second Venue' });
    await account.connectWithApiKey({
      baseUrl: BASE,
      apiKey: sandbox.demo.apiKey,
      clientId: sandbox.demo.clientId,
      label: 'Harbour Bar',
    });
    outbox.enqueue('sms', sms('Table for two at 8'));

    const toSecond = { baseUrl: BASE, apiKey: second.apiKey, clientId: second.account.clientId };
    await expect(account.connectWithApiKey(toSecond)).rejects.toThrow(
      '1 entry in the outbox has not been sent for Harbour Bar. Changing account now would leave it unsent for good: wait until the Outbox is empty, or choose to discard it.',
    );
    expect(account.view()).toMatchObject({ state: 'connected', clientId: sandbox.demo.clientId });
    await expect(account.signIn({ baseUrl: BASE, username: 'nobody', password: 'x' })).rejects.toThrow();
    expect(rows()[0]).toMatchObject({ state: 'queued' });

    await account.connectWithApiKey({ ...toSecond, discardUnsent: true });
    expect(account.view()).toMatchObject({ state: 'connected', clientId: second.account.clientId });
    expect(rows()[0]).toMatchObject({ state: 'discarded', payload: '{}' });
  });

  it('reconnecting the same account keeps its unsent entries; another account’s left-overs block the demo until discarded', async () => {
    const { account, outbox, rows } = setup(sandbox);
    await account.connectWithApiKey({ baseUrl: BASE, apiKey: sandbox.demo.apiKey, clientId: sandbox.demo.clientId });
    outbox.enqueue('sms', sms('Same account'));
    // The same account again (a new key, say): its entries are still its own.
    await account.connectWithApiKey({ baseUrl: BASE, apiKey: sandbox.demo.apiKey, clientId: sandbox.demo.clientId });
    expect(rows()[0]).toMatchObject({ state: 'queued', account: sandbox.demo.clientId });

    const second = sandbox.operator.createAccount({ name: 'Second Venue' });
    await account.connectWithApiKey({
      baseUrl: BASE,
      apiKey: second.apiKey,
      clientId: second.account.clientId,
      discardUnsent: true,
    });
    outbox.enqueue('sms', sms('Second venue message'));
    await expect(account.startDemo()).rejects.toThrow(/1 entry in the outbox has not been sent/);
    await account.startDemo({ discardUnsent: true });
    expect(account.view()).toMatchObject({ state: 'demo', clientId: sandbox.demo.clientId });
    expect(rows().map((row) => row.state)).toEqual(['discarded', 'discarded']);
  });

  it('a disconnect waits for a call in flight: what went out is recorded sent, the rest is discarded', async () => {
    let release!: () => void;
    const holdSms = new Promise<void>((resolve) => (release = resolve));
    const { account, outbox, rows } = setup(sandbox, { holdSms });
    await account.connectWithApiKey({ baseUrl: BASE, apiKey: sandbox.demo.apiKey, clientId: sandbox.demo.clientId });
    outbox.enqueue('sms', sms('Already on its way'));
    outbox.start();
    for (let i = 0; i < 50 && rows()[0]!.state !== 'sending'; i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(rows()[0]!.state).toBe('sending');
    outbox.enqueue('sms', sms('Still waiting'));

    let done = false;
    const disconnecting = account.disconnect({ discardUnsent: true }).then((result) => ((done = true), result));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(done).toBe(false);
    release();
    expect(await disconnecting).toEqual({ disconnected: true, unsentCount: 2 });
    expect(rows().map((row) => row.state)).toEqual(['sent', 'discarded']);
    const texts = sandbox.operator.messages({ clientId: sandbox.demo.clientId }).map((message) => message.message);
    expect(texts.filter((text) => text === 'Already on its way')).toHaveLength(1);
    expect(texts).not.toContain('Still waiting');
    await outbox.stop();
  });
});
