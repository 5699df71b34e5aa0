// The ways in: an API key, a username and password (request_token), or the demo. Each checks the
// credentials with the service before anything is saved, and leaves another account's unsent entries
// only when staff chose to discard them.
import { normaliseServiceAddress } from './service-address';
import type { AccountState } from './account-state';
import { ACCOUNT_KEY, keychainStore, verifyCredentials } from './account-state';
import type { AccountView, StoredAccount } from './types';

/** Connects with base URL + API key + client id, checked with the service before anything is saved. */
export async function connectWithApiKey(
  state: AccountState,
  input: { baseUrl: string; apiKey: string; clientId: string; label?: string; discardUnsent?: boolean },
): Promise<AccountView> {
  const baseUrl = normaliseServiceAddress(input.baseUrl);
  const secrets = keychainStore(state.options);
  await verifyCredentials(state.makeClient(baseUrl, input.apiKey), input.clientId, baseUrl);
  await state.leaveOtherAccounts(input.clientId, input.discardUnsent, state.forgetCurrent);
  const settings = state.newSettings({
    label: input.label || new URL(baseUrl).host,
    baseUrl,
    clientId: input.clientId,
    demo: false,
    hasDashboardSecret: false,
  });
  await state.save(settings, input.apiKey, secrets);
  return state.view();
}

/** Signs in with username and password through request_token; the password is never stored. */
export async function signIn(
  state: AccountState,
  input: { baseUrl: string; username: string; password: string; discardUnsent?: boolean },
): Promise<AccountView> {
  const baseUrl = normaliseServiceAddress(input.baseUrl);
  const secrets = keychainStore(state.options);
  const credentials = await state.options.signInWithToken(baseUrl, input.username, input.password);
  await verifyCredentials(state.makeClient(baseUrl, credentials.token), credentials.clientId, baseUrl);
  await state.leaveOtherAccounts(credentials.clientId, input.discardUnsent, state.forgetCurrent);
  const settings = state.newSettings({
    label: input.username,
    baseUrl,
    clientId: credentials.clientId,
    demo: false,
    hasDashboardSecret: true,
  });
  await state.save(settings, credentials.token, secrets, credentials.secret);
  return state.view();
}

/** Starts the demo service from the data directory (seeded on first start) and connects to it. */
export async function startDemo(state: AccountState, input: { discardUnsent?: boolean } = {}): Promise<AccountView> {
  if (!state.demoService) state.demoService = await state.options.startDemoService();
  const demo = state.demoService;
  // Signing in as the demo user gives the token and secret the dashboard link needs; the token is
  // then the API key, as for any sign-in (docs/architecture.md, "Credentials").
  const credentials = await state.options
    .signInWithToken(demo.baseUrl, demo.username, demo.password)
    .catch(() => undefined); // without the sign-in the demo's own key works; only the dashboard link needs it
  const secret = credentials?.secret;
  await state.leaveOtherAccounts(demo.clientId, input.discardUnsent, async () => {
    if (state.connection && !state.connection.settings.demo) await state.forgetCurrent();
  });
  state.restoreProblem = null;
  const previous = state.options.settings.get<StoredAccount>(ACCOUNT_KEY);
  const settings: StoredAccount = previous?.demo
    ? { ...previous, baseUrl: demo.baseUrl, clientId: demo.clientId, hasDashboardSecret: Boolean(secret) }
    : {
        ...state.newSettings({
          label: demo.label ?? 'Demo venue',
          baseUrl: demo.baseUrl,
          clientId: demo.clientId,
          demo: true,
          hasDashboardSecret: Boolean(secret),
        }),
        ...(demo.timeZone ? { timeZone: demo.timeZone } : {}),
        ...(demo.phoneCountry ? { defaultPhoneCountry: demo.phoneCountry } : {}),
      };
  await state.save(settings, credentials?.token ?? demo.apiKey, state.demoSecrets, secret);
  return state.view();
}
