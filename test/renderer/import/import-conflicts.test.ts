import { describe, expect, it } from 'vitest';
import { IMPORT_BATCH_MAX_BYTES } from '../../../shared/bridge/channels/import';
import { matchColumns } from '../../../renderer/import/matching';
import type { ConflictChoice } from '../../../renderer/import/resolve';
import { loadGuestsOnFile, type CachedGuests, type OutboxGuest } from '../../../renderer/import/snapshot';
import { createPhoneKey } from '../../../renderer/search/phone';
import { fieldLabel } from '../../../renderer/screens/guests/field-labels';
import { DEMO_FIELDS, bufferOf, newSession } from './support';

/** Guests on file: Bruno (3002) by email and mobile, Cara (3003) by email and mobile, Dan (3004) by mobile only. */
const GUESTS: Record<string, Record<string, unknown>> = {
  '3002': {
    PatronName: 'Bruno',
    PatronSurname: 'Hughes',
    PatronEmail: 'bruno.hughes1@example.com',
    PatronMobile: '+61412345001',
  },
  '3003': { PatronName: 'Cara', PatronSurname: 'Ng', PatronEmail: 'cara@example.com', PatronMobile: '+61412345003' },
  '3004': { PatronName: 'Dan', PatronSurname: 'Ito', PatronMobile: '+61412345004' },
};

/** A session over `text` with GUESTS on file (and the outbox's guests laid over them), checked with these choices. */
async function checkFile(
  text: string,
  options: {
    conflicts?: ConflictChoice;
    policy?: 'update' | 'skip';
    outbox?: OutboxGuest[];
    badValues?: 'hold' | 'drop';
  } = {},
) {
  const session = newSession();
  const emails = new Map<string, string>();
  const mobiles = new Map<string, string>();
  for (const [id, guest] of Object.entries(GUESTS)) {
    if (guest.PatronEmail) emails.set(String(guest.PatronEmail), id);
    mobiles.set(String(guest.PatronMobile).slice(1), id);
  }
  // The cache's own index, as the worker reads it, stood in for by its two reads: terms in order, records by key.
  const cache: CachedGuests = {
    eachTerm: async (prefix, each) => {
      const map = prefix === 'e:' ? emails : mobiles;
      for (const [value, key] of [...map].sort(([a], [b]) => a.localeCompare(b))) each(prefix + value, key);
    },
    guestsByKeys: async (keys) => keys.flatMap((key) => (GUESTS[key] ? [{ key, record: GUESTS[key] }] : [])),
  };
  const onFile = await loadGuestsOnFile(cache, options.outbox ?? [], createPhoneKey('AU'));
  session.setGuests(onFile.snapshot, (ids) => onFile.records(ids));
  const summary = session.load('guests.csv', bufferOf(text));
  const checked = await session.check({
    targets: matchColumns(summary.columns, DEMO_FIELDS, fieldLabel),
    fields: DEMO_FIELDS,
    policy: options.policy ?? 'update',
    conflicts: options.conflicts ?? 'leave',
    badValues: options.badValues ?? 'hold',
  });
  const rows = session.gridRows(0, 100);
  const queued = session.queueRows(0, 100, new Map());
  return { session, checked, rows, queued };
}

const HEADER = 'First Name,Last Name,Email,Mobile,Date of Birth';

