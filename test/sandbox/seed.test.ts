// The demo seed and the guest generator.
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../sandbox/index';
import { generateGuests } from '../../sandbox/seed/guests';
import { contactKeys } from '../../sandbox/store/contacts';

let sandbox: Sandbox | undefined;
afterEach(() => sandbox?.close());

describe('demo seed', () => {
  it('has the deterministic credentials, a venue with guests, selects, categories, reservations today, sent items and replies', async () => {
    sandbox = createSandbox({ demo: true, demoGuests: 500, now: () => new Date('2025-06-15T10:00:00Z') });
    expect(sandbox.demo).toEqual({
      apiKey: 'demo0000000000000000000000000001',
      clientId: '1001',
      username: 'demo',
      password: 'demo-password',
      partnerId: 'P1001',
      planId: 'PLAN100',
    });
    const call = async (method: string, body: unknown, json = true) =>
      (
        await sandbox!.fetch(`http://sandbox.test/v1/${sandbox!.demo.apiKey}/${method}`, {
          method: 'POST',
          headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
          body: json ? JSON.stringify(body) : '',
        })
      ).json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const guests = await call('pull_db', { client_id: '1001' });
    expect(guests).toHaveLength(500);
    expect(guests.filter((g: { PatronEmail?: string }) => g.PatronEmail).length).toBeGreaterThan(400);
    expect(guests.some((g: { PatronMobile?: string }) => g.PatronMobile?.startsWith('+61'))).toBe(true);
    expect(guests.some((g: { PatronMobile?: string }) => g.PatronMobile?.startsWith('04'))).toBe(true);
    expect(guests.some((g: { svc_categories: string }) => g.svc_categories !== '')).toBe(true);
    const reservations = await call('pull_reservations', { client_id: '1001' });
    expect(
      reservations.filter((r: { reservation: { Date: string } }) => r.reservation.Date === '2025-06-15'),
    ).toHaveLength(12);
    expect((await call('sent_items', {}, false)).data.length).toBeGreaterThan(5);
    expect((await call('sms_inbox', {}, false)).data.length).toBeGreaterThan(2);
  });

  it('keeps the demo in a file database across runs without seeding twice', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'sandbox-')), 'service.db');
    createSandbox({ dbFile: file, demo: true, demoGuests: 50 }).close();
    sandbox = createSandbox({ dbFile: file, demo: true, demoGuests: 50 });
    const count = sandbox.context.db.prepare('SELECT COUNT(*) AS n FROM contacts').get() as { n: number };
    expect(count.n).toBe(50);
  });
});

describe('generateGuests', () => {
  it('adds guests with unique emails and mobiles whose keys match the duplicate check', () => {
    sandbox = createSandbox();
    generateGuests(sandbox.context.db, 20_000);
    const rows = sandbox.context.db.prepare('SELECT data, email_key, mobile_key FROM contacts').all() as {
      data: string;
      email_key: string | null;
      mobile_key: string | null;
    }[];
    expect(rows).toHaveLength(20_000);
    const emails = rows.map((r) => r.email_key).filter(Boolean);
    const mobiles = rows.map((r) => r.mobile_key).filter(Boolean);
    expect(new Set(emails).size).toBe(emails.length);
    expect(new Set(mobiles).size).toBe(mobiles.length);
    for (const row of rows.slice(0, 500)) {
      expect(contactKeys(JSON.parse(row.data) as Record<string, unknown>, 'AU')).toEqual({
        emailKey: row.email_key,
        mobileKey: row.mobile_key,
      });
    }
  });
});
