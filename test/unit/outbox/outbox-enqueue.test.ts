import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDeskDatabase } from '../../../electron/core/db/open-database';
import type { OutboxChange } from '../../../electron/core/outbox/events';
import { OutboxValidationError } from '../../../electron/core/outbox/validation-error';
import { createHarness, email, sms } from './support/outbox-harness';
import { useTempDir } from './support/temp-dir';

const tempDir = useTempDir();

describe('enqueue', () => {
  it('is committed to the file before it returns', () => {
    const file = join(tempDir(), 'desk.db');
    const { outbox } = createHarness({ db: openDeskDatabase(file), start: false });
    const item = outbox.enqueue('sms', sms());
    const other = new Database(file, { readonly: true });
    expect(other.prepare('SELECT id, kind, state FROM outbox_items').all()).toEqual([
      { id: item.id, kind: 'sms', state: 'queued' },
    ]);
    other.close();
  });

  it('refuses what the service would refuse and stores nothing', () => {
    const { outbox } = createHarness({ start: false });
    expect(() => outbox.enqueue('sms', { ...sms(), message: 'Crème brûlée tonight' })).toThrow(OutboxValidationError);
    expect(() => outbox.enqueue('email', { ...email(), to_email: 'nobody' })).toThrow(/not a valid email/);
    expect(outbox.list()).toEqual([]);
  });

  it('needs a connected account', () => {
    const harness = createHarness({ start: false });
    harness.account.current = null;
    expect(() => harness.outbox.enqueue('sms', sms())).toThrow(/Connect an account/);
  });

  it('gives each message a reference id and shows what it is', () => {
    const { outbox, db } = createHarness({ start: false });
    const first = outbox.enqueue('sms', sms('Table ready'));
    outbox.enqueue('sms', sms('Table ready'));
    const refs = db.prepare('SELECT reference_id FROM outbox_items').all() as Array<{ reference_id: string }>;
    expect(new Set(refs.map((row) => row.reference_id)).size).toBe(2);
    expect(refs.every((row) => /^vd[A-Za-z0-9]{1,39}$/.test(row.reference_id))).toBe(true);
    expect(first).toMatchObject({
      kind: 'sms',
      state: 'queued',
      summary: 'SMS to 0412 345 678: Table ready', // the venue's (AU) own mobile, in national form (issue 22)
      editable: true,
      attempts: 0,
    });
    expect(first.guestKey).toBeUndefined();
  });

  it('tells subscribers about the entry and the counts, and delivers it', async () => {
    const { outbox, service } = createHarness();
    const changes: OutboxChange[] = [];
    outbox.subscribe((change) => changes.push(change));
    const item = outbox.enqueue('email', email(), { guestKey: '1234' });
    await outbox.settle();
    await new Promise((resolve) => setImmediate(resolve));
    expect(service.sent).toHaveLength(1);
    expect(changes.flatMap((change) => change.changed.map((view) => view.id))).toContain(item.id);
    expect(changes.at(-1)!.summary.counts).toMatchObject({ sent: 1, queued: 0, sending: 0 });
    const lastOfItem = changes.filter((change) => change.changed.some((view) => view.id === item.id)).at(-1)!;
    // A notice names the entry (id, kind, state); what else it holds is read with get or list.
    expect(lastOfItem.changed.find((view) => view.id === item.id)).toEqual({
      id: item.id,
      kind: 'email',
      state: 'sent',
      createdAt: item.createdAt,
    });
    expect(outbox.get(item.id)).toMatchObject({
      state: 'sent',
      guestKey: '1234',
      result: { reference_id: expect.any(String) },
    });
    expect(outbox.list({ guestKey: '1234' }).map((view) => view.id)).toEqual([item.id]);
    expect(outbox.list({ states: ['queued'] })).toEqual([]);
  });
});
