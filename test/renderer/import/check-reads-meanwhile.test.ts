import { describe, expect, it } from 'vitest';
import { matchColumns } from '../../../renderer/import/matching';
import type { RecordLoader } from '../../../renderer/import/early-records';
import { createSharedThread } from '../../../renderer/import/shared-thread';
import { loadGuestsOnFile, type CachedGuests } from '../../../renderer/import/snapshot';
import { createPhoneKey } from '../../../renderer/search/phone';
import { fieldLabel } from '../../../renderer/screens/guests/field-labels';
import { bufferOf, DEMO_FIELDS, newSession } from './support';

/** 1,000 guests on file, guest i with guest{i}@example.com and a mobile of its own. */
const GUESTS = Array.from({ length: 1000 }, (_, i) => ({
  key: String(5000 + i),
  record: {
    PatronName: `Guest${i}`,
    PatronSurname: 'Onfile',
    PatronEmail: `guest${i}@example.com`,
    PatronMobile: `+6141${String(i).padStart(7, '0')}`,
  },
}));

const cache: CachedGuests = {
  async eachTerm(prefix, each) {
    const terms = GUESTS.map(({ key, record }) => ({
      term: prefix === 'e:' ? `e:${record.PatronEmail}` : `p:${record.PatronMobile.slice(1)}`,
      key,
    })).filter(({ term }) => term.startsWith(prefix));
    for (const { term, key } of terms.sort((a, b) => (a.term < b.term ? -1 : 1))) each(term, key);
  },
  guestsByKeys: async (keys) => GUESTS.filter((guest) => keys.includes(guest.key)),
};

/**
 * 1,200 rows: every other row is a guest on file (600, a third of them with a new surname), the others
 * new; then one repeating an earlier row, and one whose mobile is another guest's than its email's.
 */
function file(): string {
  const lines = ['First Name,Last Name,Email,Mobile'];
  for (let row = 0; row < 1200; row++) {
    if (row % 2 === 0) lines.push(`Guest${row / 2},${row % 3 ? 'Onfile' : 'Renamed'},guest${row / 2}@example.com,`);
    else lines.push(`New${row},Person,new${row}@example.com,0499 ${String(row).padStart(6, '0')}`);
  }
  lines.push('Again,Person,new1@example.com,');
  lines.push('Clash,Row,guest999@example.com,0410 000 008');
  return lines.join('\n');
}

/** Checks the file against the guests on file, given as the worker gives them; returns what staff see and the reads made. */
async function check(guestsReadAfterLoop: boolean) {
  const onFile = await loadGuestsOnFile(cache, [], createPhoneKey('AU'));
  const reads: string[][] = [];
  const loader: RecordLoader = (ids) => {
    reads.push([...ids]);
    return onFile.records(ids);
  };
  const session = newSession();
  if (guestsReadAfterLoop) {
    // The guests arrive after the rows are checked (a task later than the check's first stretch).
    session.compareWith(
      new Promise((resolve) => setTimeout(() => resolve({ snapshot: onFile.snapshot, records: loader }), 0)),
    );
  } else session.setGuests(onFile.snapshot, loader);
  const summary = session.load('guests.csv', bufferOf(file()));
  const checked = await session.check({
    targets: matchColumns(summary.columns, DEMO_FIELDS, fieldLabel),
    fields: DEMO_FIELDS,
    policy: 'update',
  });
  return { checked, rows: session.gridRows(0, 2000), queued: session.queueRows(0, 2000, new Map()), reads };
}

describe('the check reads the records of matched guests while it checks', () => {
  it('reads them in batches as rows are checked, each guest once, with the same result as reading them all at the end', async () => {
    const early = await check(false);
    const late = await check(true);
    expect(early.checked).toEqual(late.checked);
    expect(early.rows).toEqual(late.rows);
    expect(early.queued).toEqual(late.queued);
    expect(early.checked.counts).toMatchObject({
      rows: 1202,
      newGuests: 600,
      updates: 200,
      left: 400,
      conflicts: 1,
      problems: 1,
      duplicates: 602,
    });

    expect(early.reads.length).toBeGreaterThan(2);
    expect(Math.max(...early.reads.map((ids) => ids.length))).toBeLessThanOrEqual(256);
    const asked = early.reads.flat();
    expect(new Set(asked).size).toBe(asked.length);
    expect(new Set(asked)).toEqual(new Set(late.reads.flat()));
  });

  it('fails the check with a read that failed', async () => {
    const onFile = await loadGuestsOnFile(cache, [], createPhoneKey('AU'));
    const session = newSession();
    session.setGuests(onFile.snapshot, async () => {
      throw new Error('IndexedDB went away');
    });
    const summary = session.load('guests.csv', bufferOf(file()));
    await expect(
      session.check({
        targets: matchColumns(summary.columns, DEMO_FIELDS, fieldLabel),
        fields: DEMO_FIELDS,
        policy: 'update',
      }),
    ).rejects.toThrow('IndexedDB went away');
  });
});

describe("the import worker's thread with no read under way", () => {
  it('runs a long job in stretches, letting the tasks queued meanwhile in before it ends', async () => {
    const thread = createSharedThread();
    // The other task is a message, as the page's and IndexedDB's answers reach the worker. (A timer
    // would not do in Node: it runs a port's messages queued from within its own handler in one turn.)
    let otherTaskRan = false;
    const other = new MessageChannel();
    other.port1.onmessage = () => {
      otherTaskRan = true;
      other.port1.close();
    };
    other.port2.postMessage(null);
    // The job goes on until the other task has run, so it ends only if the thread lets that task in.
    // Should the thread never let it in, the job gives up after 5 s of slices and the test fails.
    const gaveUpAt = performance.now() + 5000;
    let slices = 0;
    await thread.run(() => {
      slices += 1;
      return !otherTaskRan && performance.now() < gaveUpAt;
    });
    expect(otherTaskRan).toBe(true);
    expect(slices).toBeGreaterThan(1);
  });
});
