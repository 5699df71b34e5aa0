import { createServiceClient, type ServiceClient } from '../../../shared/api';
import { isSafeExternalUrl } from '../../../shared/bridge/external-url';
import { UserFacingError } from '../../../shared/bridge/result';
import type { EventPayload } from '../../../shared/bridge/contract';
import type { AccountSettings } from '../services';
import type { SettingsStore } from '../settings/settings-store';
import { createMemorySecretStore, type SecretStore } from '../secrets/secret-store';
import type { KeychainAvailability } from '../secrets/keytar-store';
import { explainConnectError } from './explain-error';
import { normaliseServiceAddress } from './service-address';

export type AccountView = EventPayload<'accountChanged'>;

/** The demo service started from the desk's data directory. */
export interface DemoService {
  baseUrl: string;
  apiKey: string;
  clientId: string;
  username: string;
  password: string;
  /** The demo venue's name, time zone and phone country, as its service keeps them. */
  label?: string;
  timeZone?: string;
  phoneCountry?: string;
  close(): Promise<void>;
}

/** The outbox as a change of account needs it: what has not gone out yet, and discarding it. */
export interface UnsentEntries {
  /** Entries not yet sent, of every account but `exceptAccount` (a client id) when given. */
  count(exceptAccount?: string): number;
  /** Discards them (payloads blanked) once calls in flight have answered; returns how many. */
  discard(exceptAccount?: string): Promise<number>;
}

/** What the account manager is built from. */
export interface AccountManagerOptions {
  settings: SettingsStore;
  /** The outbox's unsent entries: an account is never switched or disconnected over them unless staff said to discard them. */
  unsent: UnsentEntries;
  keychain: KeychainAvailability;
  startDemoService: () => Promise<DemoService>;
  /** request_token with refusals explained (createSignInWithToken). */
  signInWithToken: SignInWithToken;
  onChange: (view: AccountView) => void;
  fetch?: typeof fetch;
  /** Defaults for a new account: this computer's zone and country. */
  defaults?: { timeZone: string; phoneCountry: string };
}

interface StoredAccount extends AccountSettings {
  hasDashboardSecret: boolean;
}

interface Connection {
  settings: StoredAccount;
  apiKey: string;
  secrets: SecretStore;
  client: ServiceClient;
}

const ACCOUNT_KEY = 'account';

/**
 * The connected account: checks credentials before anything is saved, keeps secrets in the
 * keychain (memory for the demo) and everything else in the desk's SQLite settings.
 */
