import { describe, expect, it } from 'vitest';
import type { GuestWrite } from '../../../renderer/db/guest-types';
import {
  followOutboxItem,
  forgetRemovedWrites,
  reconcileWrites,
  type OutboxItemView,
} from '../../../renderer/sync/confirmations';
import type { OutboxItemOf } from '../../../shared/bridge/channels/outbox';
import { auPhoneKey, freshDb, seededDb } from './fixtures';
import { fakeGuestDesk } from './fake-guest-desk';

const at = new Date().toISOString();
const write = (overrides: Partial<GuestWrite>): GuestWrite => ({
  outboxId: 'ob_1',
  guestKey: '101',
  kind: 'update',
  state: 'queued',
  createdAt: at,
  ...overrides,
});
/** What the entries of these tests share: sent once, not editable. */
const facts = {
  id: 'ob_1',
  state: 'sent',
  summary: '',
  createdAt: at,
  updatedAt: at,
  attempts: 1,
  editable: false,
} as const;
const item = (overrides: Partial<OutboxItemOf<'push_contact'>>): OutboxItemView => ({
  ...facts,
  kind: 'push_contact',
  payload: { client_id: 'demo' },
  ...overrides,
});
const smsItem = (overrides: Partial<OutboxItemOf<'sms'>>): OutboxItemView => ({
  ...facts,
  kind: 'sms',
  payload: { from: 'Harbour', to: '+61400000000', message: 'Table ready' },
  ...overrides,
});

