import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { READ_LIMITS, type ReadLimits } from '../../../renderer/import/limits';
import { matchColumns } from '../../../renderer/import/matching';
import { SourceFile } from '../../../renderer/import/source';
import { fieldLabel } from '../../../renderer/screens/guests/field-labels';
import { guestRows, writeXlsx } from '../../support/import-xlsx-writer';
import { DEMO_FIELDS, bufferOf, fixture, newSession } from './support';

/** Limits small enough for a test to pass them. */
const SMALL: ReadLimits = { ...READ_LIMITS, maxRows: 50, maxCells: 120, maxUnpackedBytes: 200_000 };

describe('workbooks, read in the worker without a nested worker', () => {
  it('reads a 6,000-guest workbook saved by LibreOffice (a 4.7 MB sheet part), with its row numbers and dates', () => {
    const source = new SourceFile();
    const summary = source.load('guests-6000-libreoffice.xlsx', fixture('guests-6000-libreoffice.xlsx'));
    expect(summary).toMatchObject({ kind: 'xlsx', rowCount: 6000, headerRow: 0 });
    const rows = source.dataRows();
    // The sheet's own row numbers: row 4 is blank in the sheet, so the third guest is row 5.
    expect(rows.slice(0, 3).map((row) => row.line)).toEqual([2, 3, 5]);
    expect(rows[0]!.cells.slice(0, 5)).toEqual(['Zoë', 'Ashford', 'x0.lo@example.com', '410000000', '1960-01-01']);
    expect(rows.at(-1)!.line).toBe(6002);
  });

  it('reads a 6,000-guest workbook laid out as Excel writes it (shared strings, a date style), and picks the sheet of guests', () => {
    const bytes = writeXlsx([
      { name: 'Read me', rows: [['Exported from the booking system']] },
      { name: 'Guests', rows: guestRows(6000, 'xl') },
    ]);
    const source = new SourceFile();
    const summary = source.load('guests.xlsx', bufferOf(bytes));
    expect(summary).toMatchObject({ sheets: ['Read me', 'Guests'], sheet: 'Guests', rowCount: 6000 });
    expect(source.dataRows()[1]!.cells.slice(0, 5)).toEqual([
      'Ava',
      'Martin',
      'x1.xl@example.com',
      '0410000001',
      '1961-02-02',
    ]);
  });

  it('refuses a workbook that unpacks past the cap, or has more rows or cells than the limits, with a sentence', () => {
    const big = writeXlsx([{ name: 'Guests', rows: guestRows(3000, 'big') }]);
    expect(() => new SourceFile(SMALL).load('big.xlsx', bufferOf(big))).toThrow(
      /"big.xlsx" unpacks to \d+ MB, more than the 0 MB the desk reads from one workbook/,
    );
    const many = writeXlsx([{ name: 'Guests', rows: guestRows(60, 'many').map((row) => row.slice(0, 2)) }]);
    expect(() => new SourceFile(SMALL).load('many.xlsx', bufferOf(many))).toThrow(/more than 50 rows/);
    const wide = writeXlsx([{ name: 'Guests', rows: guestRows(20, 'wide') }]);
    expect(() => new SourceFile(SMALL).load('wide.xlsx', bufferOf(wide))).toThrow(/more than 120 cells/);
  });

  it('reads packages as Excel does: part names in any case, the workbook wherever the package says, error values as shown, chart sheets left out', () => {
    const text = (xml: string) => new TextEncoder().encode(xml);
    const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const rel = (id: string, type: string, target: string) =>
      `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
    // A workbook at the package's root (its _rels/.rels says where), shared strings stored as SharedStrings.xml
    // while the relationship says sharedStrings.xml, an error value in an email cell, and a chart sheet.
    const bytes = zipSync({
      '_rels/.rels': text(`<Relationships>${rel('r1', 'officeDocument', 'book.xml')}</Relationships>`),
      'book.xml': text(
        `<workbook ${ns} xmlns:r="r"><sheets><sheet name="Chart" r:id="c"/><sheet name="Guests" r:id="g"/></sheets></workbook>`,
      ),
      '_rels/book.xml.rels': text(
        `<Relationships>${rel('c', 'chartsheet', 'charts/sheet1.xml')}${rel('g', 'worksheet', 'cells/guests.xml')}${rel('s', 'sharedStrings', 'sharedStrings.xml')}</Relationships>`,
      ),
      'charts/sheet1.xml': text(`<chartsheet ${ns}/>`),
      'cells/guests.xml': text(
        `<worksheet ${ns}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>` +
          `<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="e"><v>#N/A</v></c></row></sheetData></worksheet>`,
      ),
      'SharedStrings.xml': text(`<sst ${ns}><si><t>Name</t></si><si><t>Email</t></si><si><t>Zoë</t></si></sst>`),
    });
    const source = new SourceFile();
    expect(source.load('odd.xlsx', bufferOf(bytes))).toMatchObject({
      sheets: ['Guests'],
      sheet: 'Guests',
      rowCount: 1,
    });
    expect(source.dataRows()).toEqual([{ line: 2, cells: ['Zoë', '#N/A'] }]);
  });

  it('says why a zip that is no workbook, or a broken zip, cannot be read', () => {
    const notWorkbook = writeXlsx([{ name: 'x', rows: [['a']] }]);
    // Corrupt the deflated data after the local header of the first entry.
    const broken = notWorkbook.slice(0, 200);
    expect(() => new SourceFile().load('broken.xlsx', bufferOf(broken))).toThrow(/could not be unpacked/);
  });
});

