// Typed access to request parameters, with a clear message when a value has the wrong type.
import { BadRequestError } from './envelope';

/** Parameters of a call: form values or a JSON object. */
export type Params = Record<string, unknown>;

/** An optional single text value; numbers and booleans are read as text; arrays and objects are refused. */
export function optionalText(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new BadRequestError(
    `${name} must be a single text value, not ${Array.isArray(value) ? 'a list' : 'an object'}`,
  );
}

/** An optional text value with blanks read as absent. */
export function optionalNonBlank(params: Params, name: string): string | undefined {
  const value = optionalText(params, name);
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** A value that may be one text or a list of texts (category_id, to). */
export function textList(params: Params, name: string): string[] | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry, i) => {
    if (typeof entry === 'string') return entry;
    if (typeof entry === 'number') return String(entry);
    throw new BadRequestError(`${name}[${i}] must be text`);
  });
}

/** An optional number (JSON number or numeric text). */
export function optionalNumber(params: Params, name: string): number | undefined {
  const text = optionalNonBlank(params, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new BadRequestError(`${name} must be a number, got "${text}"`);
  return value;
}

/** An optional boolean: true/false, 1/0, "true"/"false", "1"/"0". */
export function optionalBoolean(params: Params, name: string): boolean | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  throw new BadRequestError(`${name} must be true or false`);
}
