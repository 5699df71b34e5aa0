// Request bodies as the reference asks: form bodies for the campaign and message methods, JSON for the rest (§4.1).

/** A value a form field can carry once the request schema has run (datetimes are already strings). */
type FormValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** A form value as text: booleans as 1/0, the way the reference writes import_images. */
function formText(value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/** application/x-www-form-urlencoded body; arrays repeat as `name[]`, absent values are left out. */
export function encodeForm(fields: Record<string, FormValue>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number | boolean)[]) body.append(`${name}[]`, formText(item));
    } else {
      body.append(name, formText(value as string | number | boolean));
    }
  }
  return body;
}

/** Body and content type of a request in the given encoding. */
export function encodeBody(encoding: 'form' | 'json', payload: unknown): { body: string; contentType: string } {
  if (encoding === 'json') return { body: JSON.stringify(payload), contentType: 'application/json' };
  return {
    body: encodeForm((payload ?? {}) as Record<string, FormValue>).toString(),
    contentType: 'application/x-www-form-urlencoded',
  };
}
