// The account manager's parts (account-manager.ts assembles them): what it is built from and what it keeps.
import type { ServiceClient } from '../../../shared/api';
import type { EventPayload } from '../../../shared/bridge/contract';
import type { AccountSettings } from '../services';
import type { SecretStore } from '../secrets/secret-store';
import type { KeychainAvailability } from '../secrets/keytar-store';
import type { SettingsStore } from '../settings/settings-store';

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

/** Exchanges a username and password for API credentials (request_token). */
export type SignInWithToken = (
  baseUrl: string,
  username: string,
  password: string,
) => Promise<{ token: string; secret: string; clientId: string }>;

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

/** The connected account's settings as saved, and whether the dashboard link's secret is in the keychain. */
export interface StoredAccount extends AccountSettings {
  hasDashboardSecret: boolean;
}

/** The connected account: its settings, its key, where its secrets are and its client. */
export interface Connection {
  settings: StoredAccount;
  apiKey: string;
  secrets: SecretStore;
  client: ServiceClient;
}
