// The account manager's state and the steps its ways in share: the connection, the view staff see,
// saving credentials, and leaving another account's unsent entries only when staff said so.
import { createServiceClient, type ServiceClient } from '../../../shared/api';
import { UserFacingError } from '../../../shared/bridge/result';
import { createMemorySecretStore, type SecretStore } from '../secrets/secret-store';
import { explainConnectError } from './explain-error';
import type { AccountManagerOptions, AccountView, Connection, DemoService, StoredAccount } from './types';

/** Where the connected account's settings are saved. */
export const ACCOUNT_KEY = 'account';

/** The account manager's state and shared steps. */
export type AccountState = ReturnType<typeof createAccountState>;

/** Builds the state on the manager's options. */
export function createAccountState(options: AccountManagerOptions) {
  const defaults = options.defaults ?? {
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    phoneCountry: 'GB',
  };
  const state = {
    options,
    defaults,
    /** The demo's secrets stay in memory: its key changes at every launch. */
    demoSecrets: createMemorySecretStore(),
    connection: null as Connection | null,
    demoService: null as DemoService | null,
    /** Why the saved account could not be restored, told instead of "no account". */
    restoreProblem: null as string | null,
    makeClient: (baseUrl: string, apiKey: string, timeZone = defaults.timeZone): ServiceClient =>
      createServiceClient({ baseUrl, apiKey, fetch: options.fetch ?? globalThis.fetch, timeZone }),
    view: (): AccountView => accountView(options, defaults, state.connection),
    changed: () => options.onChange(state.view()),
    /** Saves the secrets in their store and the rest in the settings, and connects. */
    save: async (settings: StoredAccount, apiKey: string, secrets: SecretStore, dashboardSecret?: string) => {
      await keepSecrets(secrets, apiKey, dashboardSecret);
      options.settings.set(ACCOUNT_KEY, settings);
      state.connection = {
        settings,
        apiKey,
        secrets,
        client: state.makeClient(settings.baseUrl, apiKey, settings.timeZone),
      };
      state.changed();
    },
    /**
     * Before the desk works for `nextClientId` (or, with null, for no account): entries of any other
     * account would never go out, so the change is refused unless staff chose to discard them. Drops
     * the current connection first, so nothing more is claimed, then discards them.
     */
    leaveOtherAccounts: async (
      nextClientId: string | null,
      discardUnsent: boolean | undefined,
      forget: () => Promise<void>,
    ) => {
      const unsent = options.unsent.count(nextClientId ?? undefined);
      if (unsent > 0 && !discardUnsent)
        throw new UserFacingError(unsentRefusal(unsent, state.connection?.settings.label));
      await forget();
      if (unsent > 0) await options.unsent.discard(nextClientId ?? undefined);
    },
    /** A new account's settings with this computer's defaults. */
    newSettings: (
      partial: Pick<StoredAccount, 'label' | 'baseUrl' | 'clientId' | 'demo' | 'hasDashboardSecret'>,
    ): StoredAccount => ({
      timeZone: defaults.timeZone,
      defaultPhoneCountry: defaults.phoneCountry,
      ...partial,
    }),
    /** Removes the secrets and settings of the current account (callers decide about local data first). */
    forgetCurrent: async () => {
      if (state.connection) {
        await state.connection.secrets.delete('apiKey');
        await state.connection.secrets.delete('partnerSecret');
      }
      state.connection = null;
      state.restoreProblem = null;
      options.settings.delete(ACCOUNT_KEY);
      state.changed();
    },
  };
  return state;
}

/** The keychain, or a refusal saying why only the demo is offered. */
export function keychainStore(options: AccountManagerOptions): SecretStore {
  if (!options.keychain.available)
    throw new UserFacingError(
      `${options.keychain.reason} Without it the desk cannot keep an API key safely, so only the demo is offered.`,
    );
  return options.keychain.store;
}

/** Checks the key and client id with a cheap call that needs both. */
export async function verifyCredentials(client: ServiceClient, clientId: string, baseUrl: string): Promise<void> {
  try {
    await client.getContactFields({ client_id: clientId });
  } catch (error) {
    throw explainConnectError(error, baseUrl);
  }
}

/** The account as the renderer may know it (never the key). */
function accountView(
  options: AccountManagerOptions,
  defaults: { timeZone: string; phoneCountry: string },
  connection: Connection | null,
): AccountView {
  const keychain = options.keychain.available
    ? { available: true, description: options.keychain.store.description }
    : { available: false, description: options.keychain.reason };
  if (!connection)
    return {
      state: 'none',
      timeZone: defaults.timeZone,
      defaultPhoneCountry: defaults.phoneCountry,
      canOpenDashboard: false,
      keychain,
    };
  const s = connection.settings;
  return {
    state: s.demo ? 'demo' : 'connected',
    label: s.label,
    baseUrl: s.baseUrl,
    clientId: s.clientId,
    timeZone: s.timeZone,
    defaultPhoneCountry: s.defaultPhoneCountry,
    defaultSmsSender: s.defaultSmsSender,
    defaultEmailSender: s.defaultEmailSender,
    canOpenDashboard: s.hasDashboardSecret,
    keychain,
  };
}

/** Why the desk will not change account yet, in staff's words. */
function unsentRefusal(count: number, label: string | undefined): string {
  const entries = count === 1 ? '1 entry in the outbox has' : `${count} entries in the outbox have`;
  return `${entries} not been sent${label ? ` for ${label}` : ' for the previous account'}. Changing account now would leave ${count === 1 ? 'it' : 'them'} unsent for good: wait until the Outbox is empty, or choose to discard ${count === 1 ? 'it' : 'them'}.`;
}

/**
 * Files the secrets in their store, or says in staff words why the store refused them (most often a
 * locked keychain); the settings are saved only after this, so a refused key leaves no half-saved account.
 */
async function keepSecrets(secrets: SecretStore, apiKey: string, dashboardSecret: string | undefined) {
  try {
    await secrets.set('apiKey', apiKey);
    if (dashboardSecret) await secrets.set('partnerSecret', dashboardSecret);
    else await secrets.delete('partnerSecret');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const advice = /locked/i.test(reason)
      ? `${secrets.description} is locked. Unlock it (on Linux, the login keyring; on a Mac, the login keychain) and press Connect again.`
      : `${secrets.description} refused it (${reason.split('\n')[0]}).`;
    throw new UserFacingError(
      `The desk could not keep the account's key safe, so it did not connect: ${advice}`,
      { cause: error },
    );
  }
}
