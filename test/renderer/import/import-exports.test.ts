import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { exportedMobile, guestExportRow, neutralizeFormula, toCsvText } from '../../../renderer/import/csv-out';
import { DELIMITERS } from '../../../renderer/import/parse';

/** Cells an export may meet: formulas behind spaces, no-break spaces and quotes, full-width formula signs, every delimiter, line breaks, quotes. */
const CELLS = [
  "x;=cmd|' /C calc'!A0",
  "x,=cmd|' /C calc'!A0",
  ' =1+1',
  '\u00a0=1+1',
  '"=1+1',
  "'=1+1",
  '  \u00a0 "@SUM(A1)',
  '＝1+1',
  '＋61 412',
  '－2',
  '＠SUM(A1)',
  '=HYPERLINK("http://evil.example")',
  '+61412345678',
  '-2',
  '@me',
  '\tx',
  '\rx',
  'a,b',
  'a;b',
  'a\tb',
  'two\r\nlines',
  'two\nlines',
  'say "hi"',
  'plain',
  'Zoë Lefèvre',
  '',
];

/** Whether a cell as a spreadsheet reads it would start a formula (after the spaces and quotes it skips). */
function startsFormula(cell: string): boolean {
  return /^[\s\u00a0'"]*[=+\-@＝＋－＠]/.test(cell) && !cell.startsWith("'");
}

describe('exports read back with a CSV parser', () => {
  it.each(DELIMITERS.filter((delimiter) => delimiter !== '\t'))(
    'written with "%s": every cell reads back whole and neutralised, and no cell starts a formula when read with either delimiter',
    (delimiter) => {
      const text = toCsvText([CELLS, ['last']], delimiter);
      const [row, last] = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true }).data;
      expect(row).toEqual(CELLS.map(neutralizeFormula));
      expect(last).toEqual(['last']);
      for (const cell of row!) expect(startsFormula(cell), JSON.stringify(cell)).toBe(false);
      // The same file opened by a spreadsheet set to the other delimiter (a semicolon-locale Excel on a comma file).
      const other = delimiter === ',' ? ';' : ',';
      for (const read of Papa.parse<string[]>(text, { delimiter: other, skipEmptyLines: true }).data)
        for (const cell of read)
          expect(startsFormula(cell), `${JSON.stringify(cell)} read with "${other}"`).toBe(false);
    },
  );

  it('quotes every cell holding a comma, semicolon, tab, CR, LF or a quote, whatever the delimiter', () => {
    for (const delimiter of DELIMITERS)
      for (const cell of ['a,b', 'a;b', 'a\tb', 'a\rb', 'a\nb', 'a"b'])
        expect(toCsvText([[cell]], delimiter)).toBe(`"${cell.replace(/"/g, '""')}"\r\n`);
    expect(toCsvText([['plain', 'Zoë']], ';')).toBe('plain;Zoë\r\n');
  });

  it('writes mobiles international and grouped, neutralised so no spreadsheet makes them a formula or a number', () => {
    expect(exportedMobile('+61412345678')).toBe('+61 412 345 678');
    expect(exportedMobile('not a phone')).toBe('not a phone');
    const row = guestExportRow({ PatronName: 'Ann', PatronMobile: '+61412345678', svc_categories: 'VIP,Regulars' }, [
      'PatronName',
      'PatronMobile',
    ]);
    expect(row).toEqual(['Ann', '+61 412 345 678', 'VIP,Regulars']);
    expect(toCsvText([row], ',')).toBe('Ann,\'+61 412 345 678,"VIP,Regulars"\r\n');
  });
});
