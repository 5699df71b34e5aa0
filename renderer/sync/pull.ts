import { GUEST_PAGE_LIMIT } from '../../shared/bridge/channels/guests';
import type { DeskApi } from '../../shared/bridge/contract';
import type { ContactRecord } from '../db/contact';
import type { GuestDatabase, GuestRow, GuestWrite } from '../db/guest-db';
import { toGuestRow } from '../db/guest-row';
import type { PhoneKey } from '../search/terms';

/** How far a pull has got: contacts written of the total the service returned. */
export interface PullProgress {
  done: number;
  total: number;
}

/** What a pull into the cache needs. */
export interface PullOptions {
  desk: Pick<DeskApi, 'pullGuests' | 'pullGuestsPage'>;
  db: GuestDatabase;
  phoneKey: PhoneKey;
  /** Incremental: only contacts touched from this instant. Omitted: the whole database. */
  touchedFrom?: string;
  pageSize?: number;
  onProgress?: (progress: PullProgress) => void;
}

/** What a finished pull reports. */
export interface PullOutcome {
  total: number;
  startedAt: string;
  removed: number;
}

/**
 * Pulls contacts through the desk core and writes them into the cache page by page, fetching the
 * next page while the current one is written. Pending writes stay overlaid; a full pull (no
 * touchedFrom) then removes guests the service no longer has.
 */
export async function pullIntoCache(options: PullOptions): Promise<PullOutcome> {
  const { desk, db, phoneKey } = options;
  const pageSize = Math.min(options.pageSize ?? GUEST_PAGE_LIMIT, GUEST_PAGE_LIMIT);
  const full = !options.touchedFrom;
  const [overlays, localIds, cachedBefore] = await Promise.all([
    unconfirmedByGuest(db),
    db.confirmedLocalIds(),
    full ? db.guestCount() : Promise.resolve(0),
  ]);
  const pull = await desk.pullGuests(options.touchedFrom ? { touchedFrom: options.touchedFrom } : {});
  const seen = full && cachedBefore > 0 ? new Set<string>() : undefined;
  options.onProgress?.({ done: 0, total: pull.total });

  const fetchPage = (offset: number) => desk.pullGuestsPage({ pullId: pull.pullId, offset, limit: pageSize });
  // Three stages overlap: the next page travels while this one's rows are built and the previous one is written.
  let fetched = 0;
  let written: Promise<void> = Promise.resolve();
  let next = pull.total > 0 ? fetchPage(0) : undefined;
  while (next) {
    const page = await next;
    fetched += page.contacts.length;
    next = page.remaining > 0 && page.contacts.length > 0 ? fetchPage(fetched) : undefined;
    next?.catch(() => {}); // awaited on the next turn; a failure is reported there
    const rows = page.contacts
      .map((record) => rowOf(record, overlays, localIds, phoneKey))
      .filter((row): row is GuestRow => row !== null);
    if (seen) for (const row of rows) seen.add(row.key);
    await written;
    const done = fetched;
    written = db.putGuests(rows).then(() => options.onProgress?.({ done, total: pull.total }));
    written.catch(() => {}); // awaited before the next write and at the end
  }
  await written;
  const removed = seen ? await db.sweepGuests(seen) : 0;
  return { total: pull.total, startedAt: pull.startedAt, removed };
}

/** The cached row of a pulled contact, or null when it has no contact id. */
function rowOf(
  record: ContactRecord,
  overlays: Map<string, GuestWrite[]>,
  localIds: Map<string, string>,
  phoneKey: PhoneKey,
): GuestRow | null {
  const key = record.contact_id === undefined || record.contact_id === null ? '' : String(record.contact_id);
  if (!key) return null;
  const localId = localIds.get(key);
  const writes = localId ? [...(overlays.get(localId) ?? []), ...(overlays.get(key) ?? [])] : (overlays.get(key) ?? []);
  return toGuestRow(key, record, writes, phoneKey, localId);
}

/** Unconfirmed writes grouped by guest key, oldest first. */
async function unconfirmedByGuest(db: GuestDatabase): Promise<Map<string, GuestWrite[]>> {
  const byGuest = new Map<string, GuestWrite[]>();
  const writes = (await db.unconfirmedWrites()).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const write of writes) byGuest.set(write.guestKey, [...(byGuest.get(write.guestKey) ?? []), write]);
  return byGuest;
}
