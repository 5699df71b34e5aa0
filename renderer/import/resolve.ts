// Placing each checked row among the others and the guests on file: a new guest, an update, a guest
// left as they are, a repeat, or a conflict for a person when the row's email and mobile disagree with
// the guests on file. Nothing renames a guest or replaces an email because a phone matched.
import { contactText } from '../../shared/rules/contact-identity';
import { emailKey } from '../../shared/rules/email';
import { FIELD } from '../db/contact';
import { fold } from '../search/terms';
import type { RowCheck } from './row-check';

/** What happens to a row: a new guest, an update of a guest, the guest left as they are, held for a problem, or a conflict. */
export type RowStatus = 'new' | 'update' | 'leave' | 'problem' | 'conflict';

/** Whether rows that match a guest update that guest or leave them as they are. */
export type MatchPolicy = 'update' | 'skip';

/** What to do with a row whose identifiers clash with the guests on file: leave it out (the default), record it without the mobile, or add only what the guest's record lacks. */
export type ConflictChoice = 'leave' | 'without' | 'fillEmpty';

/** The guests the rows are compared with: who has each email and mobile, and each guest's own (by id). */
export interface GuestSnapshot {
  emails: ReadonlyMap<string, string>;
  mobiles: ReadonlyMap<string, string>;
  emailOf: ValuesById;
  mobileOf: ValuesById;
  /** Guests known only from the outbox without a service id yet → why a row matching them is left as it is. */
  waiting: ReadonlyMap<string, string>;
}

/** Each guest's email or mobile by id (a Map, or the check's GuestValues in guest-values.ts). */
export type ValuesById = Pick<ReadonlyMap<string, string>, 'get'>;

/** A guest's details on file (names, email, mobile, fields, categories), by id: loaded for the guests rows match. */
export type GuestRecords = ReadonlyMap<string, Readonly<Record<string, unknown>>>;

/** The choices that place rows: the match policy, the conflict choice of each row (by its line), categories added to every guest. */
export interface ResolveOptions {
  policy: MatchPolicy;
  conflictChoice: (line: number) => ConflictChoice;
  extraCategories: readonly string[];
}

/** A row's place among the others. */
export interface RowResolution {
  status: RowStatus;
  /** The guest it updates or leaves. */
  contactId?: string;
  /** The index of the earlier row it repeats. */
  duplicateOf?: number;
  /** Why it is held or left out, when the reason is about other rows or guests. */
  problem?: string;
  /** Why a matching guest is left as they are, or what a conflict choice did. */
  note?: string;
  /** The conflict's sentence and the choice applied, for a row whose identifiers clash. */
  conflict?: { text: string; choice: ConflictChoice };
  /** The fields to send instead of the row's own (a conflict's choice). */
  send?: Record<string, string>;
  /** Whether it repeats an earlier row or matches a guest (the "duplicates" count). */
  duplicate: boolean;
}

/** The place of most rows of a file: one shared record (resolutions are replaced, never changed). */
const NEW_GUEST: RowResolution = Object.freeze({ status: 'new', duplicate: false });

/** An empty snapshot: no guests on file. */
export const NO_GUESTS: GuestSnapshot = {
  emails: new Map(),
  mobiles: new Map(),
  emailOf: new Map(),
  mobileOf: new Map(),
  waiting: new Map(),
};

/** The ids of the guests each row matches by email or mobile (their records are loaded before resolving). */
export function matchedGuests(checks: ReadonlyArray<RowCheck | null>, snapshot: GuestSnapshot): Set<string> {
  const ids = new Set<string>();
  const none = new Uint8Array(checks.length);
  for (let index = 0; index < checks.length; index++) {
    const check = checks[index];
    if (!check) continue;
    const byEmail = check.emailKey !== null ? snapshot.emails.get(check.emailKey) : undefined;
    const byMobile = check.mobileKey !== null ? snapshot.mobiles.get(check.mobileKey) : undefined;
    if (byEmail !== undefined) ids.add(byEmail);
    if (byMobile !== undefined) ids.add(byMobile);
    if (byEmail === undefined && byMobile === undefined) none[index] = 1;
  }
  unmatchedRows.set(checks, { snapshot, none });
  return ids;
}

/**
 * The rows (by position) that matched no guest in the last matchedGuests over these rows and guests: the
 * resolveRows that follows (the session calls the two in turn) skips their lookups, most rows of a file.
 */
const unmatchedRows = new WeakMap<ReadonlyArray<RowCheck | null>, { snapshot: GuestSnapshot; none: Uint8Array }>();

