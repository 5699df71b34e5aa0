import { isValidEmail } from '../../../shared/rules/email';
import { validateFieldValue } from '../../../shared/rules/fields';
import { normalizePhone } from '../../../shared/rules/phone';
import { FIELD, type FieldValue } from '../../db/contact';
import type { FieldRow } from '../../db/guest-types';

/** A stored field value as its editor holds it (datetimes with a space, booleans as 'true' / 'false'). */
export function toInputValue(type: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (type === 'bool') {
    if (value === true || value === 1 || /^(true|1|yes)$/i.test(String(value))) return 'true';
    if (value === false || value === 0 || /^(false|0|no)$/i.test(String(value))) return 'false';
    return '';
  }
  if (type === 'datetime') return String(value).replace('T', ' ').slice(0, 19);
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

/** A typed value as the service stores it: booleans for bool fields, numbers for number fields, text otherwise ('' clears). */
export function toServiceValue(type: string, input: string): string | number | boolean {
  const text = input.trim();
  if (text === '') return '';
  if (type === 'bool') return text === 'true';
  if (type === 'number') return Number(text);
  return type === 'text' ? input : text;
}

/**
 * A value staff typed in a guest's field as the service takes it, or why it cannot be: the email checked, the
 * mobile read in the venue's country and sent international (+61412345678), other fields checked by their type.
 * A blank clears the field. The new-guest form and the profile's details check with it alike.
 */
export function typedGuestValue(
  field: Pick<FieldRow, 'name' | 'type'>,
  typed: string,
  country: string | undefined,
): { value: FieldValue } | { problem: string } {
  const text = typed.trim();
  if (text === '') return { value: '' };
  if (field.name === FIELD.email)
    return isValidEmail(text) ? { value: text } : { problem: 'Not a valid email address.' };
  if (field.name === FIELD.mobile) {
    const mobile = normalizePhone(text, country);
    return mobile
      ? { value: mobile }
      : { problem: 'Not a valid mobile number (add the country code if it is abroad).' };
  }
  const problem = validateFieldValue(field.type, typed);
  return problem ? { problem } : { value: toServiceValue(field.type, typed) };
}
