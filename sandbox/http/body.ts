// Reading request bodies safely: a size limit, form bodies with repeated name[] arrays, JSON with clear errors.
import { BadRequestError } from './envelope';

/** Reads the body as text, refusing more than `limit` bytes without reading it all. */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined); // the body is refused below either way
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BadRequestError('The request body is not valid UTF-8 text');
  }
}

/** The 413 answer for an oversized body. */
function tooLarge(limit: number): BadRequestError {
  return new BadRequestError(
    `The request body is larger than the limit of ${Math.round(limit / 1024 / 1024)} MB; send fewer items per call`,
    413,
  );
}

/** Form values: a plain value, or an array from repeated `name[]`. */
export type FormParams = Record<string, string | string[]>;

/** Parses application/x-www-form-urlencoded text; `name[]` (and `name[0]`, `name[1]`…) collect into an array under `name`. */
export function parseFormBody(text: string): FormParams {
  const params: FormParams = Object.create(null) as FormParams;
  for (const [rawName, value] of new URLSearchParams(text)) {
    const arrayMatch = /^(.+?)\[(\d*)\]$/.exec(rawName);
    if (arrayMatch) {
      const name = arrayMatch[1]!;
      const existing = params[name];
      params[name] = Array.isArray(existing)
        ? [...existing, value]
        : existing === undefined
          ? [value]
          : [existing, value];
    } else if (params[rawName] !== undefined) {
      // A plain name given twice: the last one wins, as PHP-style services read forms.
      params[rawName] = value;
    } else {
      params[rawName] = value;
    }
  }
  return params;
}

/** Parses a JSON body, with the position of the error in the message when it is malformed. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new BadRequestError('The request body is empty; this method takes a JSON body');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'parse error';
    throw new BadRequestError(`The request body is not valid JSON (${detail})`);
  }
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}
