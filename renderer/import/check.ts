// Checking rows: each cell normalised for its field, then duplicates within the file and against the guests on the desk.
import { isValidEmail, emailKey } from '../../shared/rules/email';
import { FIELD } from '../db/contact';
import type { PhoneKey } from '../search/terms';
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

/** The longest value the desk sends for one field (the bridge refuses longer ones). */
export const MAX_VALUE_LENGTH = 10_000;
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
}

/** One row's own check: what would be sent, and each cell's problem or note (by column; ROW for the row). */
export interface RowCheck {
  contact: Record<string, string>;
  categories: string[];
  problems: Record<number, string>;
  notes: Record<number, string>;
  /** The value sent, by column, where it differs from the cell (a date rewritten, a mobile in E.164). */
  shown: Record<number, string>;
  emailKey: string | null;
  /** E.164 digits without +, as the guest cache indexes mobiles. */
  mobileKey: string | null;
}

/** Emails and mobiles of the guests on the desk → their contact_id (the snapshot duplicates are checked against). */
export interface GuestSnapshot {
  emails: ReadonlyMap<string, string>;
  mobiles: ReadonlyMap<string, string>;
}

/** What happens to a row: sent as a new guest, sent as an update of a guest, skipped (matches a guest), or held for a problem. */
export type RowStatus = 'new' | 'update' | 'skip' | 'problem';

/** A row's place among the others: its status, the guest it matches, the earlier row it repeats. */
export interface RowResolution {
  status: RowStatus;
  contactId?: string;
  duplicateOf?: number;
  /** Why it is held, when the reason is about other rows or guests (a repeat, two guests matched). */
  problem?: string;
  /** Whether it repeats an earlier row or matches a guest (the "duplicates" count). */
  duplicate: boolean;
}

/** Whether rows that match a guest update that guest or are skipped. */
export type MatchPolicy = 'update' | 'skip';

