import { fold, searchTerms, type PhoneKey } from '../search/terms';
import { FIELD, fieldText, guestDetail, guestLabel, type ContactRecord } from './contact';
import type { GuestRow, GuestWrite, IndexedGuestRow } from './guest-types';
import { applyWrites, overlayWrites } from './overlay';

/** Builds the cached row of a guest: the service's record, with search terms of what staff see (pending writes applied). */
export function toGuestRow(
  key: string,
  record: ContactRecord,
  writes: GuestWrite[],
  phoneKey: PhoneKey,
  localId?: string,
): IndexedGuestRow {
  const overlay = overlayWrites(writes);
  const shown = overlay.length ? applyWrites(record, overlay) : record;
  const row: IndexedGuestRow = {
    key,
    record,
    terms: searchTerms(shown, phoneKey),
    label: guestLabel(shown),
    detail: guestDetail(shown),
    sortKey: fold(
      `${fieldText(shown, FIELD.surname)} ${fieldText(shown, FIELD.firstName)} ${fieldText(shown, FIELD.email)}`.trim(),
    ),
    pending: overlay.length,
  };
  if (localId) row.localId = localId;
  return row;
}

/** A stored row with its search terms and sort key made again (with this desk's writes, grouped by `writesByGuest`). */
export function withTerms(row: GuestRow, overlays: Map<string, GuestWrite[]>, phoneKey: PhoneKey): IndexedGuestRow {
  const writes = [...(row.localId ? (overlays.get(row.localId) ?? []) : []), ...(overlays.get(row.key) ?? [])];
  return toGuestRow(row.key, row.record, writes, phoneKey, row.localId);
}

/** Writes grouped by the guest they are for, oldest first within each guest. */
export function writesByGuest(writes: readonly GuestWrite[]): Map<string, GuestWrite[]> {
  const byGuest = new Map<string, GuestWrite[]>();
  for (const write of [...writes].sort((a, b) => a.createdAt.localeCompare(b.createdAt)))
    byGuest.set(write.guestKey, [...(byGuest.get(write.guestKey) ?? []), write]);
  return byGuest;
}

/** Whether a value written to the guests table is a guest row as written (its key, record and search terms). */
export function isGuestRow(value: unknown): value is IndexedGuestRow {
  return (
    typeof value === 'object' &&
    value !== null &&
    'key' in value &&
    typeof value.key === 'string' &&
    'terms' in value &&
    Array.isArray(value.terms) &&
    'record' in value &&
    typeof value.record === 'object' &&
    value.record !== null
  );
}
