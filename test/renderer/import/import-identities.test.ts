import { describe, expect, it } from 'vitest';
import { GuestDatabase } from '../../../renderer/db/guest-db';
import type { GuestWrite } from '../../../renderer/db/guest-types';
import { toGuestRow } from '../../../renderer/db/guest-row';
import { CACHE_LAYOUT, layoutUpTo } from '../../../renderer/db/layout';
import { IDENTITY_TABLE, type IdentityEntry } from '../../../renderer/db/tables/import';
import { readIdentities } from '../../../renderer/import/identities';
import { cachedGuestsOf, readCachedIdentities } from '../../../renderer/import/snapshot';
import { followOutboxItem } from '../../../renderer/sync/confirmations';
import { auPhoneKey, contact, freshDb } from '../guests/fixtures';

/** `count` guests as a sync page writes them (every third without a mobile, every fifth without an email). */
function guestRows(from: number, count: number) {
  return Array.from({ length: count }, (_, offset) => {
    const i = from + offset;
    return toGuestRow(
      String(1000 + i),
      contact(String(1000 + i), {
        PatronName: `Guest${i}`,
        ...(i % 5 ? { PatronEmail: `guest${i}@example.com` } : {}),
        ...(i % 3 ? { PatronMobile: `04${String(10_000_000 + i)}` } : {}),
      }),
      [],
      auPhoneKey,
    );
  });
}

/** The log's entries, oldest first. */
const logOf = (db: GuestDatabase) => db.table<IdentityEntry, number>(IDENTITY_TABLE).toArray();

/** Who is on file by walking the search index (what the check read before the log, and reads when the log cannot say). */
const walked = (db: GuestDatabase) => readCachedIdentities(cachedGuestsOf(db));

/** A new guest recorded at this desk under a local id, queued in the outbox. */
const ninaRecordedHere = (outboxId: string, guestKey: string): GuestWrite => ({
  outboxId,
  guestKey,
  kind: 'create',
  state: 'queued',
  createdAt: new Date().toISOString(),
  changes: { PatronName: 'Nina', PatronEmail: 'nina@example.com', PatronMobile: '0400 123 456' },
});

