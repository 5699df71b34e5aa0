// Checking rows: each cell normalised for its field, then duplicates within the file and against the guests on the desk.
import { IMPORT_ROW_MAX_BYTES, IMPORT_VALUE_MAX_LENGTH } from '../../shared/bridge/channels/import';
import { isValidEmail, emailKey } from '../../shared/rules/email';
import { FIELD } from '../db/contact';
import type { PhoneKey } from '../search/terms';
import type { RowResolution } from './resolve';
import type { RowCheck } from './row-check';
import { splitFullName, type ColumnTarget, type ImportField } from './matching';
import {
  normalizeBool,
  normalizeDate,
  normalizeDateTime,
  normalizeMultipleSelect,
  normalizeNumber,
  normalizeSex,
  normalizeSingleSelect,
  normalizeTime,
  type CellOutcome,
  type DateOrder,
} from './values';

/** The longest value the desk sends for one field (the bridge's own limit). */
const MAX_VALUE_LENGTH = IMPORT_VALUE_MAX_LENGTH;
/** Where a problem of the whole row (not of one cell) is kept. */
export const ROW = -1;

/** How the rows are read: targets per column, the fields, the venue's country, the file's date and number styles. */
export interface CheckContext {
  targets: readonly ColumnTarget[];
  fields: ReadonlyMap<string, ImportField>;
  phoneKey: PhoneKey;
  dateOrder: DateOrder;
  decimalComma: boolean;
  /** How many cells the header has: longer rows are flagged. */
  width: number;
  /** Rows with a bad email but a good mobile (or the reverse): held, or imported without the bad value. */
  badValues: BadValueChoice;
}

/** What happens to a row whose email is bad while its mobile is good (or the reverse). */
export type BadValueChoice = 'hold' | 'drop';

/** Checks one row's cells against their fields. */
export function checkRow(cells: readonly string[], ctx: CheckContext): RowCheck {
  const check: RowCheck = {
    contact: {},
    // Most rows have no categories and no notes: they share one frozen empty list and record until they get their own.
    categories: NO_CATEGORIES,
    problems: {},
    notes: NO_NOTES,
    shown: {},
    emailKey: null,
    mobileKey: null,
  };
  const targets = ctx.targets;
  for (let column = 0; column < targets.length; column++) {
    const target = targets[column]!;
    if (target.kind === 'ignore') continue;
    const cell = cells[column];
    // Most cells of a wide export are empty: nothing to trim or read.
    if (!cell) continue;
    const text = withoutNeutralizingQuote(cell.trim());
    if (text === '') continue;
    if (text.length > MAX_VALUE_LENGTH) {
      check.problems[column] =
        `This cell holds ${text.length.toLocaleString('en')} characters; a field takes at most ${MAX_VALUE_LENGTH.toLocaleString('en')}.`;
      continue;
    }
    if (target.kind === 'categories') {
      const names = categoryNames(text);
      if (names.length > 0) check.categories = [...check.categories, ...names];
      continue;
    }
    if (target.kind === 'name') {
      const { first, surname } = splitFullName(text);
      if (first && !(FIELD.firstName in check.contact)) check.contact[FIELD.firstName] = first;
      if (surname && !(FIELD.surname in check.contact)) check.contact[FIELD.surname] = surname;
      continue;
    }
    const outcome = normalizeCell(target.field, text, ctx);
    if ('problem' in outcome) check.problems[column] = outcome.problem;
    else if (outcome.value.length > MAX_VALUE_LENGTH)
      check.problems[column] =
        `Once written as the service keeps it, this cell holds ${outcome.value.length.toLocaleString('en')} characters; a field takes at most ${MAX_VALUE_LENGTH.toLocaleString('en')}.`;
    else {
      if (outcome.value !== '') check.contact[target.field] = outcome.value;
      if (outcome.value !== text) check.shown[column] = outcome.value;
      if (outcome.note) addNote(check, column, outcome.note);
    }
  }
  const email = check.contact[FIELD.email];
  const mobile = check.contact[FIELD.mobile];
  check.emailKey = email ? emailKey(email) : null;
  check.mobileKey = mobile ? mobile.slice(1) : null;
  const { email: emailColumn, mobile: mobileColumn } = identifierColumns(targets);
  // A bad email beside a good mobile (or the reverse): left out when staff chose so, the row goes on with the other.
  if (ctx.badValues === 'drop')
    for (const [bad, good] of [
      [emailColumn, mobile],
      [mobileColumn, email],
    ] as const) {
      const problem = check.problems[bad];
      if (bad === ROW || problem === undefined || !good) continue;
      delete check.problems[bad];
      addNote(check, bad, `Left out: ${problem}`);
    }
  if (!email && !mobile && check.problems[emailColumn] === undefined && check.problems[mobileColumn] === undefined) {
    check.problems[ROW] = 'No email or mobile: the service refuses a guest without either.';
  }
  if (isEmpty(check.problems) && mayPassBytes(check.contact) && payloadBytes(check.contact) > IMPORT_ROW_MAX_BYTES)
    check.problems[ROW] =
      `This row holds more than ${IMPORT_ROW_MAX_BYTES / 1024} KB of values, more than one guest may carry. Shorten its longest cells.`;
  if (cells.length > ctx.width && cells.slice(ctx.width).some((cell) => cell.trim() !== '')) {
    check.problems[ROW] ??=
      `This row has ${cells.length} cells but the header has ${ctx.width}: a delimiter inside an unquoted cell? Fix the row or delete it.`;
  }
  return check;
}