export function createAccountManager(options: AccountManagerOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const demoSecrets = createMemorySecretStore();
  const defaults = options.defaults ?? {
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    phoneCountry: 'GB',
  };
  let connection: Connection | null = null;
  let demoService: DemoService | null = null;
  let restoreProblem: string | null = null;

  const keychainStore = () => {
    if (!options.keychain.available) {
      throw new UserFacingError(
        `${options.keychain.reason} Without it the desk cannot keep an API key safely, so only the demo is offered.`,
      );
    }
    return options.keychain.store;
  };

  const makeClient = (baseUrl: string, apiKey: string, timeZone = defaults.timeZone) =>
    createServiceClient({ baseUrl, apiKey, fetch: fetchImpl, timeZone });

  const view = (): AccountView => {
    const keychain = options.keychain.available
      ? { available: true, description: options.keychain.store.description }
      : { available: false, description: options.keychain.reason };
    if (!connection) {
      return {
        state: 'none',
        timeZone: defaults.timeZone,
        defaultPhoneCountry: defaults.phoneCountry,
        canOpenDashboard: false,
        keychain,
      };
    }
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
  };

  const changed = () => options.onChange(view());

  /** Checks the key and client id with a cheap call that needs both. */
  const verify = async (client: ServiceClient, clientId: string, baseUrl: string) => {
    try {
      await client.getContactFields({ client_id: clientId });
    } catch (error) {
      throw explainConnectError(error, baseUrl);
    }
  };

  const save = async (settings: StoredAccount, apiKey: string, secrets: SecretStore, dashboardSecret?: string) => {
    await secrets.set('apiKey', apiKey);
    if (dashboardSecret) await secrets.set('partnerSecret', dashboardSecret);
    else await secrets.delete('partnerSecret');
    options.settings.set(ACCOUNT_KEY, settings);
    connection = { settings, apiKey, secrets, client: makeClient(settings.baseUrl, apiKey, settings.timeZone) };
    changed();
  };

  /**
   * Before the desk works for `nextClientId` (or, with null, for no account): entries of any other
   * account would never go out, so the change is refused unless staff chose to discard them. Drops
   * the current connection first, so nothing more is claimed, then discards them.
   */
  const leaveOtherAccounts = async (
    nextClientId: string | null,
    discardUnsent: boolean | undefined,
    forget: () => Promise<void>,
  ) => {
    const unsent = options.unsent.count(nextClientId ?? undefined);
    if (unsent > 0 && !discardUnsent) throw new UserFacingError(unsentRefusal(unsent, connection?.settings.label));
    await forget();
    if (unsent > 0) await options.unsent.discard(nextClientId ?? undefined);
  };

  const newSettings = (
    partial: Pick<StoredAccount, 'label' | 'baseUrl' | 'clientId' | 'demo' | 'hasDashboardSecret'>,
  ): StoredAccount => ({
    timeZone: defaults.timeZone,
    defaultPhoneCountry: defaults.phoneCountry,
    ...partial,
  });

  return {
    view,

    /** The connected account's settings, or null. */
    settings: (): AccountSettings | null => connection?.settings ?? null,

    /** The client of the connected account; a clear refusal when none is connected. */
    requireClient(): ServiceClient {
      if (!connection)
        throw new UserFacingError(
          restoreProblem ?? 'No account is connected. Connect one in Settings, or start the demo.',
        );
      return connection.client;
    },

    /** Whether a link may go to the system browser: https, or http only to the running demo service's own origin. */
    mayOpenLink: (url: string): boolean =>
      isSafeExternalUrl(url, demoService ? [new URL(demoService.baseUrl).origin] : []),

    /** The secrets of the connected account, for the sign-in link. */
    async dashboardCredentials() {
      if (!connection) return null;
      const secret = await connection.secrets.get('partnerSecret');
      return secret ? { baseUrl: connection.settings.baseUrl, token: connection.apiKey, secret } : null;
    },

    /** Restores the saved account at start: keychain secrets for a real one, a fresh demo service for the demo. */
    async restore(): Promise<void> {
      const saved = options.settings.get<StoredAccount>(ACCOUNT_KEY);
      if (!saved) return;
      if (saved.demo) {
        await this.startDemo().catch((error: Error) => (restoreProblem = `The demo could not start: ${error.message}`));
        return;
      }
      if (!options.keychain.available) {
        restoreProblem = `${options.keychain.reason} The saved account cannot be used until the keychain works.`;
        return;
      }
      const apiKey = await options.keychain.store.get('apiKey');
      if (!apiKey) {
        restoreProblem =
          'The API key of the saved account is missing from the keychain. Connect the account again in Settings.';
        return;
      }
      connection = {
        settings: saved,
        apiKey,
        secrets: options.keychain.store,
        client: makeClient(saved.baseUrl, apiKey, saved.timeZone),
      };
      changed();
    },

    /** Connects with base URL + API key + client id, checked with the service before anything is saved. */
    async connectWithApiKey(input: {
      baseUrl: string;
      apiKey: string;
      clientId: string;
      label?: string;
      discardUnsent?: boolean;
    }) {
      const baseUrl = normaliseServiceAddress(input.baseUrl);
      const secrets = keychainStore();
      const client = makeClient(baseUrl, input.apiKey);
      await verify(client, input.clientId, baseUrl);
      await leaveOtherAccounts(input.clientId, input.discardUnsent, () => this.forgetCurrent());
      await save(
        newSettings({
          label: input.label || new URL(baseUrl).host,
          baseUrl,
          clientId: input.clientId,
          demo: false,
          hasDashboardSecret: false,
        }),
        input.apiKey,
        secrets,
      );
      return view();
    },

    /** Signs in with username and password through request_token; the password is never stored. */
    async signIn(input: { baseUrl: string; username: string; password: string; discardUnsent?: boolean }) {
      const baseUrl = normaliseServiceAddress(input.baseUrl);
      const secrets = keychainStore();
      const credentials = await options.signInWithToken(baseUrl, input.username, input.password);
      await verify(makeClient(baseUrl, credentials.token), credentials.clientId, baseUrl);
      await leaveOtherAccounts(credentials.clientId, input.discardUnsent, () => this.forgetCurrent());
      await save(
        newSettings({
          label: input.username,
          baseUrl,
          clientId: credentials.clientId,
          demo: false,
          hasDashboardSecret: true,
        }),
        credentials.token,
        secrets,
        credentials.secret,
      );
      return view();
    },

    /** Starts the demo service from the data directory (seeded on first start) and connects to it. */
    async startDemo(input: { discardUnsent?: boolean } = {}) {
      if (!demoService) demoService = await options.startDemoService();
      const demo = demoService;
      // Signing in as the demo user gives the token and secret the dashboard link needs; the token is
      // then the API key, as for any sign-in (ARCHITECTURE §4). Without it the demo key still works.
      const credentials = await options
        .signInWithToken(demo.baseUrl, demo.username, demo.password)
        .catch(() => undefined); // without the sign-in the demo's own key works; only the dashboard link needs it
      const secret = credentials?.secret;
      await leaveOtherAccounts(demo.clientId, input.discardUnsent, async () => {
        if (connection && !connection.settings.demo) await this.forgetCurrent();
      });
      restoreProblem = null;
      const previous = options.settings.get<StoredAccount>(ACCOUNT_KEY);
      const settings = previous?.demo
        ? { ...previous, baseUrl: demo.baseUrl, clientId: demo.clientId, hasDashboardSecret: Boolean(secret) }
        : {
            ...newSettings({
              label: demo.label ?? 'Demo venue',
              baseUrl: demo.baseUrl,
              clientId: demo.clientId,
              demo: true,
              hasDashboardSecret: Boolean(secret),
            }),
            ...(demo.timeZone ? { timeZone: demo.timeZone } : {}),
            ...(demo.phoneCountry ? { defaultPhoneCountry: demo.phoneCountry } : {}),
          };
      await save(settings, credentials?.token ?? demo.apiKey, demoSecrets, secret);
      return view();
    },

    /** Edits the non-secret settings of the connected account. */
    updateSettings(
      patch: Partial<
        Pick<AccountSettings, 'label' | 'timeZone' | 'defaultPhoneCountry' | 'defaultSmsSender' | 'defaultEmailSender'>
      >,
    ) {
      if (!connection) throw new UserFacingError('Connect an account before changing its settings.');
      if (patch.timeZone && !isTimeZone(patch.timeZone))
        throw new UserFacingError(
          `"${patch.timeZone}" is not a time zone this computer knows (e.g. Australia/Sydney).`,
        );
      connection.settings = { ...connection.settings, ...patch };
      connection.client = makeClient(connection.settings.baseUrl, connection.apiKey, connection.settings.timeZone);
      options.settings.set(ACCOUNT_KEY, connection.settings);
      changed();
      return view();
    },

    /**
     * Disconnects: refused (answering how many) while entries have not been sent, unless staff chose
     * to discard them; then they are discarded, their payloads blanked, and the account forgotten.
     */
    async disconnect(input: { discardUnsent: boolean }): Promise<{ disconnected: boolean; unsentCount: number }> {
      const unsentCount = options.unsent.count();
      if (unsentCount > 0 && !input.discardUnsent) return { disconnected: false, unsentCount };
      await leaveOtherAccounts(null, input.discardUnsent, () => this.forgetCurrent());
      return { disconnected: true, unsentCount };
    },

    /** Removes the secrets and settings of the current account (callers decide about local data first). */
    async forgetCurrent() {
      if (connection) {
        await connection.secrets.delete('apiKey');
        await connection.secrets.delete('partnerSecret');
      }
      connection = null;
      restoreProblem = null;
      options.settings.delete(ACCOUNT_KEY);
      changed();
    },

    /** Stops the demo service, if running. */
    async close() {
      await demoService?.close();
      demoService = null;
    },
  };
}

/** Exchanges a username and password for API credentials (request_token). */
export type SignInWithToken = (
  baseUrl: string,
  username: string,
  password: string,
) => Promise<{ token: string; secret: string; clientId: string }>;

export type AccountManager = ReturnType<typeof createAccountManager>;

/** Why the desk will not change account yet, in staff's words. */
function unsentRefusal(count: number, label: string | undefined): string {
  const entries = count === 1 ? '1 entry in the outbox has' : `${count} entries in the outbox have`;
  return `${entries} not been sent${label ? ` for ${label}` : ' for the previous account'}. Changing account now would leave ${count === 1 ? 'it' : 'them'} unsent for good: wait until the Outbox is empty, or choose to discard ${count === 1 ? 'it' : 'them'}.`;
}

/** Whether the runtime knows an IANA time zone name. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