/** Checks one row's cells against their fields. */
export function checkRow(cells: readonly string[], ctx: CheckContext): RowCheck {
  const check: RowCheck = {
    contact: {},
    categories: [],
    problems: {},
    notes: {},
    shown: {},
    emailKey: null,
    mobileKey: null,
  };
  ctx.targets.forEach((target, column) => {
    const text = (cells[column] ?? '').trim();
    if (target.kind === 'ignore' || text === '') return;
    if (text.length > MAX_VALUE_LENGTH) {
      check.problems[column] =
        `This cell holds ${text.length.toLocaleString('en')} characters; a field takes at most ${MAX_VALUE_LENGTH.toLocaleString('en')}.`;
      return;
    }
    if (target.kind === 'categories') {
      check.categories.push(...categoryList(text));
      return;
    }
    if (target.kind === 'name') {
      const { first, surname } = splitFullName(text);
      if (first && !(FIELD.firstName in check.contact)) check.contact[FIELD.firstName] = first;
      if (surname && !(FIELD.surname in check.contact)) check.contact[FIELD.surname] = surname;
      return;
    }
    const outcome = normalizeCell(target.field, text, ctx);
    if ('problem' in outcome) check.problems[column] = outcome.problem;
    else {
      if (outcome.value !== '') check.contact[target.field] = outcome.value;
      if (outcome.value !== text) check.shown[column] = outcome.value;
      if (outcome.note) check.notes[column] = outcome.note;
    }
  });
  const email = check.contact[FIELD.email];
  const mobile = check.contact[FIELD.mobile];
  check.emailKey = email ? emailKey(email) : null;
  check.mobileKey = mobile ? mobile.slice(1) : null;
  const emailColumn = columnOf(ctx, FIELD.email);
  const mobileColumn = columnOf(ctx, FIELD.mobile);
  if (!email && !mobile && check.problems[emailColumn] === undefined && check.problems[mobileColumn] === undefined) {
    check.problems[ROW] = 'No email or mobile: the service refuses a guest without either.';
  }
  if (cells.length > ctx.width && cells.slice(ctx.width).some((cell) => cell.trim() !== '')) {
    check.problems[ROW] ??=
      `This row has ${cells.length} cells but the header has ${ctx.width}: a delimiter inside an unquoted cell? Fix the row or delete it.`;
  }
  return check;
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

/** The column a field is read from, or ROW when none is. */
function columnOf(ctx: CheckContext, field: string): number {
  const index = ctx.targets.findIndex((target) => target.kind === 'field' && target.field === field);
  return index < 0 ? ROW : index;
}

/** The first of several values in one cell (Google writes "a ::: b"). */
function firstOfList(text: string): string {
  return text.split(':::')[0]!.trim();
}

/** Category names from a cell: "VIP, Regular", "VIP;Regular", Google's "* myContacts ::: Friends", Mailchimp's "\"VIP\",\"Regular\"". */
export function categoryList(text: string): string[] {
  return text
    .split(/:::|[,;]/)
    .map((name) =>
      name
        .trim()
        .replace(/^"+|"+$/g, '')
        .trim(),
    )
    .filter((name) => name !== '' && !name.startsWith('*'));
}

/**
 * Places every row among the others: a row repeating an earlier row's email or mobile is held;
 * a row matching one guest on the desk updates that guest (or is skipped, as chosen); a row whose
 * email and mobile belong to two different guests is held for a person to decide.
 */
export function resolveRows(
  checks: ReadonlyArray<RowCheck | null>,
  snapshot: GuestSnapshot,
  policy: MatchPolicy,
): RowResolution[] {
  const seenEmail = new Map<string, number>();
  const seenMobile = new Map<string, number>();
  return checks.map((check, index) => {
    if (!check) return { status: 'problem', duplicate: false };
    const earlier =
      (check.emailKey !== null ? seenEmail.get(check.emailKey) : undefined) ??
      (check.mobileKey !== null ? seenMobile.get(check.mobileKey) : undefined);
    if (check.emailKey !== null && !seenEmail.has(check.emailKey)) seenEmail.set(check.emailKey, index);
    if (check.mobileKey !== null && !seenMobile.has(check.mobileKey)) seenMobile.set(check.mobileKey, index);
    const byEmail = check.emailKey !== null ? snapshot.emails.get(check.emailKey) : undefined;
    const byMobile = check.mobileKey !== null ? snapshot.mobiles.get(check.mobileKey) : undefined;
    const matched = byEmail !== undefined || byMobile !== undefined;
    if (earlier !== undefined)
      return {
        status: 'problem',
        duplicateOf: earlier,
        duplicate: true,
        problem: 'Same email or mobile as an earlier row.',
      };
    if (byEmail !== undefined && byMobile !== undefined && byEmail !== byMobile) {
      return {
        status: 'problem',
        duplicate: true,
        problem: 'The email belongs to one guest on the desk and the mobile to another: correct the row or delete it.',
      };
    }
    const hasProblem = Object.keys(check.problems).length > 0;
    if (!matched) return { status: hasProblem ? 'problem' : 'new', duplicate: false };
    const contactId = (byEmail ?? byMobile)!;
    if (hasProblem) return { status: 'problem', contactId, duplicate: true };
    return { status: policy === 'update' ? 'update' : 'skip', contactId, duplicate: true };
  });
}

/** The push_contact item of a checked row: its non-empty values (empty cells never blank a guest's value), its guest, its categories. */
export function contactPayload(
  check: RowCheck,
  resolution: RowResolution,
  extraCategories: readonly string[],
  existingCategories: readonly string[] = [],
): Record<string, string> {
  const categories = [...new Set([...existingCategories, ...check.categories, ...extraCategories])];
  const added = categories.length > existingCategories.length;
  return {
    ...check.contact,
    ...(resolution.status === 'update' && resolution.contactId ? { contact_id: resolution.contactId } : {}),
    // svc_categories replaces a guest's list: send it only when it adds something, with what the guest had.
    ...(added ? { svc_categories: categories.join(',') } : {}),
  };
}