/** Shared by the rows without categories or notes; a row gets its own list or record when it has one. */
const NO_CATEGORIES: readonly string[] = Object.freeze([]);
const NO_NOTES: Record<number, string> = Object.freeze({});

/** Records a cell's note, the row's own notes made on its first. */
function addNote(check: RowCheck, column: number, note: string): void {
  if (check.notes === NO_NOTES) check.notes = {};
  check.notes[column] = note;
}

/** A cell the desk's own exports wrote with a leading apostrophe (formula neutralised), as it was. */
function withoutNeutralizingQuote(text: string): string {
  return text.startsWith("'") && NEUTRALIZED.test(text) ? text.slice(1) : text;
}
const NEUTRALIZED = /^'[\s\u00a0]*['"]*[=+\-@\uff1d\uff0b\uff0d\uff20\t\r]/;

/** Whether a contact could pass the row's byte limit at all (no character takes more than 6 bytes in JSON): most rows cannot. */
function mayPassBytes(contact: Readonly<Record<string, string>>): boolean {
  let chars = 0;
  for (const field in contact) chars += field.length + contact[field]!.length + 6;
  return chars * 6 > IMPORT_ROW_MAX_BYTES;
}

/** Bytes of a contact as UTF-8 JSON, without building the JSON. */
function payloadBytes(contact: Readonly<Record<string, string>>): number {
  let bytes = 2;
  for (const [field, value] of Object.entries(contact)) bytes += utf8Length(field) + utf8Length(value) + 6;
  return bytes;
}

