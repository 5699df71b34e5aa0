// Reading .xlsx workbooks inside the import worker: unzipped synchronously (fflate's unzipSync, no nested
// worker, so the desk's CSP never stands in the way) and scanned without a DOM. Workbooks of Excel,
// LibreOffice, Google Sheets and Numbers are all the same Office Open XML.
import { unzipSync } from 'fflate';
import { ImportFileError, tooLarge, tooSlow, type ReadLimits, type SourceRow } from './limits';

/** A workbook opened: its sheets by name, each read only when asked for. */
export interface Workbook {
  sheets: string[];
  /** Rows of a sheet with their row numbers as the spreadsheet shows them; rows with no value are left out. */
  readSheet(name: string): SourceRow[];
  /** A quick count of a sheet's rows (to open the workbook on its sheet of guests). */
  rowCount(name: string): number;
}

/** Built-in number formats that show dates or times (ECMA-376 §18.8.30, plus the East Asian ones Excel maps to dates). */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/** Opens a workbook's bytes. Throws ImportFileError with the sentence to show when it is not one the desk can read. */
export function openWorkbook(fileName: string, bytes: Uint8Array, limits: ReadLimits): Workbook {
  // The zip's directory is read a few times: the package's relationships, then its workbook, then only
  // the parts they name (sheets, shared strings, styles). Images, charts and pivot caches are never unpacked.
  const unpacked = new PackageParts(fileName, bytes);
  const index = unpacked.read((name) => name.endsWith('.rels'));
  const workbookPath = mainPart(unpacked.text(index, '_rels/.rels') ?? '') ?? 'xl/workbook.xml';
  const workbookXml = unpacked.text(
    unpacked.read((name) => name === workbookPath),
    workbookPath,
  );
  if (workbookXml === null)
    throw new ImportFileError(
      `"${fileName}" is a zip file but not an Excel workbook (it has no xl/workbook.xml). Import a CSV, or a workbook saved as .xlsx.`,
    );
  const relations = relationshipTargets(unpacked.text(index, relationshipsOf(workbookPath)) ?? '', workbookPath);
  const listed = sheetList(workbookXml, relations);
  const sharedPath = relations.byType('sharedStrings') ?? 'xl/sharedstrings.xml';
  const stylesPath = relations.byType('styles') ?? 'xl/styles.xml';
  const wanted = new Set([...listed.map((sheet) => sheet.path), sharedPath, stylesPath]);
  const parts = unpacked.read((name) => wanted.has(name));
  if (Math.max(unpacked.declared, unpacked.size) > limits.maxUnpackedBytes)
    throw new ImportFileError(
      `"${fileName}" unpacks to ${megabytes(Math.max(unpacked.declared, unpacked.size))} MB, more than the ${megabytes(limits.maxUnpackedBytes)} MB the desk reads from one workbook. Save the sheet of guests as CSV, or split it into smaller workbooks.`,
    );
  const sheets = listed.filter((sheet) => parts.has(sheet.path));
  if (sheets.length === 0) throw new ImportFileError(`"${fileName}" has no sheets of cells to import.`);
  const date1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904="(?:1|true)"/.test(workbookXml);
  let shared: string[] | null = null;
  let dateStyles: boolean[] | null = null;
  const byName = new Map(sheets.map((sheet) => [sheet.name, sheet.path]));
  const sheetText = (name: string) => {
    const path = byName.get(name);
    const xml = path ? unpacked.text(parts, path) : null;
    if (xml === null) throw new ImportFileError(`The sheet "${name}" is not in "${fileName}".`);
    return xml;
  };
  return {
    sheets: sheets.map((sheet) => sheet.name),
    rowCount: (name) => countRows(sheetText(name)),
    readSheet(name) {
      shared ??= sharedStrings(unpacked.text(parts, sharedPath) ?? '');
      dateStyles ??= dateStyleFlags(unpacked.text(parts, stylesPath) ?? '');
      return readSheetRows(sheetText(name), { shared, dateStyles, date1904, limits, where: `the sheet "${name}"` });
    },
  };
}

/**
 * The parts of a zip package, unpacked on request by name. Names are compared in lower case: the Open
 * Packaging Conventions make part names case-insensitive, and Excel opens a workbook whose relationship
 * says sharedStrings.xml for a part stored as SharedStrings.xml.
 */
class PackageParts {
  /** Bytes the zip's directory declares for the parts unpacked so far, and their actual size. */
  declared = 0;
  size = 0;

  constructor(
    private readonly fileName: string,
    private readonly bytes: Uint8Array,
  ) {}

