/** The secrets the desk keeps for the connected account. */
export type SecretName = 'apiKey' | 'partnerSecret';

/**
 * Where secrets live: the OS keychain through keytar, or memory for the demo and tests. The
 * interface lets us move to Electron's safeStorage later without touching the account code.
 */
export interface SecretStore {
  /** Short description for the Settings screen, e.g. "the system keychain". */
  readonly description: string;
  get(name: SecretName): Promise<string | null>;
  set(name: SecretName, value: string): Promise<void>;
  delete(name: SecretName): Promise<void>;
}

/** A store that keeps secrets in memory only: the demo account, and tests. */
export function createMemorySecretStore(): SecretStore {
  const values = new Map<SecretName, string>();
  return {
    description: 'memory (forgotten when the desk closes)',
    get: async (name) => values.get(name) ?? null,
    set: async (name, value) => void values.set(name, value),
    delete: async (name) => void values.delete(name),
  };
}
