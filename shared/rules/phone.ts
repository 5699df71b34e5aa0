// Phone numbers: guests type them in every form; the service and the desk compare them as E.164.
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * The number in E.164 (+61412345678), or null when it is not a valid number; accepts spaces, dashes, national 0
 * form and +country. `defaultCountry` is the account's country as stored ("AU"): national numbers are read in it,
 * and a code libphonenumber does not know reads international numbers only.
 */
export function normalizePhone(input: string, defaultCountry?: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  // "0061…" and "+61…" are the same number; libphonenumber wants the plus.
  const withPlus = trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed;
  const country = defaultCountry !== undefined && isSupportedCountry(defaultCountry) ? defaultCountry : undefined;
  try {
    const parsed = parsePhoneNumberFromString(withPlus, country);
    return parsed && parsed.isValid() ? parsed.number : null;
  } catch {
    return null;
  }
}

/** Only the digits of the input ("+61 412-345-678" → "61412345678"), for loose matching and search. */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '');
}
