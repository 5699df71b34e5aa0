// An edit entry merged with the service's record as the merge read found it (docs/architecture.md,
// "Several desks of one venue"): the item to push (only what changed here, sets as the service's list with
// this desk's additions and removals), nothing at all when the service already holds it, or a conflict.
import type { ContactRecord, ReservationRecord } from '../../../../shared/api/response-schemas';
import { mergeBookingEdit } from '../../../../shared/merge/booking';
import { fieldKindOf, type FieldKind } from '../../../../shared/merge/fields';
import { editedFields, mergeEdits, type FieldConflict, type FieldRecord } from '../../../../shared/merge/three-way';
import {
  jsonRecord,
  type DeskEdit,
  type EditConflict,
  type JsonRecord,
  type ServiceItem,
} from '../../../../shared/outbox/desk-edit';
import type { OutboxPayloads } from '../types';

/** A guest item as push_contact takes it, and a booking item as push_reservations takes it (no desk facts). */
export type ContactItem = ServiceItem<OutboxPayloads['push_contact']>;
export type ReservationItem = ServiceItem<OutboxPayloads['push_reservations']>;

/** What one edit comes to once merged. `merged`: the fields it set as the service holds them after the push. */
export type MergedEntry<Item> =
  | { type: 'push'; item: Item; merged: JsonRecord }
  | { type: 'unchanged'; merged: JsonRecord }
  | { type: 'conflict'; conflict: EditConflict };

/** A conflict as the outbox keeps it, from the merge's fields and the service's record as read. */
function conflictOf(
  record: EditConflict['record'],
  fields: readonly FieldConflict[],
  theirs: FieldRecord,
  readAt: number,
  cancelledElsewhere = false,
): EditConflict {
  return {
    record,
    fields: fields.map((field) => ({
      field: field.field,
      ...jsonRecord({ base: field.base, mine: field.mine, theirs: field.theirs }),
    })),
    ...(cancelledElsewhere ? { cancelledElsewhere } : {}),
    theirs: jsonRecord(theirs),
    readAt: new Date(readAt).toISOString(),
  };
}

/** A field's kind among an edit's own field kinds (text when the edit does not say). */
export function kindIn(edit: Pick<DeskEdit, 'kinds'>): (field: string) => FieldKind {
  return (field) => (field === 'svc_categories' ? 'categories' : fieldKindOf(edit.kinds?.[field]));
}

/** A booking edit merged with the service's booking (undefined: unchanged since the base). */
export function mergeBookingEntry(
  payload: OutboxPayloads['push_reservations'] & { desk_edit: DeskEdit },
  theirs: ReservationRecord | undefined,
  readAt: number,
): MergedEntry<ReservationItem> {
  const { desk_edit: edit, reservation: mine, contact } = payload;
  const current = theirs?.reservation;
  const merge = mergeBookingEdit({ base: edit.base, mine, theirs: current }, edit.kinds);
  const now = current ?? edit.base;
  if (merge.conflicts.length > 0)
    return {
      type: 'conflict',
      conflict: conflictOf('booking', merge.conflicts, now, readAt, merge.cancelledElsewhere),
    };
  const merged = jsonRecord({ ...now, ...merge.values });
  if (Object.keys(merge.values).length === 0) return { type: 'unchanged', merged };
  return { type: 'push', item: { reservation: { ...merge.values, id: mine.id }, contact }, merged };
}

/** A guest edit merged with the service's guest (undefined: unchanged since the base). */
export function mergeGuestEntry(
  payload: OutboxPayloads['push_contact'] & { desk_edit: DeskEdit },
  theirs: ContactRecord | undefined,
  readAt: number,
): MergedEntry<ContactItem> {
  const { desk_edit: edit, client_id, contact_id, svc_multiselect_modify: checks, ...mine } = payload;
  const merge = mergeEdits(editedFields(edit.base, mine, kindIn(edit)), theirs);
  if (merge.conflicts.length > 0)
    return { type: 'conflict', conflict: conflictOf('guest', merge.conflicts, theirs ?? edit.base, readAt) };
  const values = { ...merge.values };
  if (Array.isArray(values.svc_categories)) values.svc_categories = values.svc_categories.join(',');
  if (Object.keys(values).length === 0 && !checks?.length) return { type: 'unchanged', merged: jsonRecord(values) };
  return {
    type: 'push',
    item: { client_id, contact_id, ...values, ...(checks?.length ? { svc_multiselect_modify: checks } : {}) },
    merged: jsonRecord(values),
  };
}
