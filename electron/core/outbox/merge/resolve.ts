// A person settles a conflict (docs/architecture.md, "Several desks of one venue"): the edit is laid on
// the service's record as the merge read it, which becomes its new base, with the conflicting fields as
// chosen. It is queued again and merges once more before it goes, so a change made elsewhere meanwhile
// is a new conflict rather than overwritten. When nothing is left to change, the entry leaves the outbox.
import { UserFacingError } from '../../../../shared/bridge/result';
import { bookingFieldKind } from '../../../../shared/merge/booking';
import { sameValue } from '../../../../shared/merge/fields';
import { editedFields, rebaseEdit, type ConflictChoice } from '../../../../shared/merge/three-way';
import { jsonRecord, type EditConflict } from '../../../../shared/outbox/desk-edit';
import { kindIn } from './entries';
import { discard } from '../transitions';
import { isRowOfKind, type OutboxKind, type OutboxPayloads, type OutboxRow } from '../types';

/** The entry once a person chose how to settle its conflict: queued to merge again, or discarded when nothing is left to send. */
export function resolveConflict(row: OutboxRow, choice: ConflictChoice, now: number): OutboxRow {
  const conflict = row.state === 'needs_attention' ? row.problem?.conflict : undefined;
  if (!conflict) throw new UserFacingError('This entry has no conflict to settle; it may have been settled already.');
  if (isRowOfKind(row, 'push_reservations')) {
    const payload = rebasedBooking(row.payload, conflict, choice);
    return payload ? requeued(row, payload, now) : discard(row, now);
  }
  if (isRowOfKind(row, 'push_contact')) {
    const payload = rebasedGuest(row.payload, conflict, choice);
    return payload ? requeued(row, payload, now) : discard(row, now);
  }
  throw new UserFacingError('Only guest and booking changes can be in conflict.');
}

/** The entry with its settled edit, in line again (its attempts start afresh). */
function requeued<K extends OutboxKind>(row: OutboxRow<K>, payload: OutboxPayloads[K], now: number): OutboxRow<K> {
  return {
    ...row,
    payload,
    state: 'queued',
    attempts: 0,
    problem: null,
    hold: null,
    waitingReason: null,
    nextAttemptAt: null,
    updatedAt: now,
  };
}

/** The booking edit on the service's booking as read; undefined when it no longer changes anything. */
function rebasedBooking(
  payload: OutboxPayloads['push_reservations'],
  conflict: EditConflict,
  choice: ConflictChoice,
): OutboxPayloads['push_reservations'] | undefined {
  const edit = payload.desk_edit;
  if (!edit) throw new UserFacingError('This booking change has no base to settle against.');
  const kindOf = (field: string) => bookingFieldKind(field, edit.kinds);
  const fields = [...new Set([...Object.keys(payload.reservation), ...Object.keys(conflict.theirs)])].filter(
    (field) => field !== 'id',
  );
  const conflicting = new Set(conflict.fields.map((field) => field.field));
  const rebased = rebaseEdit(
    { base: edit.base, mine: payload.reservation, theirs: conflict.theirs },
    fields,
    kindOf,
    conflicting,
    choice,
  );
  const reservation = { ...jsonRecord(rebased), id: payload.reservation.id };
  if (editedFields(conflict.theirs, reservation, kindOf, new Set(['id'])).length === 0) return undefined;
  return {
    ...payload,
    reservation,
    desk_edit: { ...edit, base: conflict.theirs, baseAt: conflict.readAt },
  };
}

/** The guest edit on the service's guest as read: only fields that still change; undefined when none does. */
function rebasedGuest(
  payload: OutboxPayloads['push_contact'],
  conflict: EditConflict,
  choice: ConflictChoice,
): OutboxPayloads['push_contact'] | undefined {
  const { desk_edit: edit, client_id, contact_id, svc_multiselect_modify: checks, ...mine } = payload;
  if (!edit) throw new UserFacingError('This guest change has no base to settle against.');
  const kindOf = kindIn(edit);
  const conflicting = new Set(conflict.fields.map((field) => field.field));
  const rebased = rebaseEdit(
    { base: edit.base, mine, theirs: conflict.theirs },
    Object.keys(mine),
    kindOf,
    conflicting,
    choice,
  );
  const changed = Object.fromEntries(
    Object.entries(rebased).filter(([field, value]) => !sameValue(kindOf(field), conflict.theirs[field], value)),
  );
  if (Array.isArray(changed.svc_categories)) changed.svc_categories = changed.svc_categories.join(',');
  if (Object.keys(changed).length === 0 && !checks?.length) return undefined;
  const base = Object.fromEntries(
    Object.keys(changed).flatMap((field) => (field in conflict.theirs ? [[field, conflict.theirs[field]]] : [])),
  );
  return {
    ...jsonRecord(changed),
    client_id,
    ...(contact_id ? { contact_id } : {}),
    ...(checks?.length ? { svc_multiselect_modify: checks } : {}),
    desk_edit: { ...edit, base: jsonRecord(base), baseAt: conflict.readAt },
  };
}
