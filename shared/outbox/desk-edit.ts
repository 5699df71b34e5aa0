// What a queued edit of a record the service already has carries besides its values: its base (the record
// as this desk had it when staff began) and when that was read; and, when the merge found the same field
// changed elsewhere, the conflict staff settle (docs/architecture.md, "Several desks of one venue").
// The desk keeps `desk_edit` beside the service's item in the outbox; it never goes to the service.
import { z } from 'zod';
import { fieldKind } from '../merge/fields';

/** A record in the service's field names, as JSON (a field without a value is left out). */
const fieldRecord = z.record(z.string(), z.json());

/** A record as JSON: what an entry keeps of the service's records. */
export type JsonRecord = z.output<typeof fieldRecord>;

/** The base of an edit, and how its fields merge. */
export const deskEdit = z.strictObject({
  /** The record as this desk had it when staff began: the whole booking, or a guest's fields the edit sets. */
  base: fieldRecord,
  /**
   * When the cache the base came from began its last pull (ISO instant): the merge reads what changed since.
   * Absent when the desk cannot tell (its first pull still under way): the merge then reads the whole list.
   */
  baseAt: z.iso.datetime({ offset: true }).optional(),
  /** Kinds of the account's own fields the edit sets (sets merge as additions and removals); text when absent. */
  kinds: z.record(z.string(), fieldKind).optional(),
});

/** An edit's base as queued. */
export type DeskEdit = z.output<typeof deskEdit>;

/** A queued item as the service takes it: the desk's edit facts left out (its other fields, known or not, kept). */
export type ServiceItem<T> = { [P in keyof T as P extends 'desk_edit' ? never : P]: T[P] };

/** One field changed to different values here and on the service: what it was, this desk's, the service's. */
const fieldConflict = z.object({
  field: z.string(),
  base: z.json().optional(),
  mine: z.json().optional(),
  theirs: z.json().optional(),
});

/** A conflict the merge found: the fields a person settles, and the service's record as it was read. */
export const editConflict = z.object({
  record: z.enum(['booking', 'guest']),
  fields: z.array(fieldConflict).min(1),
  /** Another desk cancelled the booking while it was changed here. */
  cancelledElsewhere: z.boolean().optional(),
  /** The service's record when the merge read it: what staff see until they choose. */
  theirs: fieldRecord,
  /** When that read began (ISO instant): the new base once staff choose. */
  readAt: z.iso.datetime({ offset: true }),
});

/** A conflict as the outbox keeps it. */
export type EditConflict = z.output<typeof editConflict>;

/** A record without fields whose value is undefined (JSON leaves them out; the bridge's schemas refuse them). */
export function jsonRecord(record: Readonly<Record<string, unknown>>): JsonRecord {
  const kept: JsonRecord = {};
  for (const [field, value] of Object.entries(record)) if (isJson(value)) kept[field] = value;
  return kept;
}

/** A JSON value (what a service record's field can hold). */
type Json = JsonRecord[string];

/** Whether a value is JSON: text, a finite number, true or false, null, or lists and objects of them. */
function isJson(value: unknown): value is Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  return typeof value === 'object' && value !== undefined && Object.values(value).every(isJson);
}

/** The person's choice on a conflict: this desk's values, the service's, or values typed for the conflicting fields. */
export const conflictChoice = z.union([
  z.object({ keep: z.enum(['mine', 'theirs']) }).strict(),
  z.object({ values: z.record(z.string().min(1).max(100), z.json()) }).strict(),
]);