describe('following the outbox', () => {
  it('a new guest recorded here is searchable at once, then takes the service contact_id when confirmed', async () => {
    const db = await freshDb();
    await db.recordWrite(
      write({
        guestKey: 'local-0000aaaa',
        kind: 'create',
        changes: { PatronName: 'Nina', PatronSurname: 'Simone', PatronMobile: '0400 123 456' },
        categories: ['VIP'],
      }),
      auPhoneKey,
    );
    const local = (await db.guestsWithTerm('n:simone'))[0]!;
    expect(local).toMatchObject({ key: 'local-0000aaaa', localId: 'local-0000aaaa', label: 'Nina Simone', pending: 1 });

    await followOutboxItem(db, item({ guestKey: 'local-0000aaaa', result: { contact_id: '9001' } }), auPhoneKey);
    expect(await db.guests.get('local-0000aaaa')).toBeUndefined();
    const confirmed = (await db.guestByKey('local-0000aaaa'))!;
    expect(confirmed).toMatchObject({ key: '9001', localId: 'local-0000aaaa', pending: 0 });
    expect(confirmed.record).toMatchObject({ contact_id: '9001', PatronName: 'Nina', svc_categories: 'VIP' });
    expect((await db.writeById('ob_1'))!.state).toBe('sent');
  });

  it('an edit overlays the record until sent, then is part of it; multipleSelect checks and unchecks apply', async () => {
    const db = await seededDb([{ client_id: 'demo', contact_id: '101', PatronName: 'Ada', Interests: 'Jazz,Wine' }]);
    await db.recordWrite(
      write({
        changes: { PatronName: 'Augusta' },
        multiselect: [
          { field: 'Interests', option: 'Wine', checked: false },
          { field: 'Interests', option: 'Rugby', checked: true },
        ],
      }),
      auPhoneKey,
    );
    expect((await db.guestByKey('101'))!).toMatchObject({
      label: 'Augusta',
      pending: 1,
      record: { PatronName: 'Ada' },
    });

    await followOutboxItem(
      db,
      item({ state: 'needs_attention', problem: { message: 'Update contact failed', whatToDo: 'Try again later.' } }),
      auPhoneKey,
    );
    expect((await db.writeById('ob_1'))!).toMatchObject({
      state: 'needs_attention',
      problem: 'Update contact failed — Try again later.',
    });
    expect((await db.guestByKey('101'))!.pending).toBe(1);

    await followOutboxItem(db, item({ state: 'sent' }), auPhoneKey);
    expect((await db.guestByKey('101'))!).toMatchObject({
      pending: 0,
      record: { PatronName: 'Augusta', Interests: 'Jazz,Rugby' },
    });
  });

  it('a new guest a person added to a guest on file: only the added fields go onto that guest, never the new guest’s name', async () => {
    const db = await seededDb([
      {
        client_id: 'demo',
        contact_id: '101',
        PatronName: 'Ada',
        PatronSurname: 'Lovelace',
        PatronEmail: 'ada@example.com',
      },
    ]);
    await db.recordWrite(
      write({
        guestKey: 'local-0000cccc',
        kind: 'create',
        changes: { PatronName: 'Augusta', PatronEmail: 'ada@example.com', PatronMobile: '+61412345678' },
      }),
      auPhoneKey,
    );
    await followOutboxItem(
      db,
      item({
        guestKey: 'local-0000cccc',
        payload: { client_id: 'demo', contact_id: '101', PatronMobile: '+61412345678' },
        result: { contact_id: '101', addedToExistingGuest: true },
      }),
      auPhoneKey,
    );
    expect(await db.guests.get('local-0000cccc')).toBeUndefined();
    expect((await db.guestByKey('101'))!).toMatchObject({
      label: 'Ada Lovelace',
      record: { contact_id: '101', PatronName: 'Ada', PatronMobile: '+61412345678' },
    });
  });

  it('a new guest added to a guest on file this desk has not synced yet shows only what was added under that guest’s id', async () => {
    const db = await freshDb();
    await db.recordWrite(
      write({
        guestKey: 'local-0000dddd',
        kind: 'create',
        changes: { PatronName: 'Augusta', PatronEmail: 'ada@example.com', PatronMobile: '+61412345678' },
      }),
      auPhoneKey,
    );
    await followOutboxItem(
      db,
      item({
        guestKey: 'local-0000dddd',
        payload: { client_id: 'demo', contact_id: '101', PatronMobile: '+61412345678' },
        result: { contact_id: '101', addedToExistingGuest: true },
      }),
      auPhoneKey,
    );
    const shown = (await db.guestByKey('101'))!;
    expect(shown.record).toEqual({ contact_id: '101', PatronMobile: '+61412345678' });
    expect(shown.label).not.toContain('Augusta');
  });

  it('records the reference id of a sent message', async () => {
    const db = await freshDb();
    await db.recordWrite(write({ kind: 'sms', summary: 'Table ready' }), auPhoneKey);
    await followOutboxItem(db, smsItem({ result: { reference_id: 'vd123abc' } }), auPhoneKey);
    expect((await db.writeById('ob_1'))!).toMatchObject({ state: 'sent', referenceId: 'vd123abc' });
  });

  it('ignores outbox entries that are not this desk’s guest writes', async () => {
    const db = await freshDb();
    await followOutboxItem(db, item({ id: 'ob_other' }), auPhoneKey);
    expect(await db.writes.count()).toBe(0);
  });

  it('forgets writes the outbox no longer has: a discarded new guest disappears, a discarded edit stops overlaying', async () => {
    const { desk, state } = fakeGuestDesk([]);
    const db = await seededDb();
    await db.recordWrite(
      write({
        outboxId: 'ob_gone',
        kind: 'create',
        guestKey: 'local-0000bbbb',
        changes: { PatronEmail: 'x@example.com' },
      }),
      auPhoneKey,
    );
    await db.recordWrite(write({ outboxId: 'ob_edit', changes: { PatronName: 'Changed' } }), auPhoneKey);
    await db.recordWrite(write({ outboxId: 'ob_kept', guestKey: '102', changes: { PatronName: 'Kept' } }), auPhoneKey);
    state.outbox = [{ id: 'ob_kept', state: 'waiting', guestKey: '102' }];
    await reconcileWrites(desk, db, auPhoneKey);
    expect(await db.guestByKey('local-0000bbbb')).toBeUndefined();
    expect((await db.guestByKey('101'))!).toMatchObject({ label: 'Ada Lovelace', pending: 0 });
    expect((await db.guestByKey('102'))!).toMatchObject({ label: 'Kept Hopper', pending: 1 });
    expect((await db.writeById('ob_kept'))!.state).toBe('waiting');
  });

  it('forgets the writes an outboxChanged event names as removed, at once and without asking the outbox', async () => {
    const db = await seededDb();
    await db.recordWrite(
      write({
        outboxId: 'ob_new',
        kind: 'create',
        guestKey: 'local-0000cccc',
        changes: { PatronEmail: 'y@example.com' },
      }),
      auPhoneKey,
    );
    await db.recordWrite(write({ outboxId: 'ob_edit', changes: { PatronName: 'Changed' } }), auPhoneKey);
    await db.recordWrite(write({ outboxId: 'ob_kept', guestKey: '102', changes: { PatronName: 'Kept' } }), auPhoneKey);
    await forgetRemovedWrites(db, ['ob_new', 'ob_edit', 'ob_not_ours'], auPhoneKey);
    expect(await db.guestByKey('local-0000cccc')).toBeUndefined();
    expect((await db.guestByKey('101'))!).toMatchObject({ label: 'Ada Lovelace', pending: 0 });
    expect((await db.guestByKey('102'))!).toMatchObject({ label: 'Kept Hopper', pending: 1 });
    expect(await db.writeById('ob_edit')).toBeUndefined();
  });
});
