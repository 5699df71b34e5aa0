import { GuestDatabase } from '../../../renderer/db/guest-db';
import { toGuestRow } from '../../../renderer/db/guest-row';
import type { GuestWrite } from '../../../renderer/db/guest-types';
import { createPhoneKey } from '../../../renderer/search/phone';

/** Phone keys for an Australian venue, as the desk builds them. */
export const auPhoneKey = createPhoneKey('AU');

let counter = 0;

/** A fresh, empty guest cache in fake-indexeddb. */
export async function freshDb(): Promise<GuestDatabase> {
  const db = new GuestDatabase(`test-guests-${++counter}-${Date.now()}`);
  await db.open();
  return db;
}

/** A contact as pull_db returns it. */
export function contact(id: string, fields: Record<string, unknown>): Record<string, unknown> {
  return { client_id: 'demo', contact_id: id, svc_categories: '', ...fields };
}

/** The guests the lookup tests use. */
export const GUESTS = [
  contact('101', {
    PatronName: 'Ada',
    PatronSurname: 'Lovelace',
    PatronEmail: 'ada@example.com',
    PatronMobile: '+61412345678',
    MemberNumber: 'M1001',
    CardNumber: '4000 1234 5678 9010',
  }),
  contact('102', {
    PatronName: 'Grace',
    PatronSurname: 'Hopper',
    PatronEmail: 'grace.hopper@navy.example',
    PatronMobile: '0413 555 111',
    MemberNumber: '2002',
  }),
  contact('103', {
    PatronName: 'Zoë',
    PatronSurname: "O'Brien-Smith",
    PatronEmail: 'zoe@example.org',
    PatronMobile: '+44 7700 900123',
    MemberNumber: '3003',
  }),
  contact('104', {
    PatronName: 'Alan',
    PatronSurname: 'Lovell',
    PatronEmail: 'alan@example.com',
    PatronMobile: '+61 400 000 104',
    MemberNumber: '1001',
  }),
  contact('105', {
    PatronName: 'Lovisa',
    PatronSurname: 'Berg',
    PatronEmail: 'lovisa@example.se',
    MemberNumber: '5005',
  }),
];

/** A cache holding `records` (default: GUESTS). */
export async function seededDb(records: Record<string, unknown>[] = GUESTS): Promise<GuestDatabase> {
  const db = await freshDb();
  await db.putGuests(records.map((record) => toGuestRow(String(record.contact_id), record, [], auPhoneKey)));
  return db;
}

/** A change of surname this desk queued for guest 102 (the service still says Hopper). */
export const RENAMED: GuestWrite = {
  outboxId: 'ob_1',
  guestKey: '102',
  kind: 'update',
  state: 'queued',
  createdAt: '2026-11-25T00:00:00.000Z',
  changes: { PatronSurname: 'King' },
};
