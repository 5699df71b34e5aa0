import { describe, expect, it } from 'vitest';
import { UserFacingError } from '../../../shared/bridge/result';
import { toGuestRow } from '../../../renderer/db/guest-row';
import { readCollectionMeta, type CollectionStatus } from '../../../renderer/sync/collection';
import { createGuestSync, GUEST_META_KEY, pullIntoCache } from '../../../renderer/sync/guest-collection';
import { SYNC_OVERLAP_MS } from '../../../shared/rules/touched-from';
import { auPhoneKey, contact, freshDb, GUESTS } from './fixtures';
import { fakeGuestDesk } from './fake-guest-desk';
import type { GuestDatabase } from '../../../renderer/db/guest-db';

/** A cached guest's search terms (rows are stored without them: the search index holds them). */
const termsOf = async (db: GuestDatabase, key: string) => (await db.searchIndex()).get(key)?.terms;

const many = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    contact(String(5000 + i), {
      PatronName: 'Guest',
      PatronSurname: `Number${i}`,
      PatronMobile: `+614000${String(i).padStart(5, '0')}`,
    }),
  );

describe('pulling guests into the cache', () => {
  it('fetches a large pull in pages with progress, and every guest is searchable', async () => {
    const { desk, state } = fakeGuestDesk(many(4500));
    const db = await freshDb();
    const progress: number[] = [];
    const outcome = await pullIntoCache({
      desk,
      db,
      phoneKey: auPhoneKey,
      onProgress: ({ done }) => progress.push(done),
    });
    expect(outcome.total).toBe(4500);
    expect(state.pages).toBe(3);
    expect(progress).toEqual([0, 2000, 4000, 4500]);
    expect(await db.guestCount()).toBe(4500);
    expect((await db.guestsWithTerm('p:61400004499')).map((row) => row.key)).toEqual(['9499']);
  });

  it('a full refresh removes guests gone from the service but keeps guests recorded here and not yet confirmed', async () => {
    const { desk, state } = fakeGuestDesk(GUESTS);
    const db = await freshDb();
    await pullIntoCache({ desk, db, phoneKey: auPhoneKey });
    await db.recordWrite(
      {
        outboxId: 'ob_1',
        guestKey: 'local-abcdef12',
        kind: 'create',
        state: 'waiting',
        createdAt: new Date().toISOString(),
        changes: { PatronName: 'New', PatronMobile: '0400 111 222' },
      },
      auPhoneKey,
    );
    state.contacts = GUESTS.slice(1);
    const outcome = await pullIntoCache({ desk, db, phoneKey: auPhoneKey });
    expect(outcome.removed).toBe(1);
    expect(await db.guestByKey('101')).toBeUndefined();
    expect((await db.guestByKey('local-abcdef12'))?.label).toBe('New');
  });

  it('keeps an unconfirmed edit overlaid when a pull brings the service record', async () => {
    const { desk } = fakeGuestDesk(GUESTS);
    const db = await freshDb();
    await pullIntoCache({ desk, db, phoneKey: auPhoneKey });
    await db.recordWrite(
      {
        outboxId: 'ob_2',
        guestKey: '101',
        kind: 'update',
        state: 'queued',
        createdAt: new Date().toISOString(),
        changes: { PatronSurname: 'King' },
      },
      auPhoneKey,
    );
    await pullIntoCache({ desk, db, phoneKey: auPhoneKey, touchedFrom: new Date().toISOString() });
    const row = (await db.guestByKey('101'))!;
    expect(row.record.PatronSurname).toBe('Lovelace');
    expect(row.label).toBe('Ada King');
    expect(row.pending).toBe(1);
    expect(await termsOf(db, '101')).toContain('n:king');
  });
});

describe('the sync', () => {
  it('pulls everything first, then only what changed since the last pull less the overlap', async () => {
    const { desk, state } = fakeGuestDesk(GUESTS);
    const db = await freshDb();
    const statuses: CollectionStatus[] = [];
    const sync = createGuestSync({
      desk,
      db,
      phoneKey: auPhoneKey,
      country: 'AU',
      onStatus: (status) => statuses.push(status),
    });
    await sync.run();
    expect(state.pulls).toEqual([{}]);
    const { lastPullStartedAt } = await readCollectionMeta(db.meta, GUEST_META_KEY);
    await sync.run();
    expect(state.pulls[1]!.touchedFrom).toBe(new Date(Date.parse(lastPullStartedAt!) - SYNC_OVERLAP_MS).toISOString());
    await sync.run('full');
    expect(state.pulls[2]).toEqual({});
    expect(statuses.at(-1)).toMatchObject({ phase: 'idle', kind: 'full', done: 5, total: 5 });
    expect((await db.fieldList()).map((field) => field.name)).toContain('Interests');
    expect(await db.categoryNames()).toEqual(['Regulars', 'VIP']);
  });

  it('concurrent requests share one run', async () => {
    const { desk, state } = fakeGuestDesk(GUESTS);
    const sync = createGuestSync({
      desk,
      db: await freshDb(),
      phoneKey: auPhoneKey,
      country: 'AU',
      onStatus: () => {},
    });
    await Promise.all([sync.run(), sync.run(), sync.run()]);
    expect(state.pulls).toHaveLength(1);
  });

  it('reports a failure in staff words and keeps the cache', async () => {
    const { desk, state } = fakeGuestDesk(GUESTS);
    const db = await freshDb();
    const statuses: CollectionStatus[] = [];
    const sync = createGuestSync({
      desk,
      db,
      phoneKey: auPhoneKey,
      country: 'AU',
      onStatus: (status) => statuses.push(status),
    });
    await sync.run();
    state.failPull = 'The service is not answering, so the guest list could not be fetched.';
    await sync.run();
    expect(statuses.at(-1)).toMatchObject({
      phase: 'failed',
      error: 'The service is not answering, so the guest list could not be fetched.',
    });
    expect(statuses.at(-1)!.lastSyncedAt).toBeDefined();
    expect(await db.guestCount()).toBe(5);
  });

  it('records the guests even when sent items cannot be fetched, and says so', async () => {
    const { desk, state } = fakeGuestDesk(GUESTS, {
      listSentItems: () => {
        throw new UserFacingError('The service refused to send the sent messages: account disabled');
      },
    });
    const db = await freshDb();
    const statuses: CollectionStatus[] = [];
    const sync = createGuestSync({
      desk,
      db,
      phoneKey: auPhoneKey,
      country: 'AU',
      onStatus: (status) => statuses.push(status),
    });
    await sync.run();
    expect(statuses.at(-1)).toMatchObject({
      phase: 'failed',
      error: 'The service refused to send the sent messages: account disabled',
    });
    expect(await db.guestCount()).toBe(5);
    await sync.run();
    expect(state.pulls[1]!.touchedFrom).toBeDefined();
  });

  it('rebuilds the search terms when the venue country changes', async () => {
    const { desk } = fakeGuestDesk([contact('1', { PatronMobile: '07911 123456' })]);
    const db = await freshDb();
    await createGuestSync({ desk, db, phoneKey: auPhoneKey, country: 'AU', onStatus: () => {} }).run();
    expect(await termsOf(db, '1')).toEqual(['p:617911123456']);
    const { createPhoneKey } = await import('../../../renderer/search/phone');
    await createGuestSync({ desk, db, phoneKey: createPhoneKey('GB'), country: 'GB', onStatus: () => {} }).run();
    expect(await termsOf(db, '1')).toContain('p:447911123456');
    expect(toGuestRow('1', contact('1', {}), [], auPhoneKey).terms).toEqual([]);
  });
});
