// The three-way merge of one record (docs/architecture.md, "Several desks of one venue"): what this desk
// changed (its edit against the base, the record as the desk had it when staff began) is applied to the
// service's current record. A field changed only here goes on top; a field changed only elsewhere stays;
// the same field changed to different values on both is a conflict a person settles. Sets combine the
// additions and removals of both sides, so they never conflict.
import { applySetChange, isSetKind, sameValue, setChange, type FieldKind } from './fields';

/** A record in the service's field names (a contact, or a reservation's fields). */
export type FieldRecord = Readonly<Record<string, unknown>>;

/** One field this desk changed: its kind, the base's value and this desk's. */
export interface FieldEdit {
  field: string;
  kind: FieldKind;
  base: unknown;
  mine: unknown;
}

/** A field changed to different values here and on the service: a person chooses. */
export interface FieldConflict {
  field: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

/** What to push (field → value, sets as lists), or the fields a person must settle first. */
export interface MergeResult {
  values: Record<string, unknown>;
  conflicts: FieldConflict[];
}

/** The fields whose value in `mine` differs from the base's, by their kinds; `skip` names fields never merged (ids). */
export function editedFields(
  base: FieldRecord,
  mine: FieldRecord,
  kindOf: (field: string) => FieldKind,
  skip: ReadonlySet<string> = new Set(),
): FieldEdit[] {
  return Object.keys(mine)
    .filter((field) => !skip.has(field) && !sameValue(kindOf(field), base[field], mine[field]))
    .map((field) => ({ field, kind: kindOf(field), base: base[field], mine: mine[field] }));
}

/** The service's value of a field now: its current record's, or the base's when the record did not change since. */
function currentValue(edit: FieldEdit, theirs: FieldRecord | undefined): unknown {
  return theirs ? theirs[edit.field] : edit.base;
}

/**
 * Merges this desk's edits onto the service's record. `theirs` is undefined when the service's record
 * has not changed since the base was read. A value the service already holds is not pushed again.
 */
export function mergeEdits(edits: readonly FieldEdit[], theirs: FieldRecord | undefined): MergeResult {
  const values: Record<string, unknown> = {};
  const conflicts: FieldConflict[] = [];
  for (const edit of edits) {
    const current = currentValue(edit, theirs);
    if (isSetKind(edit.kind)) {
      const merged = applySetChange(current, setChange(edit.base, edit.mine));
      if (!sameValue(edit.kind, merged, current)) values[edit.field] = merged;
      continue;
    }
    if (sameValue(edit.kind, edit.mine, current)) continue;
    if (!sameValue(edit.kind, edit.base, current))
      conflicts.push({ field: edit.field, base: edit.base, mine: edit.mine, theirs: current });
    else values[edit.field] = edit.mine;
  }
  return { values, conflicts };
}

/** A person's choice on a conflict: this desk's values, the service's, or values typed for the conflicting fields. */
export type ConflictChoice = { keep: 'mine' | 'theirs' } | { values: Readonly<Record<string, unknown>> };

/**
 * This desk's edit laid on the service's record as read (the new base), once a person chose how to settle
 * the conflicting fields: fields changed here keep this desk's value (sets: its additions and removals on
 * the service's list), a conflicting field takes the choice, and every other field is the service's.
 * Returns the record over `fields` (the edit's own fields, or the whole record).
 */
export function rebaseEdit(
  edit: { base: FieldRecord; mine: FieldRecord; theirs: FieldRecord },
  fields: readonly string[],
  kindOf: (field: string) => FieldKind,
  conflicting: ReadonlySet<string>,
  choice: ConflictChoice,
): Record<string, unknown> {
  const { base, mine, theirs } = edit;
  const rebased: Record<string, unknown> = {};
  for (const field of fields) {
    const kind = kindOf(field);
    const changedHere = field in mine && !sameValue(kind, base[field], mine[field]);
    if (conflicting.has(field)) rebased[field] = chosenValue(field, mine, theirs, choice);
    else if (!changedHere) rebased[field] = theirs[field];
    else if (isSetKind(kind)) rebased[field] = applySetChange(theirs[field], setChange(base[field], mine[field]));
    else rebased[field] = mine[field];
  }
  return rebased;
}

/** The value a person chose for a conflicting field. */
function chosenValue(field: string, mine: FieldRecord, theirs: FieldRecord, choice: ConflictChoice): unknown {
  if ('values' in choice) return field in choice.values ? choice.values[field] : mine[field];
  return choice.keep === 'mine' ? mine[field] : theirs[field];
}