/**
 * Places every row: a row repeating an earlier row's email or mobile is held; a row whose identifiers
 * clash with the guests on file is a conflict (by default no guest is touched); a row matching one
 * guest updates that guest or leaves them as they are; the others are new guests.
 */
export function resolveRows(
  checks: ReadonlyArray<RowCheck | null>,
  lines: readonly number[],
  snapshot: GuestSnapshot,
  records: GuestRecords,
  options: ResolveOptions,
): RowResolution[] {
  const seenEmail = new Map<string, number>();
  const seenMobile = new Map<string, number>();
  const known = unmatchedRows.get(checks);
  const none = known?.snapshot === snapshot && known.none.length === checks.length ? known.none : null;
  return checks.map((check, index) => {
    if (!check) return { status: 'problem', duplicate: false };
    // The first row with an email or mobile keeps it; a later one repeats the row of its email, else of its mobile.
    const byEmail = check.emailKey !== null ? seenEmail.get(check.emailKey) : undefined;
    const byMobile = check.mobileKey !== null ? seenMobile.get(check.mobileKey) : undefined;
    if (check.emailKey !== null && byEmail === undefined) seenEmail.set(check.emailKey, index);
    if (check.mobileKey !== null && byMobile === undefined) seenMobile.set(check.mobileKey, index);
    const earlier = byEmail ?? byMobile;
    if (earlier !== undefined)
      return {
        status: 'problem',
        duplicateOf: earlier,
        duplicate: true,
        problem: 'Same email or mobile as an earlier row.',
      };
    return resolveRow(check, snapshot, records, options, lines[index]!, none?.[index] === 1);
  });
}

/** One row against the guests on file. */
function resolveRow(
  check: RowCheck,
  snapshot: GuestSnapshot,
  records: GuestRecords,
  options: ResolveOptions,
  line: number,
  /** Whether matchedGuests already found that the row matches no guest (its lookups are skipped). */
  matchesNone = false,
): RowResolution {
  const hasProblem = hasAny(check.problems);
  const byEmail = !matchesNone && check.emailKey !== null ? snapshot.emails.get(check.emailKey) : undefined;
  const byMobile = !matchesNone && check.mobileKey !== null ? snapshot.mobiles.get(check.mobileKey) : undefined;
  if (hasProblem) {
    const matched = byEmail ?? byMobile;
    return { status: 'problem', ...(matched ? { contactId: matched } : {}), duplicate: matched !== undefined };
  }
  const clash = clashOf(check, byEmail, byMobile, snapshot, records);
  if (!clash) return matchOrNew(check, byEmail ?? byMobile, snapshot, records, options);
  const choice = options.conflictChoice(line);
  const conflict = { text: clash.text, choice };
  if (choice === 'leave')
    return { status: 'conflict', problem: clash.text, conflict, duplicate: true, contactId: clash.target };
  if (choice === 'without') {
    const withoutMobile = { ...check.contact };
    delete withoutMobile[FIELD.mobile];
    if (check.emailKey === null)
      return {
        status: 'problem',
        problem: `${clash.text} Without the mobile, the row has no email or mobile left.`,
        conflict,
        duplicate: true,
      };
    const placed = matchOrNew(
      { ...check, contact: withoutMobile, mobileKey: null },
      byEmail,
      snapshot,
      records,
      options,
    );
    return { ...placed, conflict, send: withoutMobile, note: 'Recorded without the mobile.' };
  }
  // Only what the guest's record lacks; never an identifier that belongs to another guest.
  const target = clash.target;
  const waiting = snapshot.waiting.get(target);
  if (waiting) return { status: 'leave', contactId: target, note: waiting, conflict, duplicate: true };
  const record = records.get(target) ?? {};
  const send: Record<string, string> = {};
  for (const [field, value] of Object.entries(check.contact)) {
    if (field === FIELD.mobile && byMobile !== undefined && byMobile !== target) continue;
    if (field === FIELD.email && byEmail !== undefined && byEmail !== target) continue;
    if (contactText(record[field]) === '') send[field] = value;
  }
  const categories = newCategories(check, record, options.extraCategories);
  if (Object.keys(send).length === 0 && categories.length === 0)
    return {
      status: 'leave',
      contactId: target,
      note: 'Nothing to add: every detail of the row is already on file.',
      conflict,
      duplicate: true,
    };
  return {
    status: 'update',
    contactId: target,
    send,
    conflict,
    note: 'Adds only the details empty on file.',
    duplicate: true,
  };
}

