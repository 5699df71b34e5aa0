// Writing CSV for staff to open in Excel or LibreOffice: failed rows and rows with problems of an import, exported guests.
import { displayPhone } from '../../shared/format/venue-format';
import { FIELD, fieldText, type ContactRecord } from '../db/contact';
import type { Encoding } from './decode';
import type { Delimiter } from './parse';

/**
 * A cell a spreadsheet would run as a formula (CSV injection): one starting with = + - @ (or their
 * full-width forms ＝ ＋ － ＠, which Excel also reads), or tab or carriage return, once leading
 * spaces, no-break spaces and quote marks are passed over (Excel skips them before a formula).
 */
const FORMULA_START = /^[\s\u00a0\u2000-\u200b\u3000'"‘’“”]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/;
/** Cells holding any of these are quoted, whatever the file's delimiter (a ";" Excel must not split a "," file's cell, and the reverse). */
const NEEDS_QUOTES = /[,;\t\r\n"]/;

/** A cell that a spreadsheet would run as a formula, made plain text with a leading apostrophe. */
export function neutralizeFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** Rows as CSV text: formulas neutralised, cells with a delimiter of any kind, quotes or line breaks quoted, CRLF line ends. */
export function toCsvText(rows: ReadonlyArray<ReadonlyArray<string>>, delimiter: Delimiter): string {
  return rows
    .map((row) =>
      row
        .map((raw) => {
          const cell = neutralizeFormula(raw);
          return NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
        })
        .join(delimiter),
    )
    .join('\r\n')
    .concat('\r\n');
}

/**
 * A mobile as an export writes it: international, grouped ("+61 412 345 678"), so it dials from
 * anywhere and reads at a glance; the leading + makes toCsvText neutralise it ("'+61 412 345 678"),
 * so no spreadsheet runs it as a formula or turns it into a number (losing the + and the grouping)
 * in any locale, and the desk's own import reads it back. A value that is not a phone number is kept as it is.
 */
export function exportedMobile(value: string): string {
  // The venue's phone format with no venue country: always the international form.
  return displayPhone(value, '');
}

/** Text as bytes in an encoding; a byte-order mark for UTF-16 always and for UTF-8 when asked. Characters Windows-1252 lacks become "?". */
export function encodeText(text: string, encoding: Encoding, utf8Bom = false): Uint8Array {
  if (encoding === 'utf-8') {
    const body = new TextEncoder().encode(text);
    return utf8Bom ? concat(new Uint8Array([0xef, 0xbb, 0xbf]), body) : body;
  }
  if (encoding === 'windows-1252') {
    const table = windows1252Table();
    const out = new Uint8Array(text.length);
    let length = 0;
    for (const char of text) out[length++] = table.get(char) ?? 0x3f;
    return out.subarray(0, length);
  }
  const out = new Uint8Array(2 + text.length * 2);
  const view = new DataView(out.buffer);
  const little = encoding === 'utf-16le';
  view.setUint16(0, 0xfeff, little);
  for (let i = 0; i < text.length; i++) view.setUint16(2 + i * 2, text.charCodeAt(i), little);
  return out;
}

/** Windows-1252's characters for bytes 0x80–0x9F (the rest is Latin-1); written out because some platforms decode these bytes as Latin-1. */
const CP1252_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

let cp1252: Map<string, number> | undefined;

/** Character → byte of Windows-1252. */
function windows1252Table(): Map<string, number> {
  if (cp1252) return cp1252;
  cp1252 = new Map();
  for (let byte = 0; byte < 256; byte++)
    cp1252.set(byte >= 0x80 && byte <= 0x9f ? CP1252_80_9F[byte - 0x80]! : String.fromCharCode(byte), byte);
  return cp1252;
}

/** Two byte arrays as one. */
function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** A guest as a row of an export: the given fields (mobiles in their export form), categories last. */
export function guestExportRow(record: ContactRecord, fields: readonly string[]): string[] {
  return [
    ...fields.map((field) =>
      field === FIELD.mobile ? exportedMobile(fieldText(record, field)) : fieldText(record, field),
    ),
    fieldText(record, 'svc_categories'),
  ];
}
