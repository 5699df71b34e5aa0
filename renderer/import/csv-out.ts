// Writing CSV for staff to open in Excel: failed rows of an import, exported guests.
import type { Encoding } from './decode';
import type { Delimiter } from './parse';

/** Characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell that a spreadsheet would run as a formula, made plain text with a leading apostrophe. */
export function neutralizeFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** Rows as CSV text: formulas neutralised, cells with the delimiter, quotes or line breaks quoted, CRLF line ends. */
export function toCsvText(rows: ReadonlyArray<ReadonlyArray<string>>, delimiter: Delimiter): string {
  return rows
    .map((row) =>
      row
        .map((raw) => {
          const cell = neutralizeFormula(raw);
          return cell.includes(delimiter) || /["\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
        })
        .join(delimiter),
    )
    .join('\r\n')
    .concat('\r\n');
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