describe('no guest is overwritten because a phone matched', () => {
  it('makes a row whose mobile belongs to a guest with another email a conflict, naming that guest; by default nothing is sent', async () => {
    const { rows, queued, checked } = await checkFile(
      `${HEADER}\nAnn,Abbott,ann.abbott@example.com,0412 345 001,1990-01-02`,
    );
    expect(rows[0]).toMatchObject({ status: 'conflict', conflict: 'leave' });
    expect(rows[0]!.rowProblem).toBe('This mobile belongs to Bruno Hughes, bruno.hughes1@example.com.');
    expect(queued.rows).toEqual([]);
    expect(queued.held.map((row) => row.reason)).toEqual([
      'This mobile belongs to Bruno Hughes, bruno.hughes1@example.com.',
    ]);
    expect(checked.counts).toMatchObject({ conflicts: 1, ready: 0, updates: 0 });
  });

  it('records it without the mobile, or adds only what the guest on file lacks, when staff choose so', async () => {
    const file = `${HEADER}\nAnn,Abbott,ann.abbott@example.com,0412 345 001,1990-01-02`;
    const without = await checkFile(file, { conflicts: 'without' });
    expect(without.rows[0]).toMatchObject({ status: 'new', conflict: 'without' });
    expect(without.queued.rows[0]!.contact).toEqual({
      PatronName: 'Ann',
      PatronSurname: 'Abbott',
      PatronEmail: 'ann.abbott@example.com',
      DateOfBirth: '1990-01-02',
    });
    const fill = await checkFile(file, { conflicts: 'fillEmpty' });
    expect(fill.rows[0]).toMatchObject({ status: 'update', contactId: '3002', conflict: 'fillEmpty' });
    // Bruno keeps his name and email: only his empty birthday is filled.
    expect(fill.queued.rows[0]!.contact).toEqual({ DateOfBirth: '1990-01-02', contact_id: '3002' });
  });

  it('chooses for one row on its own, the others keep the choice for all', async () => {
    const { session } = await checkFile(
      `${HEADER}\nAnn,Abbott,ann.abbott@example.com,0412 345 001,\nEve,Ng,eve@example.com,0412 345 003,`,
    );
    const { changed, counts } = await session.chooseConflict('without', 2);
    expect(changed.map((row) => [row.line, row.status])).toEqual([[2, 'new']]);
    expect(counts).toMatchObject({ conflicts: 1, newGuests: 1 });
  });

  it('makes conflicts of an email whose guest has another mobile, of an email and mobile of two guests, and of a mobile-only match that would rename', async () => {
    const { rows } = await checkFile(
      [
        HEADER,
        'Cara,Ng,cara@example.com,0412 999 999,',
        'Cara,Ng,cara@example.com,0412 345 001,',
        'Dora,Ito,,0412 345 004,',
      ].join('\n'),
    );
    expect(rows.map((row) => [row.status, row.rowProblem])).toEqual([
      ['conflict', 'This email belongs to Cara Ng, cara@example.com, whose mobile is +61412345003.'],
      ['problem', 'Same email or mobile as an earlier row.'],
      ['conflict', "This mobile belongs to Dan Ito, +61412345004, whose name is not the row's."],
    ]);
    const two = await checkFile(`${HEADER}\nCara,Ng,cara@example.com,0412 345 001,`);
    expect(two.rows[0]!.rowProblem).toBe(
      'The email belongs to Cara Ng, cara@example.com and the mobile to Bruno Hughes, bruno.hughes1@example.com.',
    );
  });

  it('updates the guest a row matches by email with no clashing mobile, and leaves one it would not change', async () => {
    const { rows, queued, checked } = await checkFile(
      [
        HEADER,
        'Cara,Ng,cara@example.com,,1980-05-06',
        'Dan,Ito,,0412 345 004,',
        'Bruno,Hughes,bruno.hughes1@example.com,0412 345 001,',
      ].join('\n'),
    );
    expect(rows.map((row) => [row.status, row.contactId])).toEqual([
      ['update', '3003'],
      ['leave', '3004'],
      ['leave', '3002'],
    ]);
    expect(queued.rows.map((row) => row.contact)).toEqual([
      {
        PatronName: 'Cara',
        PatronSurname: 'Ng',
        PatronEmail: 'cara@example.com',
        DateOfBirth: '1980-05-06',
        contact_id: '3003',
      },
    ]);
    expect(checked.counts).toMatchObject({ updates: 1, left: 2, newGuests: 0 });
  });
});