  /** Unpacks the parts whose lower-case name passes `wanted`, by lower-case name. */
  read(wanted: (name: string) => boolean): Map<string, Uint8Array> {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(this.bytes, {
        filter: (file) => {
          if (!wanted(file.name.toLowerCase())) return false;
          this.declared += file.originalSize;
          return true;
        },
      });
    } catch (error) {
      throw new ImportFileError(
        `"${this.fileName}" looks like an Excel workbook but could not be unpacked (${error instanceof Error ? error.message : String(error)}). Open it in Excel and save it again as .xlsx or CSV.`,
      );
    }
    const parts = new Map<string, Uint8Array>();
    for (const [name, part] of Object.entries(entries)) {
      this.size += part.length;
      parts.set(name.toLowerCase(), part);
    }
    return parts;
  }

  /** A part's text (UTF-8), or null when it is not there. */
  text(parts: ReadonlyMap<string, Uint8Array>, path: string): string | null {
    const part = parts.get(path.toLowerCase());
    return part ? new TextDecoder('utf-8').decode(part) : null;
  }
}

/** The package's main part (the workbook), from its root relationships, in lower case; undefined when none is named. */
function mainPart(rootRelationships: string): string | undefined {
  return relationshipTargets(rootRelationships, '').byType('officeDocument');
}

/** Where the relationships of a part are kept: `dir/_rels/name.rels`. */
function relationshipsOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return `${path.slice(0, slash + 1)}_rels/${path.slice(slash + 1)}.rels`;
}

/** A part's relationships: by id, the part each points at (a lower-case path inside the package), and the first of a type. */
function relationshipTargets(xml: string, fromPart: string) {
  const base = fromPart.slice(0, fromPart.lastIndexOf('/') + 1);
  const byId = new Map<string, { path: string; type: string }>();
  const byType = new Map<string, string>();
  for (const tag of xml.match(/<(?:\w+:)?Relationship\b[^>]*>/g) ?? []) {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (!id || !target || attribute(tag, 'TargetMode') === 'External') continue;
    const path = resolvePath(base, decodeEntities(target)).toLowerCase();
    // The type's last segment (…/relationships/worksheet, in the transitional and the strict schema alike).
    const type = attribute(tag, 'Type')?.split('/').pop() ?? '';
    byId.set(id, { path, type });
    if (type && !byType.has(type)) byType.set(type, path);
  }
  return { get: (id: string) => byId.get(id), byType: (type: string) => byType.get(type) };
}

/** A relationship's target as a path inside the package: absolute (leading /), or relative to its part's folder. */
function resolvePath(base: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : base + target).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

/** The workbook's worksheets in order: their names and the parts holding their cells. */
function sheetList(workbookXml: string, relations: ReturnType<typeof relationshipTargets>) {
  const sheets: Array<{ name: string; path: string }> = [];
  for (const tag of workbookXml.match(/<(?:\w+:)?sheet\b[^>]*>/g) ?? []) {
    const name = attribute(tag, 'name');
    const id = /\b[\w]+:id="([^"]*)"/.exec(tag)?.[1];
    const part = id ? relations.get(id) : undefined;
    // Chart sheets and dialog sheets hold no cells.
    if (name !== undefined && part?.type === 'worksheet') sheets.push({ name: decodeEntities(name), path: part.path });
  }
  return sheets;
}

/** An attribute's raw value from one start tag. */
function attribute(tag: string, name: string): string | undefined {
  const match =
    new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(tag) ?? new RegExp(`(?:^|\\s)${name}='([^']*)'`).exec(tag);
  return match?.[1];
}

/** The shared strings table: each item's text, rich-text runs joined, phonetic guides left out. */
function sharedStrings(xml: string): string[] {
  const out: string[] = [];
  let position = 0;
  for (;;) {
    const start = findTag(xml, 'si', position);
    if (start < 0) break;
    const end = findClose(xml, 'si', start);
    const item = xml.slice(start, end < 0 ? xml.length : end);
    out.push(textOf(item));
    position = end < 0 ? xml.length : end;
  }
  return out;
}

/** The text of the <t> elements of an item (a shared string or an inline string), outside phonetic runs. */
function textOf(item: string): string {
  const withoutPhonetic = item.includes('rPh') ? item.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, '') : item;
  let text = '';
  const pattern = /<(?:\w+:)?t(?:\s[^>]*)?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?t>)/g;
  for (let match = pattern.exec(withoutPhonetic); match; match = pattern.exec(withoutPhonetic)) text += match[1] ?? '';
  return decodeEntities(text);
}

