// How the desk compares and combines one field's values when it merges an edit with the service's current
// record (docs/architecture.md, "Several desks of one venue"). A field's kind says how its values compare
// (a number 6 is "6", a time 20:45 is 20:45:00, a status is the same whatever its case) and whether it is a
// set (categories, multipleSelect options, attendee names), whose changes travel as additions and removals.
import { z } from 'zod';
import { FIELD_TYPES } from '../rules/fields';

/** The field kinds the merge knows: the service's field types (reference 2.3), attendee names, and categories. */
const FIELD_KINDS = [...FIELD_TYPES, 'names', 'categories'] as const;

/** How a field's values compare and combine. */
export type FieldKind = (typeof FIELD_KINDS)[number];

/** A field kind as an edit carries it. */
export const fieldKind = z.enum(FIELD_KINDS);

/** The kind of a field of the service's type `type` (get_contact_fields, get_reservation_fields); unknown types compare as text. */
export function fieldKindOf(type: string | undefined): FieldKind {
  return FIELD_KINDS.find((kind) => kind === type) ?? 'string';
}

/** Whether a kind is a set: its changes are additions and removals, never a whole list. */
export function isSetKind(kind: FieldKind): boolean {
  return kind === 'multipleSelect' || kind === 'names' || kind === 'categories';
}

/** A set's items from a list or comma-separated text, trimmed, without blanks or repeats, in order. */
function setItems(value: unknown): string[] {
  const list = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
  return [...new Set(list.map((item) => item.trim()).filter(Boolean))];
}

/** A value in the form two values of one kind compare by. */
function comparable(kind: FieldKind, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (isSetKind(kind)) return setItems(value).sort().join('\u0000');
  const text = (typeof value === 'string' ? value : String(value)).trim();
  switch (kind) {
    case 'number': {
      const number = text === '' ? NaN : Number(text);
      return Number.isFinite(number) ? String(number) : text;
    }
    case 'time':
      return timeText(text);
    case 'datetime': {
      const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}:\d{2}(?::\d{2})?)/.exec(text);
      return match ? `${match[1]} ${timeText(match[2]!)}` : text;
    }
    case 'singleSelect':
    case 'Sex':
      return text.toLowerCase();
    case 'bool':
      return /^(true|1|yes)$/i.test(text) ? 'true' : /^(false|0|no|)$/i.test(text) ? 'false' : text;
    default:
      return text;
  }
}

/** `HH:MM:SS` of a time written `H:MM`, `HH:MM` or `HH:MM:SS`; other text as it is. */
function timeText(text: string): string {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}:${match[3] ?? '00'}` : text;
}

/** Whether two values of a field of this kind are the same value (a set: the same items, in any order). */
export function sameValue(kind: FieldKind, a: unknown, b: unknown): boolean {
  return comparable(kind, a) === comparable(kind, b);
}

/** What an edit did to a set: the items it added and those it removed. */
export interface SetChange {
  add: string[];
  remove: string[];
}

/** The additions and removals that turn the base's set into this desk's. */
export function setChange(base: unknown, mine: unknown): SetChange {
  const before = setItems(base);
  const after = setItems(mine);
  return {
    add: after.filter((item) => !before.includes(item)),
    remove: before.filter((item) => !after.includes(item)),
  };
}

/** A set with a change applied: the current items in their order, less the removed ones, then the added ones. */
export function applySetChange(current: unknown, change: SetChange): string[] {
  const kept = setItems(current).filter((item) => !change.remove.includes(item));
  return [...kept, ...change.add.filter((item) => !kept.includes(item))];
}
