import { describe, expect, it } from 'vitest';
import { matchColumns } from '../../../renderer/import/matching';
import { ImportFileError } from '../../../renderer/import/limits';
import { fieldLabel } from '../../../renderer/screens/guests/field-labels';
import { DEMO_FIELDS, bufferOf, fixture, newSession } from './support';

/** Loads a fixture, matches its columns automatically and checks it. */
async function importFile(name: string, buffer: ArrayBuffer, country = 'AU', dateOrder?: 'dmy' | 'mdy') {
  const session = newSession(country);
  const summary = session.load(name, buffer);
  const targets = matchColumns(summary.columns, DEMO_FIELDS, fieldLabel);
  const checked = await session.check({
    targets,
    fields: DEMO_FIELDS,
    policy: 'update',
    categories: ['Imported'],
    ...(dateOrder ? { dateOrder } : {}),
  });
  const rows = session.gridRows(0, session.size());
  const queued = session.queueRows(0, 1000, new Map()).rows;
  return { session, summary, targets, checked, rows, queued };
}

describe('import pipeline on real export shapes', () => {
  it('reads a Google Contacts export: UTF-8, accents, quoted newlines, ::: lists, labels as categories', async () => {
    const { summary, targets, rows, queued, checked } = await importFile(
      'google-contacts.csv',
      fixture('google-contacts.csv'),
    );
    expect(summary).toMatchObject({ encoding: 'utf-8', delimiter: ',', headerRow: 0, rowCount: 4 });
    const target = (header: string) => targets[summary.columns.indexOf(header)];
    expect(target('Given Name')).toEqual({ kind: 'field', field: 'PatronName' });
    expect(target('Family Name')).toEqual({ kind: 'field', field: 'PatronSurname' });
    expect(target('Name')).toEqual({ kind: 'ignore' });
    expect(target('E-mail 1 - Value')).toEqual({ kind: 'field', field: 'PatronEmail' });
    expect(target('Phone 1 - Value')).toEqual({ kind: 'field', field: 'PatronMobile' });
    expect(target('Birthday')).toEqual({ kind: 'field', field: 'DateOfBirth' });
    expect(target('Gender')).toEqual({ kind: 'field', field: 'Sex' });
    expect(target('Group Membership')).toEqual({ kind: 'categories' });
    expect(queued[0]!.contact).toEqual({
      PatronName: 'Zoë',
      PatronSurname: 'Ashford',
      PatronEmail: 'zoe.ashford@example.com',
      PatronMobile: '+61412345678',
      DateOfBirth: '1988-07-14',
      Sex: 'f',
      notes: 'Likes the corner table\nAllergic to nuts',
      svc_categories: 'VIP,Imported',
    });
    // Google's birthday without a year cannot be stored: it is left out, with a note on the cell; the first of two emails is taken.
    // Only the imported columns travel to the grid (the ignored "Name" column does not).
    const givenName = summary.columns.indexOf('Given Name');
    expect(rows[0]!.cells[summary.columns.indexOf('Name')]).toBeUndefined();
    const benoit = rows.find((row) => row.cells[givenName] === 'Benoît')!;
    expect(benoit.status).toBe('new');
    expect(benoit.notes?.[summary.columns.indexOf('Birthday')]).toMatch(/no year/);
    expect(queued[1]!.contact).toMatchObject({
      PatronEmail: 'benoit@example.fr',
      PatronMobile: '+61413222333',
      Sex: 'm',
    });
    expect(queued[1]!.contact.DateOfBirth).toBeUndefined();
    const noContact = rows.find((row) => row.cells[givenName] === 'No')!;
    expect(noContact.problems?.[-1]).toMatch(/No email or mobile/);
    expect(checked.counts).toMatchObject({ rows: 4, ready: 3, problems: 1 });
  });

  it('reads an Outlook export: BOM, month-first dates, Mobile Phone, Gender words, categories', async () => {
    const { summary, queued } = await importFile('outlook.csv', fixture('outlook.csv'), 'AU', 'mdy');
    expect(summary).toMatchObject({ encoding: 'utf-8', bom: true, rowCount: 3 });
    expect(queued[0]!.contact).toMatchObject({
      PatronName: 'Oliver',
      PatronEmail: 'oliver.grant@example.com',
      PatronMobile: '+61412999888',
      DateOfBirth: '1990-03-25',
      Sex: 'm',
      svc_categories: 'Regulars,Wine club,Imported',
    });
    expect(queued[1]!.contact).toMatchObject({ DateOfBirth: '1992-04-05', Sex: 'f' });
    // 0/0/00 and Unspecified are Outlook's blanks.
    expect(queued[2]!.contact).toEqual({
      PatronName: 'Tom',
      PatronSurname: 'Reilly',
      PatronEmail: 'tom.reilly@example.com',
      svc_categories: 'Imported',
    });
  });

  it('detects month-first dates on its own when a value can only be read that way', async () => {
    const { checked } = await importFile('outlook.csv', fixture('outlook.csv'));
    expect(checked.dateOrder).toBe('mdy');
    expect(checked.dateOrderAmbiguous).toBe(false);
  });

  it('reads a Mailchimp audience export: Email Address first, tags with quotes', async () => {
    const { queued, rows } = await importFile('mailchimp.csv', fixture('mailchimp.csv'));
    expect(queued[0]!.contact).toMatchObject({
      PatronEmail: 'ella.wright@example.com',
      PatronName: 'Ella',
      PatronMobile: '+61433555666',
      svc_categories: 'VIP,Newsletter,Imported',
    });
    expect(rows[0]!.notes?.[5]).toMatch(/no year/);
    expect(queued.map((row) => row.contact.PatronEmail)).toEqual(['ella.wright@example.com', 'jack.n@example.com']);
  });

  it('reads a French Excel export: semicolons, Windows-1252, dd/mm/yyyy, decimal commas, oui/non, Femme/Homme', async () => {
    const { summary, targets, rows, checked } = await importFile('french-excel.csv', fixture('french-excel.csv'), 'FR');
    expect(summary).toMatchObject({ encoding: 'windows-1252', delimiter: ';', rowCount: 3 });
    expect(summary.columns).toContain('Prénom');
    expect(targets.slice(0, 6)).toEqual([
      { kind: 'field', field: 'PatronSurname' },
      { kind: 'field', field: 'PatronName' },
      { kind: 'field', field: 'PatronEmail' },
      { kind: 'field', field: 'PatronMobile' },
      { kind: 'field', field: 'DateOfBirth' },
      { kind: 'field', field: 'Sex' },
    ]);
    expect(checked.dateOrder).toBe('dmy');
    expect(checked.decimalComma).toBe(true);
    const withTargets = matchColumns(summary.columns, DEMO_FIELDS, fieldLabel);
    expect(withTargets[6]).toEqual({ kind: 'ignore' });
    const session = newSession('FR');
    session.load('french-excel.csv', fixture('french-excel.csv'));
    const custom = [
      ...withTargets.slice(0, 6),
      { kind: 'field', field: 'visitCount' },
      { kind: 'field', field: 'marketingConsent' },
      { kind: 'field', field: 'favouriteDrink' },
    ] as const;
    await session.check({ targets: [...custom], fields: DEMO_FIELDS, policy: 'update' });
    const sent = session.queueRows(0, 10, new Map()).rows.map((row) => row.contact);
    expect(sent[0]).toEqual({
      PatronSurname: 'Lefèvre',
      PatronName: 'Hélène',
      PatronEmail: 'helene.lefevre@example.fr',
      PatronMobile: '+33612345678',
      DateOfBirth: '1985-12-25',
      Sex: 'f',
      visitCount: '12',
      marketingConsent: 'true',
      favouriteDrink: 'Café crème',
    });
    expect(sent[1]).toMatchObject({
      DateOfBirth: '1979-04-03',
      Sex: 'm',
      visitCount: '3.5',
      marketingConsent: 'false',
      favouriteDrink: 'Rosé',
    });
    expect(sent[2]).toMatchObject({ PatronName: 'Noël', Sex: 'm', visitCount: '1234.5', marketingConsent: 'true' });
    expect(session.gridRows(0, 3)[1]!.notes?.[8]).toMatch(/new option/);
    expect(rows).toHaveLength(3);
  });

  it('asks for the day/month order when every date could be either', async () => {
    const { checked } = await importFile(
      'ambiguous.csv',
      bufferOf('Email,Birthday\na@example.com,03/04/2024\nb@example.com,05/06/2001\n'),
    );
    expect(checked.dateOrderAmbiguous).toBe(true);
  });
});

