// The ids the desk makes for guests recorded here before the service confirms them: the one definition of their form.

/** Every local guest id starts with this; the service's contact ids are numbers and never do. */
export const LOCAL_GUEST_ID_PREFIX = 'local-';

/** A local guest id: the prefix and a uuid (or another short lowercase token). */
export const LOCAL_GUEST_ID_PATTERN = new RegExp(`^${LOCAL_GUEST_ID_PREFIX}[a-z0-9-]{8,64}$`);

/** Whether a contact id is one the desk made for a guest not yet confirmed by the service (`local-<uuid>`). */
export function isLocalGuestId(value: unknown): value is string {
  return typeof value === 'string' && LOCAL_GUEST_ID_PATTERN.test(value);
}

/** A fresh local guest id from a random uuid (crypto.randomUUID() on either side). */
export function newLocalGuestId(uuid: string): string {
  return `${LOCAL_GUEST_ID_PREFIX}${uuid}`;
}
