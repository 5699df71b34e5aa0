import { emailKey } from '../../shared/rules/email';
import { phoneDigits } from '../../shared/rules/phone';
import { FIELD, fieldText, type ContactRecord } from '../db/contact';

/**
 * Search terms live in one multiEntry index, each prefixed by what it is, so one prefix range
 * answers one kind of lookup: n: name token, e: email, p: mobile digits (E.164 without +),
 * k: member or card number, b: two name words together ("b:ad lovelace": a word starting "ad"
 * and the word "lovelace"), so "Ada Lov" is one small range instead of two large ones.
 */
export const TERM = { name: 'n:', email: 'e:', phone: 'p:', key: 'k:', pair: 'b:' } as const;

/** How many letters of the first word a pair term keeps. */
export const PAIR_LEAD = 2;
/** Most pair terms per guest (long compound names would add many). */
const MAX_PAIRS = 12;

/** Turns a typed or stored mobile into E.164 digits (no +), or null when it is not a phone number. */
export type PhoneKey = (raw: string) => string | null;

/** Lower case without accents: "Zoë O'Brien" → "zoe o'brien". */
export function fold(text: string): string {
  // Plain text has no marks to take out (most names, every email): its lower case is the whole of it.
  if (!NOT_ASCII.test(text)) return text.toLowerCase();
  const folded = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  // Once its marks are taken out, an accented name's string is still held two bytes a character; rebuilt, it is
  // held in one when its letters fit, so the hits stored in the search log (one JSON string a page) are not doubled.
  return Array.from(folded).join('');
}

/** A character outside ASCII: text with one is what folding leaves held two bytes a character. */
const NOT_ASCII = /\P{ASCII}/u;

/** Letters and digits only, folded: what a name token or an id is compared by. */
export function compact(text: string): string {
  return fold(text).replace(/[^a-z0-9]/g, '');
}

/** The tokens of a name: each word, and the whole part joined ("O'Brien-Smith" → o, brien, smith, obriensmith). */
export function nameTokens(text: string): string[] {
  return foldedTokens(fold(text));
}

/** A folded name that is one word of letters and digits (most are): its only token, and its only word, is itself. */
const PLAIN_WORD = /^[a-z0-9]+$/;

/** The tokens of a name already folded. */
function foldedTokens(folded: string): string[] {
  if (PLAIN_WORD.test(folded)) return [folded];
  const tokens = new Set<string>();
  for (const part of folded.split(/\s+/)) {
    const whole = part.replace(/[^a-z0-9]/g, '');
    if (whole) tokens.add(whole);
    for (const piece of part.split(/[^a-z0-9]+/)) if (piece) tokens.add(piece);
  }
  return [...tokens];
}

/** The words of a folded name as typed in full ("o'brien-smith" → obriensmith). */
function wholeWords(folded: string): string[] {
  if (PLAIN_WORD.test(folded)) return [folded];
  return folded
    .split(/\s+/)
    .map((part) => part.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
}

/** Every search term of a contact, prefixed by kind, without repeats. */
export function searchTerms(record: ContactRecord, phoneKey: PhoneKey): string[] {
  const terms = new Set<string>();
  // Each name folded once: its tokens and its words are read from the same folded text.
  const names = [fold(fieldText(record, FIELD.firstName)), fold(fieldText(record, FIELD.surname))];
  for (const name of names) for (const token of foldedTokens(name)) terms.add(TERM.name + token);
  const words = [...new Set(names.flatMap(wholeWords))];
  let pairs = 0;
  for (const lead of words) {
    if (lead.length < PAIR_LEAD) continue;
    for (const word of words) {
      if (word === lead || pairs >= MAX_PAIRS) continue;
      terms.add(`${TERM.pair}${lead.slice(0, PAIR_LEAD)} ${word}`);
      pairs += 1;
    }
  }
  const email = emailKey(fieldText(record, FIELD.email));
  if (email) terms.add(TERM.email + email);
  const mobile = fieldText(record, FIELD.mobile).trim();
  if (mobile) {
    // A number the parser cannot read (or reads for another country) is still found by its digits as stored.
    const digits = phoneKey(mobile) ?? phoneDigits(mobile);
    if (digits) terms.add(TERM.phone + digits);
  }
  for (const field of [FIELD.member, FIELD.card]) {
    const id = compact(fieldText(record, field));
    if (id) terms.add(TERM.key + id);
  }
  return [...terms];
}