/** For each cell style (cellXfs index), whether its number format shows a date or time. */
function dateStyleFlags(xml: string): boolean[] {
  const custom = new Map<number, string>();
  for (const tag of xml.match(/<(?:\w+:)?numFmt\b[^>]*>/g) ?? []) {
    const id = Number(attribute(tag, 'numFmtId'));
    const code = attribute(tag, 'formatCode');
    if (Number.isInteger(id) && code !== undefined) custom.set(id, decodeEntities(code));
  }
  const cellXfs = /<(?:\w+:)?cellXfs\b[\s\S]*?<\/(?:\w+:)?cellXfs>/.exec(xml)?.[0] ?? '';
  return (cellXfs.match(/<(?:\w+:)?xf\b[^>]*>/g) ?? []).map((tag) => {
    const id = Number(attribute(tag, 'numFmtId') ?? '0');
    const code = custom.get(id);
    return code !== undefined ? isDateFormatCode(code) : BUILT_IN_DATE_FORMATS.has(id);
  });
}

/** Whether a number format code shows a date or a time (its d, m, y, h or s outside quotes, escapes and [colours]). */
function isDateFormatCode(code: string): boolean {
  const bare = code
    .split(';')[0]!
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?:h+|m+|s+)\]/gi, 'h')
    .replace(/\[[^\]]*\]/g, '');
  return /[dmyhs]/i.test(bare) && !/^[#0?,.\s%E+-]*$/i.test(bare);
}

interface SheetContext {
  shared: readonly string[];
  dateStyles: readonly boolean[];
  date1904: boolean;
  limits: ReadLimits;
  where: string;
}

/** How many rows a sheet's XML holds (rows without cells included). */
function countRows(xml: string): number {
  let count = 0;
  for (let at = findTag(xml, 'row', 0); at >= 0; at = findTag(xml, 'row', at + 1)) count += 1;
  return count;
}

/**
 * The rows of a sheet, scanned tag by tag: each cell's value by its type (shared string, inline
 * string, formula result, boolean, number, or a date when its style says so), placed by its reference.
 */
function readSheetRows(xml: string, ctx: SheetContext): SourceRow[] {
  const rows: SourceRow[] = [];
  let cellsSeen = 0;
  let nextRow = 1;
  let position = 0;
  const deadline = Date.now() + ctx.limits.timeMs;
  for (;;) {
    const rowStart = findTag(xml, 'row', position);
    if (rowStart < 0) break;
    const rowTagEnd = xml.indexOf('>', rowStart);
    if (rowTagEnd < 0) break;
    const rowTag = xml.slice(rowStart, rowTagEnd + 1);
    const line = Number(attribute(rowTag, 'r') ?? nextRow);
    nextRow = line + 1;
    const selfClosing = rowTag.endsWith('/>');
    const rowEnd = selfClosing ? rowTagEnd + 1 : findClose(xml, 'row', rowTagEnd);
    const body = selfClosing ? '' : xml.slice(rowTagEnd + 1, rowEnd < 0 ? xml.length : rowEnd);
    position = rowEnd < 0 ? xml.length : rowEnd;
    const cells = readCells(body, ctx);
    if (cells.length === 0 || cells.every((cell) => cell.trim() === '')) continue;
    cellsSeen += cells.length;
    rows.push({ line, cells });
    if (rows.length > ctx.limits.maxRows || cellsSeen > ctx.limits.maxCells)
      throw new ImportFileError(tooLarge(ctx.limits, ctx.where, rows.length, cellsSeen));
    if ((rows.length & 1023) === 0 && Date.now() > deadline)
      throw new ImportFileError(tooSlow(ctx.limits, ctx.where, rows.length));
  }
  return rows;
}

/** The cells of one row's XML, by column. */
function readCells(body: string, ctx: SheetContext): string[] {
  const cells: string[] = [];
  let position = 0;
  let nextColumn = 0;
  for (;;) {
    const start = findTag(body, 'c', position);
    if (start < 0) break;
    const tagEnd = body.indexOf('>', start);
    if (tagEnd < 0) break;
    const tag = body.slice(start, tagEnd + 1);
    const selfClosing = tag.endsWith('/>');
    const end = selfClosing ? tagEnd + 1 : findClose(body, 'c', tagEnd);
    const inner = selfClosing ? '' : body.slice(tagEnd + 1, end < 0 ? body.length : end);
    position = end < 0 ? body.length : end;
    const reference = attribute(tag, 'r');
    const column = reference ? columnIndex(reference) : nextColumn;
    nextColumn = column + 1;
    if (column > 16_383) continue;
    const value = cellValue(attribute(tag, 't') ?? 'n', attribute(tag, 's'), inner, ctx);
    if (value === '') continue;
    while (cells.length < column) cells.push('');
    cells[column] = value;
  }
  return cells;
}