/** Lets a fold or rebuild written in the background land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("the guests' identity log the import's check reads", () => {
  it('follows every write to guests (sync pages, a sweep, this desk’s new guest and its confirmation) and reads as the index walk does', async () => {
    const db = await freshDb();
    expect(await logOf(db)).toEqual([expect.objectContaining({ base: true, keys: [] })]);
    for (let page = 0; page < 5; page++) await db.putGuests(guestRows(page * 40, 40));
    // An email and a mobile changed on the service; two guests gone.
    await db.putGuests([
      toGuestRow(
        '1001',
        contact('1001', { PatronEmail: 'new.1001@example.com', PatronMobile: '0499 000 001' }),
        [],
        auPhoneKey,
      ),
    ]);
    await db.sweepGuests(
      new Set(
        guestRows(0, 200)
          .map((row) => row.key)
          .filter((key) => key !== '1002' && key !== '1003'),
      ),
    );
    const write = ninaRecordedHere('ob_1', 'local-0000aaaa');
    await db.recordWrite(write, auPhoneKey);
    await followOutboxItem(
      db,
      {
        id: 'ob_1',
        state: 'sent',
        summary: '',
        createdAt: write.createdAt,
        updatedAt: write.createdAt,
        attempts: 1,
        editable: false,
        kind: 'push_contact',
        guestKey: 'local-0000aaaa',
        payload: { client_id: 'demo' },
        result: { contact_id: '9001' },
      },
      auPhoneKey,
    );

    const log = await logOf(db);
    const read = await readIdentities(db);
    await settle();
    // Read from the log as written (no walk, which would have rebuilt it into one base).
    expect(await logOf(db)).toEqual(log);
    expect(log.filter((entry) => entry.base)).toHaveLength(1);
    expect(read).toEqual(await walked(db));
    expect(read.emails.get('new.1001@example.com')).toBe('1001');
    expect(read.emails.has('guest1@example.com')).toBe(false);
    expect(read.mobileOf.get('1002')).toBeUndefined();
    expect(read.emails.get('nina@example.com')).toBe('9001');
    db.close();
  });

  it('walks the index once for a cache from before the log, then reads the log it rebuilt', async () => {
    const name = `identities-${Date.now()}`;
    const old = new GuestDatabase(name, { layout: layoutUpTo(CACHE_LAYOUT, 20) });
    await old.guests.bulkPut(guestRows(0, 60));
    old.close();

    const db = new GuestDatabase(name);
    await db.open();
    expect(await logOf(db)).toEqual([]);
    const first = await readIdentities(db);
    expect(first).toEqual(await walked(db));
    await settle();
    const log = await logOf(db);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ base: true });
    expect(log[0]!.keys).toHaveLength(60);
    await db.putGuests(guestRows(60, 5));
    expect(await readIdentities(db)).toEqual(await walked(db));
    db.close();
  });

  it('folds a long log into one base, and the read after it is the same', async () => {
    const db = await freshDb();
    for (let page = 0; page < 40; page++) await db.putGuests(guestRows(page * 3, 3));
    const before = await readIdentities(db);
    await settle();
    const log = await logOf(db);
    expect(log).toHaveLength(1);
    expect(log[0]!.keys).toHaveLength(120);
    expect(await readIdentities(db)).toEqual(before);
    expect(before).toEqual(await walked(db));
    db.close();
  });

  it('walks the index when the log cannot say: a write it could not follow, or guests written around it', async () => {
    const db = await freshDb();
    await db.putGuests(guestRows(0, 30));
    await db.guests.where('key').below('1010').delete();
    expect((await logOf(db)).at(-1)).toMatchObject({ broken: true });
    expect(await readIdentities(db)).toEqual(await walked(db));

    // A guest put straight into IndexedDB, past Dexie (and so past the log): the counts disagree.
    await settle();
    const [row] = guestRows(500, 1);
    await new Promise<void>((resolve, reject) => {
      const tx = db.backendDB().transaction('guests', 'readwrite');
      tx.objectStore('guests').put(row);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    const read = await readIdentities(db);
    expect(read.emails.get('guest500@example.com')).toBeUndefined(); // every fifth has no email
    expect(read.mobileOf.get('1500')).toBe(auPhoneKey('0410000500'));
    expect(read).toEqual(await walked(db));
    db.close();
  });

  it('leaves out guests recorded here, and of two guests sharing an email or mobile keeps the greater key, as the walk does', async () => {
    const db = await freshDb();
    const shared = { PatronEmail: 'shared@example.com', PatronMobile: '0400 111 222' };
    await db.putGuests([
      toGuestRow('1002', contact('1002', { PatronName: 'Second', ...shared }), [], auPhoneKey),
      toGuestRow('1001', contact('1001', { PatronName: 'First', ...shared }), [], auPhoneKey),
      ...guestRows(10, 6),
    ]);
    await db.recordWrite(ninaRecordedHere('ob_2', 'local-0000bbbb'), auPhoneKey);
    const read = await readIdentities(db);
    expect(read.emails.get('shared@example.com')).toBe('1002');
    expect(read.mobiles.get(auPhoneKey('0400 111 222')!)).toBe('1002');
    expect(read.emailOf.get('1001')).toBe('shared@example.com');
    expect(read.emails.has('nina@example.com')).toBe(false);
    expect(read.emailOf.has('local-0000bbbb')).toBe(false);
    expect(read.mobileOf.has('local-0000bbbb')).toBe(false);
    expect(read).toEqual(await walked(db));
    db.close();
  });

  it('starts again from an empty base when the guests are cleared', async () => {
    const db = await freshDb();
    await db.putGuests(guestRows(0, 10));
    await db.guests.clear();
    await db.putGuests(guestRows(20, 2));
    const read = await readIdentities(db);
    expect([...read.emailOf.keys()]).toEqual(['1021']);
    expect(read).toEqual(await walked(db));
    db.close();
  });
});
