// The page's hand-over of a checked file to the desk: several batches on their way at once, each naming
// the row before it; one refused stops the rest, and Go on sends what did not reach the desk, so every row
// of the file arrives once and none is skipped. The desk here keeps the rows' lines in memory and follows
// the core's rule for a batch that does not follow them (electron/core/import/import-handlers.ts, tested
// on SQLite in test/unit/import/import-service.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportView } from '../../../renderer/stores/import';
import { IMPORT_BATCH_LIMIT } from '../../../shared/bridge/channels/import';
import { UserFacingError } from '../../../shared/bridge/result';
import { setDesk } from '../../../renderer/bridge/desk';
import {
  cancelCurrentImport,
  checkRows,
  chooseFile,
  followImports,
  queueImport,
  resetImport,
  resumeImport,
} from '../../../renderer/import/controller';
import { useImport } from '../../../renderer/stores/import';
import { createFakeDesk } from '../../support/fake-desk';
import { fakeHandlers } from '../../support/fake-handlers';
import { DEMO_FIELDS, setUpDemoImport } from './support';

const ROWS = 1300;
/**
 * Every 97th row, and the last row of the first batch, have no usable email and no mobile: held back, handed
 * over with their reason (Go on then starts after a held row).
 */
const held = (i: number) => i % 97 === 0 || i === IMPORT_BATCH_LIMIT - 1;
const HELD = 15;
/** A blank line (line 702) after the 700th row: the rows after it are numbered as the spreadsheet numbers them. */
const CSV = [
  'Name,Email',
  ...Array.from({ length: ROWS }, (_, i) => `Guest ${i},${held(i) ? 'not-an-email' : `guest${i}@example.com`}`).flatMap(
    (line, i) => (i === 700 ? ['', line] : [line]),
  ),
].join('\r\n');

beforeEach(setUpDemoImport);
afterEach(() => resetImport());

/**
 * A desk that keeps the lines handed over and answers each hand-over a little later (deciding on it as it
 * arrives, as the core does). `atSecond`: what happens when the second arrives: it is refused once; staff
 * cancel the import here; it is cancelled elsewhere (another window of the desk), the page hearing of it
 * only once the next hand-over was refused; or staff go back to choosing a file (Import another file).
 */
function deskTakingHandOvers(atSecond: 'refuse' | 'cancel' | 'cancelElsewhere' | 'reset') {
  /** The lines of the rows that reached the desk, ready or held, in the order they came. */
  const lines: number[] = [];
  const ready = { count: 0 };
  let staged = false;
  let cancelled = false;
  const lastLine = () => Math.max(0, ...lines);
  const view = (id: string): ImportView => ({
    id,
    fileName: 'guests.csv',
    createdAt: new Date().toISOString(),
    phase: cancelled ? 'cancelled' : staged ? 'delivering' : 'queueing',
    totalRows: ROWS,
    readyRows: ROWS - HELD,
    stagedRows: ready.count,
    queuedRows: 0,
    newGuests: 0,
    updated: 0,
    pending: 0,
    failed: 0,
    leftRows: 0,
    heldRows: lines.length - ready.count,
    staged,
    lastStagedLine: lastLine(),
    mapping: {},
    categories: [],
  });
  const handOvers = { sent: 0, answered: 0, mostOnTheirWay: 0, refused: 0, afterLines: [] as number[] };
  /** Decides on a hand-over as it arrives (its answer is the import as it stood then); answers or refuses when called. */
  const take = (
    number: number,
    importId: string,
    afterLine: number,
    readyRows: number,
    batch: Array<{ line: number }>,
  ) => {
    const refuse = (message: string) => () => {
      handOvers.refused += 1;
      throw new UserFacingError(message);
    };
    if (cancelled) return refuse('This import was cancelled.');
    if (number === 2 && atSecond === 'refuse') return refuse('The desk cannot write to its database: disk full.');
    const batchLines = batch.map((row) => row.line);
    if (afterLine !== lastLine() && Math.max(afterLine, ...batchLines) > lastLine())
      return refuse(`Rows after row ${afterLine} came before those up to it reached the desk.`);
    lines.push(...batchLines);
    ready.count += readyRows;
    const taken = view(importId);
    return () => taken;
  };
  const desk = createFakeDesk(
    fakeHandlers({
      listContactFields: () =>
        DEMO_FIELDS.map(({ name, type, options }) => ({ name, type, ...(options ? { options } : {}) })),
      importKnownGuests: () => ({ guests: [], next: null }),
      listImports: () => ({ imports: [] }),
      startImport: () => view('imp_12345678'),
      stageImportRows: async ({ importId, afterLine, rows, held: heldRows }) => {
        const number = ++handOvers.sent;
        handOvers.afterLines.push(afterLine);
        handOvers.mostOnTheirWay = Math.max(handOvers.mostOnTheirWay, handOvers.sent - handOvers.answered);
        const answer = take(number, importId, afterLine, rows.length, [...rows, ...heldRows]);
        // Once the second has reached the desk (the core takes what came before a cancel).
        if (number === 2 && atSecond === 'cancel') void cancelCurrentImport();
        if (number === 2 && atSecond === 'cancelElsewhere') cancelled = true;
        // The core tells of the cancel after its answers to what it took before (in the order it sends them).
        if (number === 3 && atSecond === 'cancelElsewhere') {
          const cancelledView = view(importId);
          setTimeout(() => desk.emit('importChanged', cancelledView), 5);
        }
        if (number === 2 && atSecond === 'reset') resetImport();
        await new Promise((resolve) => setTimeout(resolve, 5));
        handOvers.answered += 1;
        return answer();
      },
      // Taken as it arrives, answered after the hand-overs taken before it (the core answers in the order it takes requests).
      cancelImport: async ({ importId }) => {
        cancelled = true;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return view(importId);
      },
      finishImportStaging: ({ importId }) => {
        staged = true;
        return view(importId);
      },
      resumeImport: ({ importId }) => view(importId),
      getImport: ({ importId }) => view(importId),
    }),
  );
  return { desk, handOvers, lines };
}

