import type { ServiceClient } from '../../../shared/api';
import { isSafeExternalUrl } from '../../../shared/bridge/external-url';
import { UserFacingError } from '../../../shared/bridge/result';
import type { AccountSettings } from '../services';
import { connectWithApiKey, signIn, startDemo } from './account-connect';
import { ACCOUNT_KEY, createAccountState, type AccountState } from './account-state';
import type { KeychainAvailability } from '../secrets/keytar-store';
import type { AccountManagerOptions, StoredAccount } from './types';

export type { AccountView, DemoService, SignInWithToken } from './types';

/**
 * The connected account: checks credentials before anything is saved, keeps secrets in the
 * keychain (memory for the demo) and everything else in the desk's SQLite settings. Its jobs:
 * the ways in (account-connect.ts), the shared state (account-state.ts), and what follows here.
 */
export function createAccountManager(options: AccountManagerOptions) {
  const state = createAccountState(options);
  return {
    view: state.view,
    /** The connected account's settings, or null. */
    settings: (): AccountSettings | null => state.connection?.settings ?? null,
    /** The client of the connected account; a clear refusal when none is connected. */
    requireClient(): ServiceClient {
      if (!state.connection)
        throw new UserFacingError(
          state.restoreProblem ?? 'No account is connected. Connect one in Settings, or start the demo.',
        );
      return state.connection.client;
    },
    /** Whether a link may go to the system browser: https, or http only to the running demo service's own origin. */
    mayOpenLink: (url: string): boolean =>
      isSafeExternalUrl(url, state.demoService ? [new URL(state.demoService.baseUrl).origin] : []),
    /** The secrets of the connected account, for the sign-in link. */
    async dashboardCredentials() {
      const connection = state.connection;
      if (!connection) return null;
      const secret = await connection.secrets.get('partnerSecret');
      return secret ? { baseUrl: connection.settings.baseUrl, token: connection.apiKey, secret } : null;
    },
    restore: () => restore(state),
    connectWithApiKey: (input: Parameters<typeof connectWithApiKey>[1]) => connectWithApiKey(state, input),
    signIn: (input: Parameters<typeof signIn>[1]) => signIn(state, input),
    startDemo: (input: Parameters<typeof startDemo>[1] = {}) => startDemo(state, input),
    updateSettings: (patch: Parameters<typeof updateSettings>[1]) => updateSettings(state, patch),
    /**
     * Disconnects: refused (answering how many) while entries have not been sent, unless staff chose
     * to discard them; then they are discarded, their payloads blanked, and the account forgotten.
     */
    async disconnect(input: { discardUnsent: boolean }): Promise<{ disconnected: boolean; unsentCount: number }> {
      const unsentCount = options.unsent.count();
      if (unsentCount > 0 && !input.discardUnsent) return { disconnected: false, unsentCount };
      await state.leaveOtherAccounts(null, input.discardUnsent, state.forgetCurrent);
      return { disconnected: true, unsentCount };
    },
    /** Removes the secrets and settings of the current account (callers decide about local data first). */
    forgetCurrent: state.forgetCurrent,
    /** Stops the demo service, if running. */
    async close() {
      await state.demoService?.close();
      state.demoService = null;
    },
  };
}

export type AccountManager = ReturnType<typeof createAccountManager>;

/** Restores the saved account at start: keychain secrets for a real one, a fresh demo service for the demo. */
async function restore(state: AccountState): Promise<void> {
  const { options } = state;
  const saved = options.settings.get<StoredAccount>(ACCOUNT_KEY);
  if (!saved) return;
  if (saved.demo) {
    await startDemo(state).catch(
      (error: Error) => (state.restoreProblem = `The demo could not start: ${error.message}`),
    );
    return;
  }
  if (!options.keychain.available) {
    state.restoreProblem = `${options.keychain.reason} The saved account cannot be used until the keychain works.`;
    return;
  }
  const apiKey = (await options.keychain.store.get('apiKey')) ?? (await adoptEarlierSecrets(options.keychain, saved));
  if (!apiKey) {
    state.restoreProblem =
      'The API key of the saved account is missing from the keychain. Connect the account again in Settings.';
    return;
  }
  state.connection = {
    settings: saved,
    apiKey,
    secrets: options.keychain.store,
    client: state.makeClient(saved.baseUrl, apiKey, saved.timeZone),
  };
  state.changed();
}

/**
 * A desk upgraded on a data folder of its own: its saved account's secrets are still in the entry every desk
 * used before (KeychainAvailability.earlier). They are copied into this folder's entry, which is read from
 * then on; the earlier entry is left as it is (it is the usual folder's, whose desk may still read it).
 */
async function adoptEarlierSecrets(
  keychain: Extract<KeychainAvailability, { available: true }>,
  saved: StoredAccount,
): Promise<string | null> {
  const earlier = keychain.earlier;
  const apiKey = earlier ? await earlier.get('apiKey') : null;
  if (!earlier || !apiKey) return null;
  const dashboardSecret = saved.hasDashboardSecret ? await earlier.get('partnerSecret') : null;
  await keychain.store.set('apiKey', apiKey);
  if (dashboardSecret) await keychain.store.set('partnerSecret', dashboardSecret);
  return apiKey;
}

/** Edits the non-secret settings of the connected account. */
function updateSettings(
  state: AccountState,
  patch: Partial<
    Pick<AccountSettings, 'label' | 'timeZone' | 'defaultPhoneCountry' | 'defaultSmsSender' | 'defaultEmailSender'>
  >,
) {
  const connection = state.connection;
  if (!connection) throw new UserFacingError('Connect an account before changing its settings.');
  if (patch.timeZone && !isTimeZone(patch.timeZone))
    throw new UserFacingError(`"${patch.timeZone}" is not a time zone this computer knows (e.g. Australia/Sydney).`);
  connection.settings = { ...connection.settings, ...patch };
  connection.client = state.makeClient(connection.settings.baseUrl, connection.apiKey, connection.settings.timeZone);
  state.options.settings.set(ACCOUNT_KEY, connection.settings);
  state.changed();
  return state.view();
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
