// Cell values from spreadsheets, turned into what the service stores for each field type (reference §2.3).
import { isValidDate, isValidTime, multipleSelectValues } from '../../shared/rules/fields';
import { fold } from '../search/terms';

/** A value ready to send, a value with a note staff should see (a new option), or why it cannot be sent. */
export type CellOutcome = { value: string; note?: string } | { problem: string };

/** Which part of 03/04/2024 is the day. */
export type DateOrder = 'dmy' | 'mdy';

/** How numbers in this file write their decimals. */
export interface NumberStyle {
  decimalComma: boolean;
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', 't', '1', 'oui', 'o', 'vrai', 'x', 'on']);
const FALSE_WORDS = new Set(['no', 'n', 'false', 'f', '0', 'non', 'faux', 'off']);
const MALE_WORDS = new Set(['m', 'male', 'man', 'h', 'homme', 'masculin', 'mr', 'monsieur', 'boy']);
const FEMALE_WORDS = new Set([
  'f',
  'female',
  'woman',
  'w',
  'femme',
  'feminin',
  'mrs',
  'ms',
  'miss',
  'mme',
  'madame',
  'mlle',
  'girl',
]);
const BLANK_SEX_WORDS = new Set(['', 'unspecified', 'unknown', 'non specifie', 'inconnu', 'n/a']);

/** "yes", "Oui", "1", "TRUE" → "true"; "no", "non", "0" → "false". */
export function normalizeBool(text: string): CellOutcome {
  const word = foldWord(text.trim());
  if (TRUE_WORDS.has(word)) return { value: 'true' };
  if (FALSE_WORDS.has(word)) return { value: 'false' };
  return { problem: `"${text}" is not yes or no.` };
}

/** A word folded as the search folds it (fold): printable ASCII only needs lower-casing, since it has no accents to strip. */
function foldWord(text: string): string {
  return PLAIN_ASCII.test(text) ? text.toLowerCase() : fold(text);
}
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** "Female", "Femme", "Mme", "F" → "f"; "Male", "Homme", "M" → "m"; "Unspecified" → blank. */
export function normalizeSex(text: string): CellOutcome {
  const word = foldWord(text.trim()).replace(/\.$/, '');
  if (MALE_WORDS.has(word)) return { value: 'm' };
  if (FEMALE_WORDS.has(word)) return { value: 'f' };
  if (BLANK_SEX_WORDS.has(word)) return { value: '' };
  return {
    problem: `"${text}" is not a sex the service keeps (it keeps only m or f); leave it blank or write m or f.`,
  };
}

/**
 * "1 234,50 €" (decimal comma) or "1,234.50" → "1234.5". A comma is a decimal comma when the file
 * uses them, or when it cannot be a thousands separator (not followed by exactly three digits).
 */
export function normalizeNumber(text: string, style: NumberStyle): CellOutcome {
  let plain = text.trim().replace(/[\s\u00a0\u202f'€$£%]/g, '');
  const comma = plain.includes(',');
  const dot = plain.includes('.');
  if (comma && dot) {
    // Whichever comes last is the decimal mark.
    plain =
      plain.lastIndexOf(',') > plain.lastIndexOf('.')
        ? plain.replace(/\./g, '').replace(',', '.')
        : plain.replace(/,/g, '');
  } else if (comma) {
    const thousands = /^-?\d{1,3}(,\d{3})+$/.test(plain);
    plain = style.decimalComma || !thousands ? plain.replace(',', '.') : plain.replace(/,/g, '');
  }
  const number = Number(plain);
  if (plain === '' || !/^-?(\d+\.?\d*|\.\d+)$/.test(plain) || !Number.isFinite(number))
    return { problem: `"${text}" is not a number.` };
  return { value: String(number) };
}

const NUMERIC_DATE = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/;
const MONTHS: Record<string, number> = {
  jan: 1,
  janv: 1,
  janvier: 1,
  january: 1,
  feb: 2,
  fev: 2,
  fevr: 2,
  fevrier: 2,
  february: 2,
  mar: 3,
  mars: 3,
  march: 3,
  apr: 4,
  avr: 4,
  avril: 4,
  april: 4,
  may: 5,
  mai: 5,
  jun: 6,
  juin: 6,
  june: 6,
  jul: 7,
  juil: 7,
  juillet: 7,
  july: 7,
  aug: 8,
  aou: 8,
  aout: 8,
  august: 8,
  sep: 9,
  sept: 9,
  septembre: 9,
  september: 9,
  oct: 10,
  octobre: 10,
  october: 10,
  nov: 11,
  novembre: 11,
  november: 11,
  dec: 12,
  decembre: 12,
  december: 12,
};

/** What a column of dates says about its order: day first, month first, either (03/04/2024 only), or no d/m/y dates at all. */
export type DateEvidence = 'dmy' | 'mdy' | 'ambiguous' | 'none';

/** Looks at every d/m/y-shaped value of a column: a first part over 12 means day first, a second over 12 month first. */
export function dateOrderEvidence(values: Iterable<string>): DateEvidence {
  let dayFirst = false;
  let monthFirst = false;
  let seen = false;
  for (const value of values) {
    // An empty cell (most of a sparse column) holds no date: nothing to split.
    if (value === '') continue;
    const datePart = datePartOf(value.trim());
    // A year first (2024-04-03, the common form) says nothing about the order.
    if (YEAR_FIRST.test(datePart)) continue;
    const match = NUMERIC_DATE.exec(datePart);
    if (!match || match[1]!.length === 4) continue;
    seen = true;
    if (Number(match[1]) > 12) dayFirst = true;
    if (Number(match[2]) > 12) monthFirst = true;
  }
  if (!seen) return 'none';
  if (dayFirst && !monthFirst) return 'dmy';
  if (monthFirst && !dayFirst) return 'mdy';
  return 'ambiguous';
}

/** A date in any common form (2024-04-03, 03/04/2024, 3.4.24, 3 April 2024, April 3, 2024) as yyyy-mm-dd. */
export function normalizeDate(text: string, order: DateOrder): CellOutcome {
  const trimmed = text.trim();
  const numeric = NUMERIC_DATE.exec(datePartOf(trimmed));
  // Year first (2024-04-03): none of the blank or partial forms below starts with four digits.
  if (numeric && numeric[1]!.length === 4)
    return isoDate(text, Number(numeric[1]), Number(numeric[2]), Number(numeric[3]));
  let parts: [number, number, number] | null = null;
  if (numeric) {
    const [a, b, c] = [numeric[1]!, numeric[2]!, numeric[3]!];
    if (c.length === 4 || c.length === 2) {
      const year = c.length === 2 ? twoDigitYear(Number(c)) : Number(c);
      parts = order === 'dmy' ? [year, Number(b), Number(a)] : [year, Number(a), Number(b)];
    }
  } else {
    parts = wordDate(trimmed);
  }
  // Outlook writes 0/0/00 for no date.
  if (/^0{1,2}[/.-]0{1,2}[/.-]0{2,4}$/.test(trimmed)) return { value: '' };
  if (/^--\d{2}-?\d{2}$/.test(trimmed) || /^\d{1,2}\/\d{1,2}$/.test(trimmed))
    return { value: '', note: `"${text}" has no year, and the service keeps only full dates: it is left out.` };
  if (!parts) return { problem: `"${text}" is not a date we can read; write it as yyyy-mm-dd.` };
  return isoDate(text, parts[0], parts[1], parts[2]);
}

/** A date's parts as yyyy-mm-dd, or why the cell is no real date. */
function isoDate(text: string, year: number, month: number, day: number): CellOutcome {
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isValidDate(iso) ? { value: iso } : { problem: `"${text}" is not a real date.` };
}

/** The date of "2024-04-03 19:30" or "2024-04-03T19:30" (what comes before the first space or T), without splitting. */
function datePartOf(text: string): string {
  const end = text.search(DATE_TIME_SEPARATOR);
  return end < 0 ? text : text.slice(0, end);
}
const DATE_TIME_SEPARATOR = /[ T]/;
const YEAR_FIRST = /^\d{4}[/.-]/;

/** "3 April 2024", "3 avr. 2024" or "April 3, 2024" as [year, month, day]. */
function wordDate(text: string): [number, number, number] | null {
  const words = fold(text).replace(/[.,]/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length !== 3) return null;
  const month = words.map((word) => MONTHS[word]).findIndex((m) => m !== undefined);
  if (month < 0) return null;
  const numbers = words.filter((_, i) => i !== month).map(Number);
  if (numbers.some((n) => !Number.isInteger(n))) return null;
  const [first, second] = numbers as [number, number];
  const [day, year] = first > 31 ? [second, first] : [first, second];
  return [year, MONTHS[words[month]!]!, day];
}

/** 24 → 2024, 85 → 1985: two-digit years within a century up to next year. */
function twoDigitYear(year: number): number {
  const nextYear = (new Date().getFullYear() + 1) % 100;
  return year <= nextYear ? 2000 + year : 1900 + year;
}

/** "7:30 pm", "19h30", "19:30" → "19:30:00". */
export function normalizeTime(text: string): CellOutcome {
  const match = /^(\d{1,2})\s*[:hH.]\s*(\d{2})?(?::(\d{2}))?\s*([ap]\.?m\.?)?$/i.exec(text.trim());
  if (!match) return { problem: `"${text}" is not a time; write it as hh:mm.` };
  let hours = Number(match[1]);
  const meridiem = match[4]?.toLowerCase().replace(/\./g, '');
  if (meridiem === 'pm' && hours < 12) hours += 12;
  if (meridiem === 'am' && hours === 12) hours = 0;
  const time = `${String(hours).padStart(2, '0')}:${match[2] ?? '00'}:${match[3] ?? '00'}`;
  return isValidTime(time) ? { value: time } : { problem: `"${text}" is not a time of day.` };
}

/** "03/04/2024 19:30" → "2024-04-03 19:30:00" (a date alone is taken at midnight). */
export function normalizeDateTime(text: string, order: DateOrder): CellOutcome {
  const [datePart = '', ...rest] = text.trim().split(/[ T]/);
  const date = normalizeDate(datePart, order);
  if ('problem' in date) return date;
  const timeText = rest
    .join(' ')
    .replace(/(Z|[+-]\d{2}:?\d{2})$/, '')
    .replace(/\.\d+$/, '');
  const time = timeText ? normalizeTime(timeText) : { value: '00:00:00' };
  return 'problem' in time
    ? { problem: `"${text}" is not a date and time we can read.` }
    : { value: `${date.value} ${time.value}` };
}

/** An option matched to the field's options ignoring case and accents; one not among them is kept and shown as new. */
export function normalizeSingleSelect(text: string, options: readonly string[]): CellOutcome {
  const value = text.trim();
  const found = matchOption(value, options);
  return found ? { value: found } : { value, note: `"${value}" is a new option.` };
}

/** A list of options ("Vegan, Gluten free" or "Vegan;Gluten free"), each matched to the field's options. */
export function normalizeMultipleSelect(text: string, options: readonly string[]): CellOutcome {
  const values = multipleSelectValues(text.replace(/;/g, ','));
  const matched = values.map((value) => matchOption(value, options) ?? value);
  const fresh = matched.filter((value) => !options.includes(value));
  return {
    value: matched.join(','),
    ...(fresh.length
      ? { note: `New option${fresh.length > 1 ? 's' : ''}: ${fresh.map((o) => `"${o}"`).join(', ')}.` }
      : {}),
  };
}

/** The option that reads the same as the value, ignoring case and accents. */
function matchOption(value: string, options: readonly string[]): string | undefined {
  if (options.includes(value)) return value;
  const key = fold(value);
  return options.find((option) => fold(option) === key);
}
