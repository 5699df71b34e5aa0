import { describe, expect, it } from 'vitest';
import { createGridRows } from '../../../renderer/import/grid-rows';
import type { GridRow } from '../../../renderer/import/shown-rows';
import { createSharedThread } from '../../../renderer/import/shared-thread';

/** Rows line..line+count-1 as the worker would send them, tagged with the version that made them. */
const rowsFrom = (from: number, count: number, tag: string): GridRow[] =>
  Array.from({ length: count }, (_, i) => ({ line: from + i + 2, cells: { 0: tag }, status: 'new' }));

/** A worker stand-in whose answers the test releases, recording what was asked. */
function heldWorker() {
  const asked: Array<{ from: number; count: number; onlyProblems: boolean; answer: (tag: string) => void }> = [];
  const fetch = (from: number, count: number, onlyProblems: boolean) =>
    new Promise<{ rows: GridRow[] }>((resolve) =>
      asked.push({ from, count, onlyProblems, answer: (tag) => resolve({ rows: rowsFrom(from, count, tag) }) }),
    );
  return { fetch, asked };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the import grid asks the worker only for the rows in view', () => {
  it('fetches the pages in view once, keeps showing a page while a newer version of it is read, and drops answers for another file', async () => {
    const worker = heldWorker();
    const errors: unknown[] = [];
    const grid = createGridRows(worker.fetch, (error) => errors.push(error));
    grid.want(0, 30, { version: 1, onlyProblems: false });
    grid.want(5, 35, { version: 1, onlyProblems: false });
    expect(worker.asked.map(({ from, count }) => [from, count])).toEqual([[0, 100]]);
    expect(grid.row(3)).toBeUndefined();
    worker.asked[0]!.answer('v1');
    await settle();
    expect(grid.row(3)).toMatchObject({ line: 5, cells: { 0: 'v1' } });

    // An edit made version 2: the old rows stay in view until the new ones arrive.
    grid.want(0, 30, { version: 2, onlyProblems: false });
    expect(grid.row(3)?.cells[0]).toBe('v1');
    worker.asked[1]!.answer('v2');
    await settle();
    expect(grid.row(3)?.cells[0]).toBe('v2');

    // Scrolling far down asks for that page only.
    grid.want(4_990, 5_020, { version: 2, onlyProblems: false });
    expect(worker.asked.slice(2).map(({ from }) => from)).toEqual([4_900, 5_000]);

    // Another file: what was asked before is dropped unheard.
    grid.clear();
    worker.asked[2]!.answer('old file');
    await settle();
    expect(grid.row(4_990)).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('shows nothing of the other filter, and reports a failed read', async () => {
    const errors: string[] = [];
    const grid = createGridRows(
      async (from, count, onlyProblems) => {
        if (onlyProblems) throw new Error('The import was closed.');
        return { rows: rowsFrom(from, count, 'all') };
      },
      (error) => errors.push(String(error)),
    );
    await grid.prefetch({ version: 1, onlyProblems: false });
    expect(grid.row(0)?.cells[0]).toBe('all');
    grid.want(0, 10, { version: 1, onlyProblems: true });
    expect(grid.row(0)).toBeUndefined();
    await settle();
    expect(errors).toEqual(['Error: The import was closed.']);
  });
});

describe("the import worker's thread, shared with the read of the guest cache", () => {
  it('runs a job straight through when nothing is being read', async () => {
    const thread = createSharedThread();
    let slices = 0;
    await thread.run(() => ++slices < 5);
    expect(slices).toBe(5);
  });

  it("runs a job a slice per step of a read under way, and the rest at the read's end", async () => {
    const thread = createSharedThread();
    const read = thread.reading();
    let slices = 0;
    let finished = false;
    void thread.run(() => ++slices < 10).then(() => (finished = true));
    await settle();
    expect(slices).toBe(0);
    read.step();
    read.step();
    expect(slices).toBe(2);
    read.done();
    await settle();
    expect(slices).toBe(10);
    expect(finished).toBe(true);
  });

  it('settles a job that throws with its error', async () => {
    const thread = createSharedThread();
    const read = thread.reading();
    const failed = thread.run(() => {
      throw new Error('bad row');
    });
    read.step();
    await expect(failed).rejects.toThrow('bad row');
    read.done();
  });
});
