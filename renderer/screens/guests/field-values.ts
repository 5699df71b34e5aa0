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
