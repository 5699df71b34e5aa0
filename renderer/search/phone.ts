import { isSupportedCountry, Metadata } from 'libphonenumber-js';
import { normalizePhone } from '../../shared/rules/phone';
import type { PhoneKey } from './terms';

/** What turns a national number into E.164 for a country: its calling code and trunk prefix (libphonenumber's metadata). */
export interface PhonePlan {
  callingCode: string;
  /** The trunk prefix dialled before national numbers ('0' in AU and GB, '1' in the US), or '' when there is none (IT). */
  nationalPrefix: string;
}

/** The calling code and trunk prefix of a country ("AU" → 61 and 0); empty for a code libphonenumber does not know. */
export function phonePlanOf(country: string): PhonePlan {
  if (!isSupportedCountry(country)) return { callingCode: '', nationalPrefix: '' };
  try {
    const metadata = new Metadata();
    metadata.selectNumberingPlan(country);
    const plan = metadata.numberingPlan as unknown as
      | {
          callingCode(): string;
          nationalPrefix(): string | undefined;
          nationalPrefixTransformRule(): string | undefined;
        }
      | undefined;
    const prefix = plan?.nationalPrefix();
    // A prefix that rewrites the number (AR's 9 before mobiles) is left to the full parser.
    return {
      callingCode: plan?.callingCode() ?? '',
      nationalPrefix: /^\d+$/.test(prefix ?? '') && !plan?.nationalPrefixTransformRule() ? prefix! : '',
    };
  } catch {
    return { callingCode: '', nationalPrefix: '' };
  }
}

const E164 = /^\+[1-9]\d{6,14}$/;
const NATIONAL_LENGTH = { min: 6, max: 13 };

/**
 * Mobiles as E.164 digits for the venue's country. Numbers in E.164 and national numbers that start
 * with the country's trunk prefix are converted directly (100,000 guests index in well under a
 * second); anything else goes through libphonenumber-js (shared/rules normalizePhone).
 */
export function createPhoneKey(defaultCountry: string): PhoneKey {
  const { callingCode, nationalPrefix } = phonePlanOf(defaultCountry);
  return (raw) => {
    const trimmed = raw.trim();
    if (E164.test(trimmed)) return trimmed.slice(1);
    if (nationalPrefix && /^[\d\s().-]+$/.test(trimmed)) {
      const digits = trimmed.replace(/\D/g, '');
      const national = digits.slice(nationalPrefix.length);
      if (
        digits.startsWith(nationalPrefix) &&
        !digits.startsWith('00') &&
        national.length >= NATIONAL_LENGTH.min &&
        national.length <= NATIONAL_LENGTH.max
      )
        return callingCode + national;
    }
    return normalizePhone(trimmed, defaultCountry)?.slice(1) ?? null;
  };
}
