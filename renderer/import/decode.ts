// Turning a dropped file's bytes into text: the encoding detected from the bytes, or the one staff chose.

/** The encodings the import reads (papaparse reads text only, so the desk decodes first). */
export const ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** How staff see each encoding in the picker. */
export const ENCODING_LABELS: Record<Encoding, string> = {
  'utf-8': 'UTF-8 (Unicode)',
  'utf-16le': 'UTF-16 (Unicode, little-endian)',
  'utf-16be': 'UTF-16 (Unicode, big-endian)',
  'windows-1252': 'Windows-1252 / Latin-1 (older Excel)',
};

/** What the first bytes say the file is. */
export type FileShape = 'text' | 'xlsx' | 'xls' | 'binary' | 'empty';

/**
 * The encoding of a text file: a byte-order mark decides; else the bytes are tried as strict UTF-8;
 * else Windows-1252, which every byte sequence decodes in (the Excel "CSV" of Western Europe).
 */
function detectEncoding(bytes: Uint8Array): Encoding {
  return markedEncoding(bytes) ?? (strictUtf8(bytes) !== null ? 'utf-8' : 'windows-1252');
}

/** The detected encoding (detectEncoding) and the text in it (decodeBytes): a UTF-8 file is decoded once, not twice. */
export function decodeDetected(bytes: Uint8Array): { encoding: Encoding; text: string } {
  const marked = markedEncoding(bytes);
  if (marked) return { encoding: marked, text: decodeBytes(bytes, marked) };
  // Strict and lenient UTF-8 decoding agree on bytes the strict one accepts (the mark stripped by both).
  const text = strictUtf8(bytes);
  return text !== null
    ? { encoding: 'utf-8', text }
    : { encoding: 'windows-1252', text: decodeBytes(bytes, 'windows-1252') };
}

/** The encoding a byte-order mark, or UTF-16's zero bytes, say; null when only decoding can tell. */
function markedEncoding(bytes: Uint8Array): Encoding | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  // UTF-16 without a mark: every other byte of plain text is zero.
  const zeros = countZeros(bytes.subarray(0, 4096));
  if (zeros.even > 16 && zeros.even > zeros.odd * 4) return 'utf-16be';
  if (zeros.odd > 16 && zeros.odd > zeros.even * 4) return 'utf-16le';
  return null;
}

/** The bytes as strict UTF-8 (a leading mark stripped), or null when they are not UTF-8. */
function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The text of the bytes in an encoding, without its byte-order mark; undecodable bytes become U+FFFD. */
export function decodeBytes(bytes: Uint8Array, encoding: Encoding): string {
  // ignoreBOM: false strips a mark of the same encoding.
  return new TextDecoder(encoding, { ignoreBOM: false }).decode(bytes);
}

/** What kind of file the bytes are: text to parse, an Excel workbook (new or old), binary, or nothing. */
export function fileShape(bytes: Uint8Array): FileShape {
  if (bytes.length === 0) return 'empty';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'xlsx';
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return 'xls';
  return looksBinary(bytes.subarray(0, 8192)) ? 'binary' : 'text';
}

/** Control bytes other than tab, newline, carriage return and form feed in more than 1% of the sample (UTF-16 aside). */
function looksBinary(sample: Uint8Array): boolean {
  const encoding = detectEncoding(sample);
  if (encoding === 'utf-16le' || encoding === 'utf-16be') return false;
  let control = 0;
  for (const byte of sample)
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control += 1;
  return control > Math.max(1, sample.length / 100);
}

/** Zero bytes at even and at odd offsets. */
function countZeros(sample: Uint8Array): { even: number; odd: number } {
  let even = 0;
  let odd = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2 === 0) even += 1;
    else odd += 1;
  }
  return { even, odd };
}