describe('guests the outbox queued or sent count as on file', () => {
  const queuedAnn: OutboxGuest = {
    entry: 'ob_1',
    state: 'pending',
    fields: { PatronName: 'Ann', PatronEmail: 'ann@example.com' },
  };
  const sentZoe: OutboxGuest = {
    entry: 'ob_2',
    state: 'sent',
    contactId: '4001',
    sentAt: 1,
    fields: { PatronName: 'Zoë', PatronEmail: 'zoe@example.com', PatronMobile: '+61412000111' },
  };

  it('leaves a row of a guest still waiting in the outbox, updates one the outbox sent with an id, and never sends either as new', async () => {
    const { rows, checked } = await checkFile(
      [
        HEADER,
        'Ann,,ann@example.com,,',
        'Zoë,,zoe@example.com,0412 000 111,1990-01-01',
        'Zoë,,zoe2@example.com,0412 000 111,',
      ].join('\n'),
      { outbox: [queuedAnn, sentZoe] },
    );
    expect(rows.map((row) => [row.status, row.contactId ?? ''])).toEqual([
      ['leave', 'outbox:ob_1'],
      ['update', '4001'],
      ['problem', ''],
    ]);
    expect(rows[0]!.rowNote).toMatch(/already waiting in the outbox/);
    expect(checked.counts).toMatchObject({ newGuests: 0, updates: 1, left: 1 });
  });
});

describe('limits where data enters', () => {
  it('checks a value once written as the service keeps it (line breaks joined), not only as typed', async () => {
    const lines = Array.from({ length: 1960 }, () => 'abcd').join('\n');
    const session = newSession();
    const summary = session.load('notes.csv', bufferOf(`Email,Nickname\na@example.com,"${lines}"`));
    await session.check({
      targets: [
        { kind: 'field', field: 'PatronEmail' },
        { kind: 'field', field: 'MemberNumber' },
      ],
      fields: DEMO_FIELDS,
      policy: 'update',
    });
    expect(summary.rowCount).toBe(1);
    const [row] = session.gridRows(0, 1);
    expect(lines.length).toBeLessThan(10_000);
    expect(row!.problems?.[1]).toMatch(/Once written as the service keeps it, this cell holds 11,758 characters/);
  });

  it('never carries an ignored column, and keeps each hand-over within the bridge limit in bytes', async () => {
    const huge = 'z'.repeat(2_500_000);
    const notes = 'n'.repeat(9000);
    const rows = Array.from({ length: 1200 }, (_, i) => `g${i}@example.com,${notes},${i === 0 ? huge : 'x'}`);
    const session = newSession();
    const summary = session.load('big.csv', bufferOf(['Email,Notes,Ignored', ...rows].join('\n')));
    await session.check({
      targets: [{ kind: 'field', field: 'PatronEmail' }, { kind: 'field', field: 'notes' }, { kind: 'ignore' }],
      fields: DEMO_FIELDS,
      policy: 'update',
    });
    expect(summary.rowCount).toBe(1200);
    expect(JSON.stringify(session.gridRows(0, 1200))).not.toContain('zzzz');
    const batches = [];
    for (let from = 0; ;) {
      const batch = session.queueRows(from, 1000, new Map(), IMPORT_BATCH_MAX_BYTES);
      if (batch.rows.length === 0) break;
      batches.push(batch);
      from = batch.next;
    }
    expect(batches.map((batch) => batch.rows.length).reduce((a, b) => a + b)).toBe(1200);
    for (const batch of batches) {
      expect(new TextEncoder().encode(JSON.stringify(batch.rows)).length).toBeLessThanOrEqual(IMPORT_BATCH_MAX_BYTES);
      expect(JSON.stringify(batch.rows)).not.toContain('zzzz');
      expect(batch.rows[0]!.original).toHaveLength(2);
    }
  });

  it('imports a row without its bad email when its mobile is good, when staff choose so for all such rows', async () => {
    const text = `${HEADER}\nNiamh,Byrne,niamh(at)example.com,0412 111 222,\nOla,Ng,bad@,,`;
    const held = await checkFile(text);
    expect(held.rows.map((row) => row.status)).toEqual(['problem', 'problem']);
    const dropped = await checkFile(text, { badValues: 'drop' });
    expect(dropped.rows.map((row) => row.status)).toEqual(['new', 'problem']);
    expect(dropped.rows[0]!.notes?.[2]).toBe('Left out: "niamh(at)example.com" is not a valid email address.');
    expect(dropped.queued.rows[0]!.contact).toEqual({
      PatronName: 'Niamh',
      PatronSurname: 'Byrne',
      PatronMobile: '+61412111222',
    });
  });

  it('accepts an internationalised email (RFC 6531)', async () => {
    const { rows } = await checkFile(`${HEADER}\nNiamh,Lefèvre,niamh.lefèvre@example.com,0412 111 333,`);
    expect(rows[0]!.status).toBe('new');
  });
});
