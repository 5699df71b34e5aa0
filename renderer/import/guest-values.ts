// Each cached guest's email or mobile by the guest's key, for the import's check. The service's keys are
// whole numbers written as text: over 100,000 guests, hashing them as strings made every map of the check
// in Chromium's worker two to three times slower (building the maps and looking rows up among them),
// while the same keys held as numbers cost next to nothing. So they are held as numbers here.

/** A key as it is held: a whole number written plainly (no leading zero, at most 15 digits) as that number, any other key as it is. */
type HeldKey = string | number;

const WHOLE_NUMBER = /^[1-9][0-9]{0,14}$/;

/** The held form of a key (one for one: only a plainly written number becomes a number, and it reads back the same). */
function held(key: string): HeldKey {
  return WHOLE_NUMBER.test(key) ? Number(key) : key;
}

/** A held key as the guest's key again. */
function keyOf(key: HeldKey): string {
  return typeof key === 'number' ? String(key) : key;
}

/** Values by guest key, with a Map's own methods (keys are given and answered as strings, and kept in insertion order). */
export class GuestValues {
  private readonly byKey = new Map<HeldKey, string>();

  constructor(entries: Iterable<readonly [string, string]> = []) {
    for (const [key, value] of entries) this.byKey.set(held(key), value);
  }

  /** How many guests have a value. */
  get size(): number {
    return this.byKey.size;
  }

  /** The guest's value, if any. */
  get(key: string): string | undefined {
    return this.byKey.get(held(key));
  }

  /** Whether the guest has a value. */
  has(key: string): boolean {
    return this.byKey.has(held(key));
  }

  /** Sets the guest's value. */
  set(key: string, value: string): this {
    this.byKey.set(held(key), value);
    return this;
  }

  /** Removes the guest's value; whether there was one. */
  delete(key: string): boolean {
    return this.byKey.delete(held(key));
  }

  /** Calls `each` with every value and its guest's key, in insertion order. */
  forEach(each: (value: string, key: string) => void): void {
    this.byKey.forEach((value, key) => each(value, keyOf(key)));
  }

  /** The guests' keys, in insertion order. */
  *keys(): IterableIterator<string> {
    for (const key of this.byKey.keys()) yield keyOf(key);
  }
}