/** Bytes of a string as UTF-8 (escapes of control characters counted at their widest). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20) bytes += 6;
    else if (code < 0x80) bytes += code === 0x22 || code === 0x5c ? 2 : 1;
    else if (code < 0x800) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

/** A cell's value for its field: emails and mobiles checked, the rest by the field's type. */
function normalizeCell(field: string, text: string, ctx: CheckContext): CellOutcome {
  if (field === FIELD.email) {
    const address = firstOfList(text).replace(/^mailto:/i, '');
    return isValidEmail(address) ? { value: address } : { problem: `"${address}" is not a valid email address.` };
  }
  if (field === FIELD.mobile) {
    const number = firstOfList(text);
    const digits = ctx.phoneKey(number.replace(/[\s().-]/g, ''));
    return digits ? { value: `+${digits}` } : { problem: `"${number}" is not a phone number we can read.` };
  }
  const definition = ctx.fields.get(field);
  switch (definition?.type ?? 'string') {
    case 'string':
      return /[\r\n]/.test(text)
        ? { value: text.replace(/\s*[\r\n]+\s*/g, ', '), note: 'Line breaks became commas (this field is one line).' }
        : { value: text };
    case 'number':
      return normalizeNumber(text, { decimalComma: ctx.decimalComma });
    case 'date':
      return normalizeDate(text, ctx.dateOrder);
    case 'time':
      return normalizeTime(text);
    case 'datetime':
      return normalizeDateTime(text, ctx.dateOrder);
    case 'bool':
      return normalizeBool(text);
    case 'Sex':
      return normalizeSex(text);
    case 'singleSelect':
      return normalizeSingleSelect(text, definition?.options ?? []);
    case 'multipleSelect':
      return normalizeMultipleSelect(text, definition?.options ?? []);
    default:
      return { value: text };
  }
}

/** The columns the email and mobile are read from (ROW when none is), worked out once per set of targets. */
function identifierColumns(targets: readonly ColumnTarget[]): { email: number; mobile: number } {
  let columns = identifierColumnsOf.get(targets);
  if (!columns) {
    columns = { email: columnOf(targets, FIELD.email), mobile: columnOf(targets, FIELD.mobile) };
    identifierColumnsOf.set(targets, columns);
  }
  return columns;
}
const identifierColumnsOf = new WeakMap<readonly ColumnTarget[], { email: number; mobile: number }>();

/** The column a field is read from, or ROW when none is. */
function columnOf(targets: readonly ColumnTarget[], field: string): number {
  const index = targets.findIndex((target) => target.kind === 'field' && target.field === field);
  return index < 0 ? ROW : index;
}

/** Whether a record has no keys (without listing them). */
function isEmpty(record: Readonly<Record<number, string>>): boolean {
  for (const _ in record) return false;
  return true;
}

/** The first of several values in one cell (Google writes "a ::: b"). */
function firstOfList(text: string): string {
  const end = text.indexOf(':::');
  return (end < 0 ? text : text.slice(0, end)).trim();
}

/** The category names of a cell: "VIP, Regular", "VIP;Regular", Google's "* myContacts ::: Friends", Mailchimp's "\"VIP\",\"Regular\"". */
function categoryNames(text: string): readonly string[] {
  // Most cells of a Google export are one system group ("* myContacts"): no list to split, no name.
  if (!CATEGORY_SEPARATOR.test(text)) {
    const name = categoryName(text);
    return name === null ? NO_CATEGORIES : [name];
  }
  const names: string[] = [];
  for (const part of text.split(CATEGORY_SEPARATOR)) {
    const name = categoryName(part);
    if (name !== null) names.push(name);
  }
  return names;
}
const CATEGORY_SEPARATOR = /:::|[,;]/;

/** One part of a categories cell as a name, or null for none (empty, or a system group such as Google's "* myContacts"). */
function categoryName(part: string): string | null {
  const name = part.trim().replace(OUTER_QUOTES, '').trim();
  return name !== '' && !name.startsWith('*') ? name : null;
}
const OUTER_QUOTES = /^"+|"+$/g;

/** The push_contact item of a placed row: its values (or those a conflict's choice kept), its guest, its categories; empty cells never blank a value. */
export function contactPayload(
  check: RowCheck,
  resolution: RowResolution,
  extraCategories: readonly string[],
  existingCategories: readonly string[] = [],
): Record<string, string> {
  const categories = [...new Set([...existingCategories, ...check.categories, ...extraCategories])];
  const added = categories.length > existingCategories.length;
  return {
    ...(resolution.send ?? check.contact),
    ...(resolution.status === 'update' && resolution.contactId ? { contact_id: resolution.contactId } : {}),
    // svc_categories replaces a guest's list: send it only when it adds something, with what the guest had.
    ...(added ? { svc_categories: categories.join(',') } : {}),
  };
}