/** A row with no clash: an update of (or leaving) the guest it matches, or a new guest. */
function matchOrNew(
  check: RowCheck,
  matched: string | undefined,
  snapshot: GuestSnapshot,
  records: GuestRecords,
  options: ResolveOptions,
): RowResolution {
  if (matched === undefined) return NEW_GUEST;
  const waiting = snapshot.waiting.get(matched);
  if (waiting) return { status: 'leave', contactId: matched, note: waiting, duplicate: true };
  if (options.policy === 'skip')
    return { status: 'leave', contactId: matched, note: 'Left as they are, as chosen.', duplicate: true };
  const record = records.get(matched);
  if (record && !changesAnything(check, record, snapshot.mobileOf.get(matched) ?? null, options.extraCategories))
    return { status: 'leave', contactId: matched, note: 'Already holds every detail of this row.', duplicate: true };
  return { status: 'update', contactId: matched, duplicate: true };
}

/** The clash of a row's identifiers with the guests on file, if any: the sentence and the guest a fill would go to. */
function clashOf(
  check: RowCheck,
  byEmail: string | undefined,
  byMobile: string | undefined,
  snapshot: GuestSnapshot,
  records: GuestRecords,
): { text: string; target: string } | null {
  if (byEmail !== undefined && byMobile !== undefined && byEmail !== byMobile)
    return {
      text: `The email belongs to ${describe(byEmail, snapshot, records)} and the mobile to ${describe(byMobile, snapshot, records)}.`,
      target: byEmail,
    };
  if (byMobile !== undefined && byEmail === undefined) {
    if (check.emailKey !== null && snapshot.emailOf.get(byMobile))
      return { text: `This mobile belongs to ${describe(byMobile, snapshot, records)}.`, target: byMobile };
    const record = records.get(byMobile);
    if (record && renames(check, record))
      return {
        text: `This mobile belongs to ${describe(byMobile, snapshot, records)}, whose name is not the row's.`,
        target: byMobile,
      };
  }
  if (byEmail !== undefined && byMobile === undefined && check.mobileKey !== null) {
    const mobile = snapshot.mobileOf.get(byEmail);
    if (mobile && mobile !== check.mobileKey)
      return {
        text: `This email belongs to ${describe(byEmail, snapshot, records)}, whose mobile is +${mobile}.`,
        target: byEmail,
      };
  }
  return null;
}

/** Whether the row would change the guest's first name or surname (both set and different). */
function renames(check: RowCheck, record: Readonly<Record<string, unknown>>): boolean {
  return [FIELD.firstName, FIELD.surname].some((field) => {
    const mine = check.contact[field];
    const theirs = contactText(record[field]);
    return mine !== undefined && theirs !== '' && fold(mine) !== fold(theirs);
  });
}

/** "Bruno Hughes, bruno.hughes1@example.com": a guest as staff recognise them. */
function describe(id: string, snapshot: GuestSnapshot, records: GuestRecords): string {
  const record = records.get(id);
  const name = record
    ? [contactText(record[FIELD.firstName]), contactText(record[FIELD.surname])].filter(Boolean).join(' ')
    : '';
  const email = (record && contactText(record[FIELD.email])) || snapshot.emailOf.get(id) || '';
  const mobile =
    (record && contactText(record[FIELD.mobile])) || (snapshot.mobileOf.get(id) ? `+${snapshot.mobileOf.get(id)}` : '');
  const parts = [name, email || mobile].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : `guest ${id}`;
}

/** Whether sending the row would change anything of the guest's record (values or categories). */
function changesAnything(
  check: RowCheck,
  record: Readonly<Record<string, unknown>>,
  mobileOnFile: string | null,
  extraCategories: readonly string[],
): boolean {
  for (const [field, value] of Object.entries(check.contact)) {
    const theirs = contactText(record[field]);
    const same =
      field === FIELD.email
        ? emailKey(theirs) === emailKey(value)
        : field === FIELD.mobile
          ? mobileOnFile === check.mobileKey
          : theirs === value;
    if (!same) return true;
  }
  return newCategories(check, record, extraCategories).length > 0;
}

/** Whether a record has any key (without listing them). */
function hasAny(record: Readonly<Record<number, string>>): boolean {
  for (const _ in record) return true;
  return false;
}

/** Categories the row would add to the guest's own. */
function newCategories(
  check: RowCheck,
  record: Readonly<Record<string, unknown>>,
  extraCategories: readonly string[],
): string[] {
  const theirs = new Set(
    contactText(record.svc_categories)
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  return [...check.categories, ...extraCategories].filter((name) => !theirs.has(name.trim().toLowerCase()));
}
