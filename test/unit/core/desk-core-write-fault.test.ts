import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../shared/bridge/contract';
import { startTestDeskCore } from '../../support/test-desk-core';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const HELD =
  'The desk cannot write to its database: another program is holding the database file (a backup tool, or a second Venue Desk on the same folder).';

describe('the desk core when its database refuses writes', () => {
  it('answers an enqueue with the reason over the bridge, shows it in the status, and clears it once writes work', async () => {
    const { core, dataDir, call } = await startTestDeskCore(cleanups);
    const statuses: Array<EventPayload<'statusChanged'>> = [];
    core.events.subscribe(
      (name, payload) => name === 'statusChanged' && statuses.push(payload as EventPayload<'statusChanged'>),
    );
    await call('startDemo', {});
    const sms = { from: 'Harbour', to: '+61412345678', message: 'Your table is ready' };

    // Another program (a backup tool) holds the write lock of desk.sqlite past the desk's busy timeout.
    const other = new Database(join(dataDir, 'desk.sqlite'));
    other.prepare('BEGIN IMMEDIATE').run();
    const refused = await call('sendGuestSms', sms);
    expect(refused).toEqual({
      ok: false,
      error: { code: 'failed', message: `${HELD} Nothing was saved; try again once it is fixed.` },
    });
    expect(await call('getStatus', {})).toMatchObject({ ok: true, value: { writeProblem: HELD } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(statuses.at(-1)).toMatchObject({ writeProblem: HELD });

    other.prepare('ROLLBACK').run();
    other.close();
    expect(await call('sendGuestSms', sms)).toMatchObject({ ok: true, value: { state: 'queued' } });
    const status = await call('getStatus', {});
    expect(status.ok && (status.value as EventPayload<'statusChanged'>).writeProblem).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(statuses.at(-1)?.writeProblem).toBeUndefined();
  });
});
