import { optionsOf, type ContactRecord } from './contact';
import type { GuestWrite, MultiselectChange } from './guest-types';

/** The writes that overlay the cached record: contact writes the outbox has not confirmed. */
export function overlayWrites(writes: GuestWrite[]): GuestWrite[] {
  return writes.filter((write) => (write.kind === 'create' || write.kind === 'update') && write.state !== 'sent');
}

/** The record as staff should see it: the service's record with this desk's contact writes applied in order. */
export function applyWrites(record: ContactRecord, writes: GuestWrite[]): ContactRecord {
  let result = record;
  for (const write of writes) result = applyContactWrite(result, write);
  return result;
}

/**
 * One contact write applied to a record: fields set, options checked or unchecked, categories replaced. A
 * write in conflict with another desk's change shows the service's record as the merge read it instead.
 */
export function applyContactWrite(
  record: ContactRecord,
  write: Pick<GuestWrite, 'changes' | 'multiselect' | 'categories' | 'conflict'>,
): ContactRecord {
  if (write.conflict) return { ...record, ...write.conflict.theirs };
  const next: ContactRecord = { ...record, ...write.changes };
  for (const [field, changes] of groupByField(write.multiselect ?? [])) {
    const options = new Set(optionsOf(next, field));
    for (const change of changes) {
      if (change.checked) options.add(change.option);
      else options.delete(change.option);
    }
    next[field] = [...options].join(',');
  }
  if (write.categories) next.svc_categories = write.categories.join(',');
  return next;
}

/** Multiselect changes grouped by field, in order. */
function groupByField(changes: MultiselectChange[]): Map<string, MultiselectChange[]> {
  const byField = new Map<string, MultiselectChange[]>();
  for (const change of changes) byField.set(change.field, [...(byField.get(change.field) ?? []), change]);
  return byField;
}
