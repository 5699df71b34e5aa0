import type { PhonePlan } from './phone';
import { compact, PAIR_LEAD, TERM } from './terms';

/** One typed word and the index prefixes that can match it. */
export interface PlannedToken {
  text: string;
  prefixes: string[];
}

/** How a typed query is looked up: every token must match (prefixes of one token are alternatives). */
export interface SearchPlan {
  tokens: PlannedToken[];
  /** Two name words: the pair ranges that hold every guest with both (each order); read instead of each word's range. */
  pairs?: string[];
}

/** What planning needs to know of the venue: its phone country's calling code and trunk prefix. */
export type PlanContext = PhonePlan;

const PHONE_LIKE = /^[+\d\s().-]+$/;

/** Plans a typed query: an email, a number (mobile, member, card) or words (names, email starts, ids). */
export function planSearch(query: string, context: PlanContext): SearchPlan {
  const trimmed = query.trim();
  if (!trimmed) return { tokens: [] };
  if (trimmed.includes('@')) return { tokens: [{ text: trimmed, prefixes: [TERM.email + trimmed.toLowerCase()] }] };
  const digits = trimmed.replace(/\D/g, '');
  if (PHONE_LIKE.test(trimmed) && digits)
    return { tokens: [{ text: trimmed, prefixes: numberPrefixes(trimmed, digits, context) }] };
  const words = trimmed.split(/\s+/);
  // Several words are name parts (or ids); a lone word may also start an email.
  const tokens = words
    .map((word) => ({ text: word, prefixes: wordPrefixes(word, words.length === 1) }))
    .filter((token) => token.prefixes.length > 0);
  const pairs = pairPrefixes(words);
  return pairs.length > 0 ? { tokens, pairs } : { tokens };
}

/**
 * A number may be a mobile, a member or a card number. A mobile may be typed in E.164, with 00,
 * or nationally: with the trunk prefix (which becomes the venue's calling code, as the index has
 * it) or without it; its digits as typed also match a mobile stored in a form nothing could read.
 */
function numberPrefixes(typed: string, digits: string, { callingCode, nationalPrefix }: PlanContext): string[] {
  const prefixes = new Set([TERM.key + digits]);
  if (digits.length >= 3) {
    if (typed.startsWith('+')) prefixes.add(TERM.phone + digits);
    else if (digits.startsWith('00')) prefixes.add(TERM.phone + digits.slice(2));
    else {
      prefixes.add(TERM.phone + digits);
      const national =
        nationalPrefix && digits.startsWith(nationalPrefix) ? digits.slice(nationalPrefix.length) : digits;
      prefixes.add(TERM.phone + callingCode + national);
    }
  }
  return [...prefixes];
}

/** For two words of letters, the pair-term ranges of both orders (a word of one letter cannot lead a pair). */
function pairPrefixes(words: string[]): string[] {
  if (words.length !== 2) return [];
  const [a, b] = words.map(compact) as [string, string];
  if (!/^[a-z]+$/.test(a) || !/^[a-z]+$/.test(b)) return [];
  const pairs: string[] = [];
  if (a.length >= PAIR_LEAD) pairs.push(`${TERM.pair}${a.slice(0, PAIR_LEAD)} ${b}`);
  if (b.length >= PAIR_LEAD) pairs.push(`${TERM.pair}${b.slice(0, PAIR_LEAD)} ${a}`);
  return pairs;
}

/** A word may start a name, an email (when it is the only word), or (with a digit in it) a member or card number. */
function wordPrefixes(word: string, alone: boolean): string[] {
  const prefixes: string[] = [];
  const name = compact(word);
  if (name) prefixes.push(TERM.name + name);
  if (alone) prefixes.push(TERM.email + word.toLowerCase());
  if (/\d/.test(name)) prefixes.push(TERM.key + name);
  return prefixes;
}
