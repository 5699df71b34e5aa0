// SMS text rules the service applies: GSM-7 alphabet, segment counting and the sender field.

/** GSM 03.38 basic character set (each costs one unit). */
const GSM7_BASIC: ReadonlySet<string> = new Set(
  Array.from(
    '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
  ),
);

/** GSM 03.38 extension table (each costs two units: an escape plus the character). */
const GSM7_EXTENSION: ReadonlySet<string> = new Set(Array.from('^{}\\[~]|€\f'));

/**
 * GSM-7 letters the service still refuses: the reference calls accented, non-English characters
 * invalid, and these are exactly the accented Latin and Greek letters of the GSM alphabet.
 */
const REFUSED_GSM7_LETTERS: ReadonlySet<string> = new Set(Array.from('èéùìòÇØøÅåΔΦΓΛΩΠΨΣΘΞÆæßÉÄÖÑÜäöñüà'));

/** Plain replacements staff can accept with one click (typographic punctuation pasted from documents). */
const SUGGESTIONS: Readonly<Record<string, string>> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u00B4': "'",
  '`': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u2033': '"',
  '\u00AB': '"',
  '\u00BB': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u2007': ' ',
  '\u202F': ' ',
  '\u2009': ' ',
  '\u200A': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\t': ' ',
  '\u2022': '-',
  '\u00B7': '-',
  '\u00D7': 'x',
  '\u2122': 'TM',
  '\u00A9': '(c)',
  '\u00AE': '(R)',
  '\u00E6': 'ae',
  '\u00C6': 'AE',
  '\u00DF': 'ss',
  '\u00F8': 'o',
  '\u00D8': 'O',
  '\u0153': 'oe',
  '\u0152': 'OE',
  '\u200B': '',
  '\uFEFF': '',
  '\u00AD': '',
};

/** One character the service would refuse, with where it is and what could replace it. */
export interface InvalidSmsCharacter {
  index: number;
  char: string;
  suggestion?: string;
}

/** Whether the service accepts this character in an SMS message. */
function isAllowedSmsCharacter(char: string): boolean {
  if (REFUSED_GSM7_LETTERS.has(char)) return false;
  return GSM7_BASIC.has(char) || GSM7_EXTENSION.has(char);
}

/** A plain replacement for a refused character: typographic punctuation, or the letter without its accent. */
function suggestSmsReplacement(char: string): string | undefined {
  const known = SUGGESTIONS[char];
  if (known !== undefined) return known;
  // Strip combining accents (é → e); keep the result only if every remaining character is allowed.
  const stripped = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (stripped !== char && stripped.length > 0 && Array.from(stripped).every(isAllowedSmsCharacter)) return stripped;
  return undefined;
}

/** Every character of the text that the service refuses ("Message contains invalid characters"), with suggestions. */
export function findInvalidSmsCharacters(text: string): InvalidSmsCharacter[] {
  const found: InvalidSmsCharacter[] = [];
  let index = 0;
  for (const char of text) {
    if (!isAllowedSmsCharacter(char)) {
      const suggestion = suggestSmsReplacement(char);
      found.push(suggestion === undefined ? { index, char } : { index, char, suggestion });
    }
    index += char.length;
  }
  return found;
}

/** The text with every refused character replaced by its suggestion (characters without one are kept). */
export function applySmsSuggestions(text: string): string {
  let out = '';
  for (const char of text) out += isAllowedSmsCharacter(char) ? char : (suggestSmsReplacement(char) ?? char);
  return out;
}

/** Size of a message in characters, GSM-7 units and billed segments. */
export interface SmsSegmentCount {
  characters: number;
  units: number;
  segments: number;
  perSegment: 160 | 153;
}

/** Counts characters, GSM-7 units (extension characters count double) and segments (160 single, 153 per part). */
export function countSmsSegments(text: string): SmsSegmentCount {
  const costs = Array.from(text, (char) => (GSM7_EXTENSION.has(char) ? 2 : 1));
  const units = costs.reduce((sum, cost) => sum + cost, 0);
  if (units === 0) return { characters: 0, units: 0, segments: 0, perSegment: 160 };
  if (units <= 160) return { characters: costs.length, units, segments: 1, perSegment: 160 };
  // An escape pair never straddles two parts, so fill 153-unit parts one character at a time.
  let segments = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > 153) {
      segments += 1;
      used = 0;
    }
    used += cost;
  }
  return { characters: costs.length, units, segments, perSegment: 153 };
}

/** The merge token that asks the service for its two-way reply number as the sender. */
export const SMS_REPLY_SENDER = '#reply#';

/** Checks an SMS sender: null when the service accepts it, else why not, in plain staff words. */
export function validateSmsSender(from: string): string | null {
  if (from === SMS_REPLY_SENDER) return null;
  if (from.length === 0) return 'Enter a sender name (letters and digits, up to 11).';
  if (/\s/.test(from)) return 'The sender cannot contain spaces.';
  if (from.length > 11) return `The sender can be at most 11 characters; this one has ${from.length}.`;
  if (!/^[A-Za-z0-9]+$/.test(from))
    return `The sender can use only letters and digits (or exactly ${SMS_REPLY_SENDER} for replies).`;
  return null;
}