describe('text files: bounds, row numbers and quotes', () => {
  it('numbers rows as a spreadsheet does, blank lines counted, a quoted cell with line breaks one row', () => {
    const session = newSession();
    const summary = session.load(
      'blanks.csv',
      bufferOf('Email,Notes\r\n\r\na@example.com,"one\r\ntwo"\r\n\r\n\r\nb@example.com,x\r\n'),
    );
    expect(summary.rowCount).toBe(2);
    return session
      .check({ targets: matchColumns(summary.columns, DEMO_FIELDS, fieldLabel), fields: DEMO_FIELDS, policy: 'update' })
      .then(() => expect(session.gridRows(0, 10).map((row) => row.line)).toEqual([3, 6]));
  });

  it('names an unclosed quote with the line it starts on and how many lines it took, and holds that row', async () => {
    const text = [
      'Name,Email,Mobile',
      'Ann Abbott,ann@example.com,0412 345 001',
      'Bo "Bear,bo@example.com,0412 345 002',
      'Cy Cole,"cy@example.com,0412 345 003',
      'Di Dunn,di@example.com,0412 345 004',
      'Ed "Eddie" Eve,ed@example.com,0412 345 005',
      'Fay Fox,"fay@example.com",0412 345 006',
      'Gus Gray,gus@example.com,0412 345 007',
    ].join('\n');
    const session = newSession();
    const summary = session.load('quotes.csv', bufferOf(text));
    await session.check({
      targets: matchColumns(summary.columns, DEMO_FIELDS, fieldLabel),
      fields: DEMO_FIELDS,
      policy: 'update',
    });
    const rows = session.gridRows(0, 20);
    const held = rows.find((row) => row.problems?.[-1]?.includes('unclosed quote'))!;
    expect(held.line).toBe(4);
    expect(held.status).toBe('problem');
    expect(held.problems?.[-1]).toMatch(/starts on line 4 of the file and took 4 lines \(to line 7\)/);
    expect(rows.find((row) => row.line === 5)?.status ?? 'swallowed').toBe('new');
    expect(session.problemRows().rows.map((row) => row.line)).toContain(4);
  });

  it('stops reading at the row and cell limits with a sentence naming them', () => {
    const many = ['Email', ...Array.from({ length: 60 }, (_, i) => `g${i}@example.com`)].join('\n');
    expect(() => new SourceFile(SMALL).load('many.csv', bufferOf(many))).toThrow(
      /"many.csv" has more than 50 rows, more than the desk imports at once/,
    );
    const wide = Array.from({ length: 10 }, () => 'a,b,c,d,e,f,g,h,i,j,k,l,m,n,o').join('\n');
    expect(() => new SourceFile(SMALL).load('wide.csv', bufferOf(wide))).toThrow(/more than 120 cells/);
  });
});