/** The file as staff choose it (jsdom's File cannot read itself). */
const csvFile = () =>
  Object.assign(new File([CSV], 'guests.csv', { type: 'text/csv' }), {
    arrayBuffer: async () => new TextEncoder().encode(CSV).buffer,
  });

/** Lines in ascending order (a batch hands its ready rows over before its held ones); a line sent twice stays twice. */
const inOrder = (lines: number[]) => [...lines].sort((a, b) => a - b);

describe('handing a checked file to the desk', () => {
  it('sends several batches at once; a refused one stops those after it, and Go on sends from the first row missing, each row once', async () => {
    const { desk, handOvers, lines } = deskTakingHandOvers('refuse');
    setDesk(desk);
    await chooseFile(csvFile());
    await checkRows();
    expect(useImport.getState().counts).toMatchObject({ rows: ROWS, ready: ROWS - HELD, problems: HELD });

    await queueImport();
    expect(useImport.getState().error).toMatch(/disk full/);
    const stopped = useImport.getState().current!;
    expect(stopped.phase).toBe('interrupted');
    // The third batch was on its way before the second was answered, and the desk refused it: it would have left a gap.
    expect(handOvers.mostOnTheirWay).toBeGreaterThan(1);
    expect(handOvers.afterLines).toEqual([0, IMPORT_BATCH_LIMIT + 1, 2 * IMPORT_BATCH_LIMIT + 2]);
    // Only the first batch is on the desk: rows on lines 2 to 501 (the header is line 1).
    expect(inOrder(lines)).toEqual(Array.from({ length: IMPORT_BATCH_LIMIT }, (_, i) => i + 2));
    expect(stopped.lastStagedLine).toBe(IMPORT_BATCH_LIMIT + 1);

    await resumeImport(stopped.id);
    expect(useImport.getState().error).toBeNull();
    expect(handOvers.afterLines.slice(3)).toEqual([IMPORT_BATCH_LIMIT + 1, 2 * IMPORT_BATCH_LIMIT + 2]);
    // Every row of the file reached the desk once, numbered as the spreadsheet numbers it (line 702 is blank).
    const fileLines = Array.from({ length: ROWS + 1 }, (_, i) => i + 2).filter((line) => line !== 702);
    expect(inOrder(lines)).toEqual(fileLines);
    expect(useImport.getState().current).toMatchObject({
      staged: true,
      stagedRows: ROWS - HELD,
      heldRows: HELD,
      lastStagedLine: ROWS + 2,
    });
  });

  it('stops handing over when staff cancel: no batch goes after the cancel, and the import shows cancelled, with no error', async () => {
    const { desk, handOvers } = deskTakingHandOvers('cancel');
    setDesk(desk);
    await chooseFile(csvFile());
    await checkRows();
    await queueImport();
    expect(handOvers.sent).toBe(2);
    expect(useImport.getState().error).toBeNull();
    // The cancel's own answer comes after the hand-over has ended.
    await vi.waitFor(() => expect(useImport.getState().current?.phase).toBe('cancelled'));
    expect(useImport.getState().error).toBeNull();
  });

  it('ends quietly when the import was cancelled elsewhere: batches on their way are refused, and it shows cancelled, not stopped', async () => {
    const { desk, handOvers } = deskTakingHandOvers('cancelElsewhere');
    setDesk(desk);
    const stopFollowing = followImports();
    await chooseFile(csvFile());
    await checkRows();
    await queueImport();
    stopFollowing();
    expect(handOvers.refused).toBeGreaterThan(0);
    expect(useImport.getState().error).toBeNull();
    expect(useImport.getState().current?.phase).toBe('cancelled');
  });

  it('shows nothing of a hand-over once staff went back to choosing a file while batches were on their way', async () => {
    const { desk, handOvers } = deskTakingHandOvers('reset');
    setDesk(desk);
    await chooseFile(csvFile());
    await checkRows();
    await queueImport();
    expect(handOvers.answered).toBe(handOvers.sent);
    expect(useImport.getState()).toMatchObject({ step: 'pick', current: null, progress: null, error: null });
  });
});
