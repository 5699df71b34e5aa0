// Writes .xlsx workbooks for tests and benchmarks the way Excel lays them out: a shared strings table,
// styles with a date format, one worksheet per sheet, deflated in a zip (fflate). Sizes are realistic:
// 6,000 guests give a sheet part past 512 KB, the size from which fflate's async unzip starts a worker.
import { strToU8, zipSync } from 'fflate';

/** A cell: text, a number, or a date (written as an Excel serial with a date style). */
export type XlsxCell = string | number | Date | null;

/** A sheet: its name and rows of cells. */
export interface XlsxSheet {
  name: string;
  rows: XlsxCell[][];
}

/** A workbook of these sheets as .xlsx bytes; `parts` adds package parts as they are (docProps, media). */
export function writeXlsx(sheets: readonly XlsxSheet[], parts: Readonly<Record<string, Uint8Array>> = {}): Uint8Array {
  const strings = new Map<string, number>();
  const stringIndex = (text: string) => {
    let index = strings.get(text);
    if (index === undefined) {
      index = strings.size;
      strings.set(text, index);
    }
    return index;
  };
  const worksheets = sheets.map((sheet) => worksheetXml(sheet.rows, stringIndex));
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets.map((sheet, i) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId${sheets.length + 2}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ),
    'xl/styles.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    ),
  };
  worksheets.forEach((xml, i) => (files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(xml)));
  files['xl/sharedStrings.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.size}" uniqueCount="${strings.size}">${[...strings.keys()].map((text) => `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`).join('')}</sst>`,
  );
  return zipSync({ ...files, ...parts }, { level: 6 });
}

/** One worksheet's XML. */
function worksheetXml(rows: readonly XlsxCell[][], stringIndex: (text: string) => number): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  ];
  rows.forEach((row, r) => {
    const cells = row.map((cell, c) => {
      const ref = `${columnName(c)}${r + 1}`;
      if (cell === null || cell === '') return '';
      if (cell instanceof Date) return `<c r="${ref}" s="1"><v>${cell.getTime() / 86_400_000 + 25_569}</v></c>`;
      if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
      return `<c r="${ref}" t="s"><v>${stringIndex(cell)}</v></c>`;
    });
    parts.push(`<row r="${r + 1}">${cells.join('')}</row>`);
  });
  parts.push('</sheetData></worksheet>');
  return parts.join('');
}

/** 0 → A, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Text safe inside XML. */
function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const FIRST = ['Zoë', 'Ava', 'Noah', 'Léa', 'Oliver', 'Chloé', 'Jack', 'Mia', 'Lucas', 'Inès', 'Henry', 'Grace'];
const LAST = ['Ashford', 'Nguyen', 'Smith', 'Lefèvre', 'Wilson', 'Brown', "O'Brien", 'Martin', 'Taylor', 'Dubois'];

/** A sheet of `rows` guests in 20 columns as a venue keeps them (names, email, mobile, birthday, notes…), header first. */
export function guestRows(rows: number, stamp: string): XlsxCell[][] {
  const header = [
    'First Name',
    'Last Name',
    'Email',
    'Mobile',
    'Birthday',
    'Gender',
    'Member Number',
    'Card Number',
    'Company',
    'Job Title',
    'Street',
    'City',
    'State',
    'Postcode',
    'Country',
    'Visits',
    'Last Visit',
    'Favourite Drink',
    'Tags',
    'Notes',
  ];
  const out: XlsxCell[][] = [header];
  for (let i = 0; i < rows; i++) {
    out.push([
      FIRST[i % FIRST.length]!,
      LAST[(i * 7) % LAST.length]!,
      `x${i}.${stamp}@example.com`,
      `04${String(10_000_000 + i).padStart(8, '0')}`,
      new Date(Date.UTC(1960 + (i % 40), i % 12, 1 + (i % 28))),
      i % 2 ? 'Female' : 'Male',
      `M${100000 + i}`,
      i % 3 === 0 ? `C${900000 + i}` : null,
      i % 4 === 0 ? 'Harbour Bar Pty Ltd' : null,
      i % 5 === 0 ? 'Manager' : null,
      `${1 + (i % 200)} George Street`,
      i % 2 ? 'Sydney' : 'Melbourne',
      i % 2 ? 'NSW' : 'VIC',
      2000 + (i % 900),
      'Australia',
      i % 50,
      new Date(Date.UTC(2024, i % 12, 1 + (i % 28))),
      i % 3 ? 'Pinot noir' : 'Espresso',
      i % 5 === 0 ? 'VIP, Regulars' : 'Regulars',
      i % 7 === 0 ? 'Prefers the corner table' : null,
    ]);
  }
  return out;
}