/** One cell's value as text. */
function cellValue(type: string, style: string | undefined, inner: string, ctx: SheetContext): string {
  if (type === 'inlineStr') return textOf(inner);
  const raw = elementText(inner, 'v');
  if (raw === null) return '';
  switch (type) {
    case 's':
      return ctx.shared[Number(raw)] ?? '';
    case 'str':
      return decodeEntities(raw);
    case 'b':
      return raw === '1' || raw === 'true' ? 'TRUE' : 'FALSE';
    case 'e':
      // An error value is read as Excel shows it (#N/A, #DIV/0!), as Excel's own CSV export writes it.
      return decodeEntities(raw);
    case 'd':
      return isoDateText(raw);
    default: {
      const number = Number(raw);
      if (!Number.isFinite(number)) return decodeEntities(raw);
      if (style !== undefined && ctx.dateStyles[Number(style)]) return serialDateText(number, ctx.date1904);
      // Excel keeps 15 significant digits; 0.1+0.2 is stored as 0.30000000000000004 and shown as 0.3.
      return String(Number(number.toPrecision(15)));
    }
  }
}

/** The text of the first <name> element of a fragment, or null. */
function elementText(fragment: string, name: string): string | null {
  const start = findTag(fragment, name, 0);
  if (start < 0) return null;
  const tagEnd = fragment.indexOf('>', start);
  if (tagEnd < 0 || fragment[tagEnd - 1] === '/') return '';
  const end = findClose(fragment, name, tagEnd);
  return fragment.slice(tagEnd + 1, end < 0 ? fragment.length : end);
}

/** Where the next start tag `<name` (or `<prefix:name`) begins at or after `from`, or -1. */
function findTag(xml: string, name: string, from: number): number {
  for (let at = xml.indexOf('<', from); at >= 0; at = xml.indexOf('<', at + 1)) {
    let nameStart = at + 1;
    if (!xml.startsWith(name, nameStart)) {
      nameStart = prefixEnd(xml, nameStart);
      if (nameStart < 0 || !xml.startsWith(name, nameStart)) continue;
    }
    const after = xml.charCodeAt(nameStart + name.length);
    // A space, '>', '/', tab or line break ends the name.
    if (after === 32 || after === 62 || after === 47 || after === 9 || after === 10 || after === 13) return at;
  }
  return -1;
}

/** Where the local name starts after a short namespace prefix (`x:` in `<x:row`), or -1 when there is none. */
function prefixEnd(xml: string, from: number): number {
  for (let i = from; i < from + 12 && i < xml.length; i++) {
    const code = xml.charCodeAt(i);
    if (code === 58 /* : */) return i + 1;
    if (code === 32 || code === 62 || code === 47 || code < 33) return -1;
  }
  return -1;
}

/** Where the end tag `</name>` (or `</prefix:name>`) after `from` begins, or -1. */
function findClose(xml: string, name: string, from: number): number {
  // Most workbooks use no prefix: one indexOf finds it.
  const plain = xml.indexOf(`</${name}>`, from);
  if (plain >= 0) return plain;
  for (let at = xml.indexOf('</', from); at >= 0; at = xml.indexOf('</', at + 2)) {
    const end = xml.indexOf('>', at);
    if (end < 0) return -1;
    const tag = xml.slice(at + 2, end).trim();
    if (tag === name || tag.endsWith(`:${name}`)) return at;
  }
  return -1;
}

/** "C12" → 2: the zero-based column of a cell reference. */
function columnIndex(reference: string): number {
  let column = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column - 1;
}

const MS_PER_DAY = 86_400_000;

/** An Excel serial date (days since 1899-12-30, or 1904-01-01) as yyyy-mm-dd, with the time when it has one. */
function serialDateText(serial: number, date1904: boolean): string {
  const days = serial + (date1904 ? 1462 : 0);
  const ms = Math.round((days - 25_569) * MS_PER_DAY);
  const iso = new Date(ms).toISOString();
  if (serial < 1 && serial >= 0) return iso.slice(11, 19);
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** A cell of type d (an ISO 8601 date) in the same form. */
function isoDateText(raw: string): string {
  const date = raw.trim().slice(0, 10);
  const time = /T(\d{2}:\d{2}:\d{2})/.exec(raw)?.[1];
  return time && time !== '00:00:00' ? `${date} ${time}` : date;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML entities and Excel's _xHHHH_ escapes (a carriage return is stored as _x000D_) as characters. */
function decodeEntities(text: string): string {
  let out = text;
  if (out.includes('&'))
    out = out.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, entity: string) =>
      entity.startsWith('#x')
        ? String.fromCodePoint(parseInt(entity.slice(2), 16))
        : entity.startsWith('#')
          ? String.fromCodePoint(Number(entity.slice(1)))
          : ENTITIES[entity]!,
    );
  if (out.includes('_x'))
    out = out.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return out;
}

/** Bytes as whole megabytes. */
function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}
