// reference_id rules for email and SMS: alphanumeric, fewer than 42 characters.

/** Longest reference_id the service accepts ("fewer than 42 characters"). */
export const REFERENCE_ID_MAX_LENGTH = 41;

/** Whether the service accepts this reference_id: 1 to 41 ASCII letters and digits. */
export function isValidReferenceId(id: string): boolean {
  return id.length > 0 && id.length <= REFERENCE_ID_MAX_LENGTH && /^[A-Za-z0-9]+$/.test(id);
}

/** 16 random base-36 characters from the platform's Web Crypto (renderer, Node and the sandbox all have it). */
function randomBase36(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join('');
}

/**
 * A fresh reference_id: the prefix (non-alphanumerics dropped, so sent_items can filter by it),
 * the time in base 36 (ids sort roughly by creation) and random characters, cut to 41 characters.
 */
export function newReferenceId(prefix = '', random: () => string = randomBase36): string {
  const cleanPrefix = prefix.replace(/[^A-Za-z0-9]/g, '').slice(0, 20);
  const time = Date.now().toString(36);
  const tail = random().replace(/[^A-Za-z0-9]/g, '');
  return `${cleanPrefix}${time}${tail}`.slice(0, REFERENCE_ID_MAX_LENGTH);
}
