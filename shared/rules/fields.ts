// Contact field definitions: the type table, names generated from labels, and value checks for the desk.

/** The types add_contact_field accepts (section 2.3): all but Sex, which only the service's standard field has. */
export const ADDABLE_FIELD_TYPES = [
  'string',
  'text',
  'number',
  'date',
  'time',
  'datetime',
  'singleSelect',
  'multipleSelect',
  'bool',
] as const;

export type AddableFieldType = (typeof ADDABLE_FIELD_TYPES)[number];

/** Every field type get_contact_fields can list (section 2.3). */
export const FIELD_TYPES = [...ADDABLE_FIELD_TYPES, 'Sex'] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

/** Whether add_contact_field accepts this type. */
export function isAddableFieldType(type: string): type is AddableFieldType {
  return (ADDABLE_FIELD_TYPES as readonly string[]).includes(type);
}

/** Splits "VIP level", "dateOfBirth" or "card_no 2" into words, keeping digits with the letters before them. */
function labelWords(label: string): string[] {
  const plain = label.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const words: string[] = [];
  for (const chunk of plain.split(/[^A-Za-z0-9]+/)) {
    if (!chunk) continue;
    // Break at lower→Upper ("dateOf") and at an acronym's end ("VIPLevel" → VIP, Level).
    words.push(...(chunk.match(/[A-Z]+(?![a-z])[0-9]*|[A-Z]?[a-z]+[0-9]*|[0-9]+[a-z]*/g) ?? []));
  }
  return words;
}

/** The field name the service generates from a label: lower camel case ("Favourite drink" → "favouriteDrink"); '' when no letters or digits. */
export function fieldNameFromLabel(label: string): string {
  return labelWords(label)
    .map((word, i) => {
      const lower = word.toLowerCase();
      return i === 0 ? lower : lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join('');
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;

/** Whether yyyy-mm-dd names a real calendar day. */
export function isValidDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether hh:mm:ss is a 24-hour time. */
export function isValidTime(text: string): boolean {
  return TIME.test(text);
}

/** The options of a multipleSelect value: an array, or a comma-separated list. */
export function multipleSelectValues(value: unknown): string[] {
  const list = Array.isArray(value) ? value.map(String) : String(value).split(',');
  return list.map((option) => option.trim()).filter((option) => option !== '');
}

/**
 * Checks a value typed for a field of this type: null when it fits, else why not, in staff words.
 * Blank is always fine (it clears the field). For selects, `options` (when given) are the allowed ones.
 */
export function validateFieldValue(type: string, value: unknown, options?: readonly string[]): string | null {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return null;
  const text = Array.isArray(value) ? '' : String(value).trim();
  switch (type) {
    case 'string':
      return /[\r\n]/.test(text) ? 'Use a single line here.' : null;
    case 'text':
      return null;
    case 'number':
      return text !== '' && Number.isFinite(Number(text))
        ? null
        : 'Enter a number (digits, optionally with a decimal point).';
    case 'date':
      return isValidDate(text) ? null : 'Enter a date as yyyy-mm-dd, e.g. 1990-04-25.';
    case 'time':
      return isValidTime(text) ? null : 'Enter a 24-hour time as hh:mm:ss, e.g. 19:30:00.';
    case 'datetime': {
      const [day = '', time = '', ...rest] = text.split(' ');
      return rest.length === 0 && isValidDate(day) && isValidTime(time)
        ? null
        : 'Enter a date and time as yyyy-mm-dd hh:mm:ss, e.g. 2025-06-01 19:30:00.';
    }
    case 'bool':
      return typeof value === 'boolean' || text === 'true' || text === 'false' ? null : 'Choose true or false.';
    case 'Sex':
      return text === 'm' || text === 'f' ? null : 'Choose m or f.';
    case 'singleSelect':
      if (Array.isArray(value)) return 'Choose one option only.';
      return !options || options.includes(text) ? null : `"${text}" is not one of the options.`;
    case 'multipleSelect': {
      if (!options) return null;
      const unknown = multipleSelectValues(value).filter((option) => !options.includes(option));
      return unknown.length === 0 ? null : `Not among the options: ${unknown.map((o) => `"${o}"`).join(', ')}.`;
    }
    default:
      return `Unknown field type "${type}".`;
  }
}
