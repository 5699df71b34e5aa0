import type { ContactRecord } from '../../db/contact';
import type { FieldRow, GuestRow, GuestWrite } from '../../db/guest-types';
import { applyWrites, overlayWrites } from '../../db/overlay';
import { useGuests } from '../../stores/guests';
import { useCacheQuery } from '../../hooks/useCacheQuery';

/** An open guest as the profile shows it. */
export interface GuestProfileData {
  row: GuestRow;
  /** The record with this desk's unconfirmed edits applied. */
  shown: ContactRecord;
  writes: GuestWrite[];
  /** Contact writes the outbox has not confirmed (the pending mark). */
  unconfirmed: GuestWrite[];
  fields: FieldRow[];
  categories: string[];
}

/** Follows a guest in the cache (by key or the local id it was recorded under), with its writes and the field definitions. */
export function useGuestProfile(key: string): GuestProfileData | null | undefined {
  const db = useGuests((state) => state.cache?.db);
  return useCacheQuery(async () => {
    if (!db) return null;
    const row = await db.guestByKey(key);
    if (!row) return null;
    const [writes, fields, categories] = await Promise.all([db.guestWrites(row), db.fieldList(), db.categoryNames()]);
    const unconfirmed = overlayWrites(writes);
    return { row, shown: applyWrites(row.record, unconfirmed), writes, unconfirmed, fields, categories };
  }, [db, key]);
}