describe('import pipeline on hostile and broken files', () => {
  it('keeps formulas as text, reads quoted newlines, holds a 1 MB cell and a ragged row with reasons', async () => {
    const huge = 'x'.repeat(1024 * 1024);
    const text = [
      'Email,First Name,Notes',
      'eve@example.com,=HYPERLINK("http://evil.example"),"line one\nline two, with comma"',
      `big@example.com,Big,${huge}`,
      'ragged@example.com,Rag,note,extra cell,another',
      'short@example.com',
    ].join('\r\n');
    const { rows, queued } = await importFile('hostile.csv', bufferOf(text));
    expect(rows).toHaveLength(4);
    expect(queued[0]!.contact.PatronName).toBe('=HYPERLINK("http://evil.example")');
    expect(rows[0]!.cells[2]).toBe('line one\nline two, with comma');
    expect(rows[1]!.status).toBe('problem');
    expect(rows[1]!.problems?.[2]).toMatch(/1,048,576 characters/);
    expect(rows[2]!.problems?.[-1]).toMatch(/has 5 cells but the header has 3/);
    expect(rows[3]!.status).toBe('new');
  });

  it('explains an empty file, a header-only file, a binary file and an old .xls', async () => {
    const session = newSession();
    expect(() => session.load('empty.csv', new ArrayBuffer(0))).toThrow(/is empty/);
    expect(() => session.load('blank.csv', bufferOf('\r\n\r\n'))).toThrow(/has no rows/);
    expect(() => session.load('header.csv', bufferOf('Email,First Name\r\n'))).toThrow(/only a header line/);
    const binary = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    expect(() => session.load('photo.jpg', bufferOf(binary))).toThrow(/not a spreadsheet/);
    expect(() => session.load('old.xls', bufferOf(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3])))).toThrow(
      ImportFileError,
    );
  });

  it("reads an Excel workbook with the desk's own reader, starting on the sheet of guests rather than a notes sheet, and switches sheets on request", async () => {
    const { session, summary, targets, queued } = await importFile(
      'outlook-two-sheets.xlsx',
      fixture('outlook-two-sheets.xlsx'),
    );
    expect(summary).toMatchObject({
      kind: 'xlsx',
      sheets: ['Read me', 'Guests'],
      sheet: 'Guests',
      headerRow: 0,
      rowCount: 3,
    });
    expect(targets[summary.columns.indexOf('E-mail Address')]).toEqual({ kind: 'field', field: 'PatronEmail' });
    expect(targets[summary.columns.indexOf('Mobile Phone')]).toEqual({ kind: 'field', field: 'PatronMobile' });
    expect(queued[0]!.contact).toMatchObject({
      PatronName: 'Ava',
      PatronSurname: 'Nguyen',
      PatronEmail: 'ava.nguyen@example.com',
      PatronMobile: '+61412345678',
      DateOfBirth: '1990-05-17',
      Sex: 'f',
    });
    expect(session.reread({ sheet: 'Read me' })).toMatchObject({
      sheet: 'Read me',
      columns: ['Notes for staff'],
      rowCount: 1,
    });
  });

  it('reads UTF-16 text with a byte-order mark, tab-separated', async () => {
    const text = 'Email\tPrénom\r\nzoe@example.com\tZoë\r\n';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) new DataView(bytes.buffer).setUint16(2 + i * 2, text.charCodeAt(i), true);
    const { summary, queued } = await importFile('utf16.txt', bufferOf(bytes));
    expect(summary).toMatchObject({ encoding: 'utf-16le', delimiter: '\t' });
    expect(queued[0]!.contact).toMatchObject({ PatronEmail: 'zoe@example.com', PatronName: 'Zoë' });
  });

  it('reads a file again with the encoding and delimiter staff chose', async () => {
    const session = newSession('FR');
    const summary = session.load('french-excel.csv', fixture('french-excel.csv'));
    const asUtf8 = session.reread({ encoding: 'utf-8', delimiter: ',' });
    expect(asUtf8.columns).toHaveLength(1);
    expect(asUtf8.columns[0]).toContain('\uFFFD');
    const back = session.reread({ encoding: summary.detectedEncoding, delimiter: summary.detectedDelimiter });
    expect(back.columns[1]).toBe('Prénom');
  });
});
