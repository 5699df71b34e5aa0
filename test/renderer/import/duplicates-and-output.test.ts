import { describe, expect, it } from 'vitest';
import { encodeText, neutralizeFormula, toCsvText } from '../../../renderer/import/csv-out';
import { decodeBytes } from '../../../renderer/import/decode';
import { matchColumns } from '../../../renderer/import/matching';
import { fieldLabel } from '../../../renderer/screens/guests/field-labels';
import { DEMO_FIELDS, bufferOf, newSession } from './support';

const FILE = [
  'Email,Mobile,First name,Categories',
  'ada@example.com,,Ada,VIP',
  'ADA@example.com,,Ada again,',
  ',0412 345 678,Mobile match,',
  'both@example.com,0499 999 999,Both,',
  'known@example.com,,Known only,',
  'fresh@example.com,,Fresh,',
].join('\n');

/** A session over FILE with one cached guest by email (g1) and one by mobile (g2). */
async function checked(policy: 'update' | 'skip') {
  const session = newSession('AU');
  const emails = new Map([
    ['known@example.com', 'g1'],
    ['both@example.com', 'g1'],
  ]);
  const mobiles = new Map([
    ['61412345678', 'g2'],
    ['61499999999', 'g3'],
  ]);
  session.setGuests(
    {
      emails,
      mobiles,
      emailOf: new Map([['g1', 'known@example.com']]),
      mobileOf: new Map([
        ['g2', '61412345678'],
        ['g3', '61499999999'],
      ]),
      waiting: new Map(),
    },
    async () => new Map(),
  );
  const summary = session.load('dupes.csv', bufferOf(FILE));
  const result = await session.check({
    targets: matchColumns(summary.columns, DEMO_FIELDS, fieldLabel),
    fields: DEMO_FIELDS,
    policy,
    categories: ['Imported'],
  });
  return { session, result, rows: session.gridRows(0, 100) };
}

describe('duplicates, offline', () => {
  it('holds a repeat of an earlier row, turns a row matching one guest into an update of that guest, and makes a row matching two guests a conflict', async () => {
    const { session, result, rows } = await checked('update');
    expect(rows.map((row) => [row.line, row.status, row.contactId ?? row.duplicateOfLine ?? ''])).toEqual([
      [2, 'new', ''],
      [3, 'problem', 2],
      [4, 'update', 'g2'],
      // Reworded with issue 18: a row whose email and mobile belong to two guests is a conflict (no guest touched), no longer a problem.
      [5, 'conflict', 'g1'],
      [6, 'update', 'g1'],
      [7, 'new', ''],
    ]);
    expect(rows[3]!.rowProblem).toMatch(/The email belongs to .* and the mobile to /);
    expect(result.counts).toMatchObject({
      rows: 6,
      ready: 4,
      newGuests: 2,
      updates: 2,
      problems: 1,
      conflicts: 1,
      duplicates: 4,
    });
    // An update sends only what the file has (empty cells never blank a value) and adds categories to the guest's own.
    const queued = session.queueRows(0, 10, new Map([['g1', ['Regulars']]])).rows;
    expect(queued.find((row) => row.line === 6)!.contact).toEqual({
      contact_id: 'g1',
      PatronEmail: 'known@example.com',
      PatronName: 'Known only',
      svc_categories: 'Regulars,Imported',
    });
    expect(queued.find((row) => row.line === 4)!.contact).toEqual({
      contact_id: 'g2',
      PatronMobile: '+61412345678',
      PatronName: 'Mobile match',
      svc_categories: 'Imported',
    });
  });

  it('leaves guests as they are when asked, and re-checks neighbours when a repeat is edited away', async () => {
    const { session, result } = await checked('skip');
    expect(result.counts).toMatchObject({ ready: 2, left: 2 });
    const edited = await session.edit(3, 0, 'lovelace@example.com');
    expect(edited.changed.map((row) => [row.line, row.status])).toEqual([[3, 'new']]);
    expect(edited.counts).toMatchObject({ ready: 3, problems: 0, conflicts: 1 });
    const deleted = await session.deleteRows([2]);
    expect(deleted.counts.rows).toBe(5);
  });
});

describe('CSV written for staff', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(['=1+1', '+61', '-2', '@SUM(A1)', '\tx', '\rx', 'plain'].map(neutralizeFormula)).toEqual([
      "'=1+1",
      "'+61",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      'plain',
    ]);
    expect(
      toCsvText(
        [
          ['a;b', 'say "hi"', 'two\nlines', '=cmd'],
          ['x', '', '', ''],
        ],
        ';',
      ),
    ).toBe('"a;b";"say ""hi""";"two\nlines";\'=cmd\r\nx;;;\r\n');
  });

  it('writes Windows-1252 and UTF-16 files that read back the same', () => {
    const text = 'Prénom;Noël;€ 12,50\r\n';
    expect(decodeBytes(encodeText('Prénom;Noël;Ç', 'windows-1252'), 'windows-1252')).toBe('Prénom;Noël;Ç');
    expect(encodeText('é€œ✓', 'windows-1252')).toEqual(new Uint8Array([0xe9, 0x80, 0x9c, 0x3f]));
    expect(decodeBytes(encodeText(text, 'utf-16le'), 'utf-16le')).toBe(text);
    expect(decodeBytes(encodeText(text, 'utf-16be'), 'utf-16be')).toBe(text);
    expect([...encodeText('a', 'utf-8', true)]).toEqual([0xef, 0xbb, 0xbf, 0x61]);
  });
});
