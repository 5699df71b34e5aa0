// Who is on file, for the duplicate check: the cached guests' emails and mobiles read from the guests'
// identity log (renderer/db/identity-log.ts) in one go, and folded into one base entry now and then. When
// the log cannot say (a cache from before it, a write it could not follow, a count that disagrees), the
// guests' own terms are walked (snapshot.ts) and the log starts again from what the walk found.
import { isLocalGuestId } from '../../shared/rules/guest-id';
import type { GuestDatabase } from '../db/guest-db';
import { IDENTITY_TABLE, type IdentityEntry } from '../db/tables/import';
import { GuestValues } from './guest-values';
import type { SharedThread } from './shared-thread';
import { cachedGuestsOf, readCachedIdentities, type CachedIdentities } from './snapshot';

/** Entries after the base beyond which a read folds the log into a new base (a first sync of 100,000 guests writes about 100). */
const FOLD_AFTER = 32;

/** Each cached guest's email ('' for none: every cached guest has an entry) and mobile (only those with one), by key. */
interface Identities {
  emailOf: GuestValues;
  mobileOf: GuestValues;
}

/**
 * The cached guests' emails and mobiles (guests recorded here and not yet confirmed left out, as
 * readCachedIdentities does): from the identity log when it holds every cached guest, else walked
 * from the guests' own terms (with `thread`'s work done as the walk goes) and the log rebuilt.
 */
export async function readIdentities(db: GuestDatabase, thread?: SharedThread): Promise<CachedIdentities> {
  const log = db.table<IdentityEntry, number>(IDENTITY_TABLE);
  const [entries, count] = await db.transaction('r', log, db.guests, () =>
    Promise.all([log.toArray(), db.guests.count()]),
  );
  const replayed = replay(entries);
  if (!replayed || replayed.identities.emailOf.size !== count) return rebuild(db, entries.at(-1)?.seq, thread);
  // The base is made from the maps before the check takes them over (writeBase reads them before its first wait),
  // and written once the worker has nothing more pressing to do (the check first).
  if (replayed.after > FOLD_AFTER && replayed.lastSeq !== undefined)
    writeBase(db, replayed.identities, replayed.lastSeq, whenIdle).catch((error: unknown) =>
      console.warn('[import] folding the identity log failed (the next read folds it):', error),
    );
  return cachedIdentitiesOf(replayed.identities);
}

/** The log played from its last base: each guest's email and mobile, or null when it has no base or a write it could not follow. */
function replay(
  entries: readonly IdentityEntry[],
): { identities: Identities; after: number; lastSeq: number | undefined } | null {
  let from = -1;
  for (let index = entries.length - 1; index >= 0; index--) {
    if (entries[index]!.base) {
      from = index;
      break;
    }
  }
  if (from < 0) return null;
  const emailOf = new GuestValues();
  const mobileOf = new GuestValues();
  for (let index = from; index < entries.length; index++) {
    const entry = entries[index]!;
    if (entry.broken) return null;
    for (const key of entry.gone ?? []) {
      emailOf.delete(key);
      mobileOf.delete(key);
    }
    const { keys, emails, mobiles } = entry;
    for (let at = 0; at < keys.length; at++) {
      const key = keys[at]!;
      const mobile = mobiles[at];
      emailOf.set(key, emails[at] ?? '');
      if (mobile) mobileOf.set(key, mobile);
      else mobileOf.delete(key);
    }
  }
  return { identities: { emailOf, mobileOf }, after: entries.length - 1 - from, lastSeq: entries.at(-1)?.seq };
}

/**
 * The maps the check compares rows with, made from the played log's own maps (guests without an email
 * and guests recorded here are taken out of them); of two guests sharing an email or mobile, the one with
 * the greater key, as the index walk gives.
 */
function cachedIdentitiesOf({ emailOf, mobileOf }: Identities): CachedIdentities {
  return { emails: invert(emailOf), mobiles: invert(mobileOf), emailOf, mobileOf };
}

/**
 * Each value's guest (of two, the greater key), with guests without one and guests recorded here taken
 * out of `ofGuest`: one pass with forEach, no array per entry. Over 100,000 guests most of its time in
 * Chromium is hashing each email and mobile the first time it is put in a map.
 */
function invert(ofGuest: GuestValues): Map<string, string> {
  const byValue = new Map<string, string>();
  const dropped: string[] = [];
  ofGuest.forEach((value, key) => {
    if (leftOut(key, value)) {
      dropped.push(key);
      return;
    }
    const holder = byValue.get(value);
    if (holder === undefined || holder < key) byValue.set(value, key);
  });
  for (const key of dropped) ofGuest.delete(key);
  return byValue;
}

/** Whether the check leaves a guest's value out: none, or a guest recorded here and not yet confirmed. */
function leftOut(key: string, value: string): boolean {
  return !value || isLocalGuestId(key);
}

/**
 * Walks the guests' terms and starts the log again from them. The log's last entry is known
 * before the walk, so every entry folded into the new base was written before the walk began; entries
 * written since stay after it, and playing one whose write the walk already saw changes nothing.
 */
async function rebuild(
  db: GuestDatabase,
  lastSeq: number | undefined,
  thread: SharedThread | undefined,
): Promise<CachedIdentities> {
  const keys = (await db.guests.toCollection().primaryKeys()).map(String);
  const walked = await readCachedIdentities(cachedGuestsOf(db), thread);
  const identities: Identities = {
    emailOf: new GuestValues(keys.map((key) => [key, walked.emailOf.get(key) ?? ''])),
    mobileOf: walked.mobileOf,
  };
  writeBase(db, identities, lastSeq ?? 0).catch((error: unknown) =>
    console.warn('[import] writing the identity log failed (the next read walks the guests again):', error),
  );
  return walked;
}

/**
 * Replaces the log's entries up to `seq` with one base holding these identities, at `seq`: the base is made at
 * once, and written after `before` (if given) resolves.
 */
async function writeBase(
  db: GuestDatabase,
  identities: Identities,
  seq: number,
  before?: () => Promise<void>,
): Promise<void> {
  const base: IdentityEntry = { seq, base: true, keys: [], emails: [], mobiles: [] };
  // forEach: no array per entry, as in invert.
  identities.emailOf.forEach((email, key) => {
    base.keys.push(key);
    base.emails.push(email);
    base.mobiles.push(identities.mobileOf.get(key) ?? '');
  });
  await before?.();
  const log = db.table<IdentityEntry, number>(IDENTITY_TABLE);
  // The base first: it is put (and so serialised) in the task `before` resolved in.
  await db.transaction('rw', log, async () => {
    await log.put(base);
    await log.where('seq').below(seq).delete();
  });
}

/**
 * Resolves when the worker has nothing more pressing to do: a background task of Chromium's scheduler, which
 * runs after the check's own tasks (writing a base of 100,000 guests took 30 ms of the check); at once without one.
 */
async function whenIdle(): Promise<void> {
  if ('scheduler' in globalThis) await scheduler.postTask(() => undefined, { priority: 'background' });
}
