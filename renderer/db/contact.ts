/** A contact as the service returns it: client_id, contact_id, svc_categories and custom fields by name. */
export type ContactRecord = Record<string, unknown>;

/** A value staff set on a contact field. */
export type FieldValue = string | number | boolean | null;

/** The standard field names the desk looks for (reference 2.2). */
export const FIELD = {
  firstName: 'PatronName',
  surname: 'PatronSurname',
  email: 'PatronEmail',
  mobile: 'PatronMobile',
  member: 'MemberNumber',
  card: 'CardNumber',
} as const;

/** Fields the service manages itself; staff never edit them as contact fields. */
export const SYSTEM_FIELDS = new Set(['client_id', 'contact_id', 'svc_categories', 'svc_multiselect_modify']);

/** A field value as text ('' for nothing), whatever type the service sent. */
export function fieldText(record: ContactRecord, name: string): string {
  const value = record[name];
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** "First Surname", or the email or mobile when the guest has no name. */
export function guestLabel(record: ContactRecord): string {
  const name = [fieldText(record, FIELD.firstName), fieldText(record, FIELD.surname)].filter(Boolean).join(' ').trim();
  return name || fieldText(record, FIELD.email) || fieldText(record, FIELD.mobile) || 'Guest without a name';
}

/** One line of contact details for lists: email · mobile · member number. */
export function guestDetail(record: ContactRecord): string {
  const member = fieldText(record, FIELD.member);
  return [fieldText(record, FIELD.email), fieldText(record, FIELD.mobile), member && `Member ${member}`]
    .filter(Boolean)
    .join(' · ');
}

/** A guestDetail line as staff read it: its phone in the venue's form (national at home, international otherwise). */
export function shownDetail(detail: string, phone: (raw: string) => string): string {
  return detail
    .split(' · ')
    .map((part) => (/^\+?[\d\s().-]{6,}$/.test(part) ? phone(part) : part))
    .join(' · ');
}

/** The contact's categories as a list (the service sends them comma-separated). */
export function categoriesOf(record: ContactRecord): string[] {
  return splitList(record.svc_categories);
}

/** The options checked on a multipleSelect field (a list, or comma-separated text). */
export function optionsOf(record: ContactRecord, field: string): string[] {
  return splitList(record[field]);
}

/** A comma-separated string or an array, as a clean list. */
function splitList(value: unknown): string[] {
  if (Array.isArray(value))
    return value
      .map(String)
      .map((item) => item.trim())
      .filter(Boolean);
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
