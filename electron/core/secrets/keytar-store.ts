import { createRequire } from 'node:module';
import type { SecretName, SecretStore } from './secret-store';

/**
 * The keychain service of the usual data folder; before each data folder had an entry of its own
 * (electron/core/data-dir.ts keychainServiceFor), every desk filed its secrets here.
 */
export const KEYCHAIN_SERVICE = 'Venue Desk';

type Keytar = {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string }>>;
};

/**
 * The keychain, or why it cannot be used (keytar missing, or no Secret Service answering). `earlier` is the
 * entry every desk used before entries were per data folder: a desk upgraded on a folder of its own reads
 * its saved account's secrets there once (account restore) and keeps them in its own entry from then on.
 */
export type KeychainAvailability =
  { available: true; store: SecretStore; earlier?: SecretStore } | { available: false; reason: string };

/**
 * Opens the OS keychain through keytar (an optional dependency) and proves it answers with a
 * harmless read; says plainly why when it cannot, so the app can offer only the demo.
 */
export async function openKeychain(
  service = KEYCHAIN_SERVICE,
  earlierService: string | null = service === KEYCHAIN_SERVICE ? null : KEYCHAIN_SERVICE,
): Promise<KeychainAvailability> {
  let keytar: Keytar;
  try {
    keytar = createRequire(import.meta.url)('keytar') as Keytar;
  } catch (error) {
    return { available: false, reason: `The keychain module could not be loaded (${firstLine(error)}).` };
  }
  try {
    await keytar.findCredentials(service);
  } catch (error) {
    return { available: false, reason: `The system keychain did not answer (${firstLine(error)}).` };
  }
  const store = keytarStore(keytar, service);
  return earlierService
    ? { available: true, store, earlier: keytarStore(keytar, earlierService) }
    : { available: true, store };
}

/** The secrets filed under one keychain service. */
function keytarStore(keytar: Keytar, service: string): SecretStore {
  return {
    description: 'the system keychain',
    get: (name: SecretName) => keytar.getPassword(service, name),
    set: (name: SecretName, value: string) => keytar.setPassword(service, name, value),
    delete: async (name: SecretName) => void (await keytar.deletePassword(service, name)),
  };
}

/** The first line of an error's message, for a one-line explanation. */
function firstLine(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split('\n')[0]!;
}
