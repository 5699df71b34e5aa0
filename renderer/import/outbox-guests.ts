// The guests the desk's outbox queued or sent, read for a file's duplicate check: only what the guest cache
// does not hold yet (pushes not sent, and those sent since its last sync), a page at a time, within a time
// limit, so opening a file never waits without end or word however many guests the desk has pushed.
import type { RequestOf, ResponseOf } from '../../shared/bridge/contract';
import { touchedFromAfter } from '../../shared/rules/touched-from';
import type { GuestDatabase } from '../db/guest-db';
import { readCollectionMeta } from '../sync/collection';
import { GUEST_META_KEY } from '../sync/guest-collection';
import type { OutboxGuest } from './snapshot';

/** How long the desk core may take to list the outbox's guests before the file's open says so. */
const OUTBOX_GUESTS_TIME_LIMIT_MS = 20_000;

/** One page of importKnownGuests (the bridge call, or a test's stand-in). */
type ReadPage = (request: RequestOf<'importKnownGuests'>) => Promise<ResponseOf<'importKnownGuests'>>;

/**
 * From when (ms) sent guest pushes are not yet in the guest cache: its last pull's start less the sync
 * overlap (shared/rules/touched-from.ts); undefined when the cache never synced (every push counts then).
 * Read before the worker reads the cache: a sync writes its guests before this fact, so the cache holds
 * at least what it says.
 */
export async function cacheSentFrom(db: GuestDatabase | undefined): Promise<number | undefined> {
  if (!db) return undefined;
  let lastPullStartedAt: string | undefined;
  try {
    ({ lastPullStartedAt } = await readCollectionMeta(db.meta, GUEST_META_KEY));
  } catch (error) {
    // The cache cannot say what it holds (closed meanwhile, or unreadable): every push is counted instead.
    console.warn('[import] could not read when the guest cache last synced:', error);
    return undefined;
  }
  const from = lastPullStartedAt ? Date.parse(touchedFromAfter(lastPullStartedAt)) : NaN;
  return Number.isFinite(from) && from > 0 ? Math.floor(from) : undefined;
}

/**
 * Every page of the outbox's guests not yet in the cache (`sentFrom`, from cacheSentFrom). Refuses with a
 * sentence for staff when the desk core fails to answer or takes longer than the time limit.
 */
export async function readOutboxGuests(
  readPage: ReadPage,
  sentFrom: number | undefined,
  timeLimitMs = OUTBOX_GUESTS_TIME_LIMIT_MS,
): Promise<OutboxGuest[]> {
  const tooSlow = new Error(
    `The desk took longer than ${Math.round(timeLimitMs / 1000)} seconds to list the guests it is sending, so this file's check for guests already on file could not start. Choose the file again; if this happens again, restart the desk.`,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(tooSlow), timeLimitMs);
  });
  try {
    return await Promise.race([allPages(readPage, sentFrom), late]);
  } catch (error) {
    if (error === tooSlow) throw error;
    throw new Error(
      `The desk could not list the guests it is sending (${error instanceof Error ? error.message : String(error)}), so this file's check for guests already on file could not start. Choose the file again.`,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
  }
}

/** The pages one after another, from the first. */
async function allPages(readPage: ReadPage, sentFrom: number | undefined): Promise<OutboxGuest[]> {
  const guests: OutboxGuest[] = [];
  for (let after: number | null = 0; after !== null;) {
    const page = await readPage({ after, ...(sentFrom !== undefined ? { sentFrom } : {}) });
    guests.push(...page.guests);
    after = page.next;
  }
  return guests;
}
