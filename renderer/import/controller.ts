// The import's controller: the worker's life, the hand-over of rows to the desk core, and following
// imports through importChanged events. The store (renderer/stores/import.ts) holds state only.
import type { RequestOf } from '../../shared/bridge/contract';
import { IMPORT_BATCH_LIMIT, IMPORT_BATCH_MAX_BYTES, lastLineOf } from '../../shared/bridge/channels/import';
import { getDesk } from '../bridge/desk';
import { guestDatabaseName } from '../db/guest-db';
import { fieldLabel } from '../screens/guests/field-labels';
import { useAccount } from '../stores/account';
import { reportBackgroundFailure } from '../stores/background-failures';
import { useGuests } from '../stores/guests';
import { INITIAL_IMPORT, useImport, type ImportState, type ImportView } from '../stores/import';
import { matchColumns, type ColumnTarget, type ImportField } from './matching';
import type { ConflictChoice } from './resolve';
import { createGridRows } from './grid-rows';
import type { CheckCounts } from './check-counts';
import type { ReadOptions } from './source';
import { cacheSentFrom, readOutboxGuests } from './outbox-guests';
import { startImportWorker, type ImportWorker } from './worker-client';

let worker: ImportWorker | null = null;
let makeWorker: () => ImportWorker = startImportWorker;
/** Which import the open file's session handed rows to (a hand-over that stopped can go on from it). */
let sessionImport: string | null = null;
/** The import staff asked to cancel, and whether the desk cancelled it (then its refusals of batches on their way are the cancel's doing). */
let cancelling: { importId: string; done: Promise<boolean> } | null = null;
/** Counts the files chosen (and the screen reset): a step's outcome is shown only if no other file was chosen since it began. */
let fileSession = 0;
let unfollow: (() => void) | null = null;

/** The grid's rows, fetched from the open file's worker as they come into view. */
export const importGridRows = createGridRows(
  (from, count, onlyProblems) => requireWorker().request({ type: 'shownRows', from, count, onlyProblems }),
  (error) => useImport.setState({ error: messageOf(error) }),
);

/**
 * Runs a step, showing its error as the screen's sentence and keeping what was there. Only a step of a
 * file another file was chosen after stays quiet (logged): the later file's screen is shown now.
 */
async function attempt(work: () => Promise<void>): Promise<void> {
  const file = fileSession;
  useImport.setState({ busy: true, error: null });
  try {
    await work();
  } catch (error) {
    if (file === fileSession) useImport.setState({ error: messageOf(error) });
    else console.warn('[import] a step of a file no longer shown failed:', error);
  } finally {
    useImport.setState({ busy: false, progress: null });
  }
}

/**
 * Opens a worker on the connected account: its country and its guest cache, which it starts reading
 * at once; for a file, the outbox's guests follow as soon as the desk core answers.
 */
async function openWorker(target: ImportWorker, withOutboxGuests: boolean): Promise<void> {
  const account = useAccount.getState().account;
  const clientId = account && account.state !== 'none' ? account.clientId : null;
  // What the cache holds is read before the worker reads the cache (outbox-guests.ts says why).
  const cache = useGuests.getState().cache;
  const sentFrom = withOutboxGuests
    ? await cacheSentFrom(cache?.clientId === clientId ? cache?.db : undefined)
    : undefined;
  const opening = target.request({
    type: 'open',
    country: account?.defaultPhoneCountry ?? 'AU',
    guestDatabase: clientId ? guestDatabaseName(clientId) : null,
    withOutboxGuests: Boolean(clientId && withOutboxGuests),
  });
  if (!clientId || !withOutboxGuests) return void (await opening);
  const handing = readOutboxGuests((request) => getDesk().importKnownGuests(request), sentFrom).then((guests) =>
    target.request({ type: 'outboxGuests', guests }),
  );
  await Promise.all([opening, handing]);
}

/** A fresh worker for a file, with the venue's country, the cached guests and the outbox's. */
async function freshWorker(): Promise<ImportWorker> {
  worker?.terminate();
  const current = makeWorker();
  worker = current;
  sessionImport = null;
  await openWorker(current, true);
  return current;
}

/** The worker of the file being imported. */
function requireWorker(): ImportWorker {
  if (!worker) throw new Error('Choose a file first.');
  return worker;
}

/** The account's contact fields: from the guest cache (works offline), else from the service. */
async function loadFields(): Promise<ImportField[]> {
  const cached = (await useGuests.getState().cache?.db.fieldList()) ?? [];
  const fields = cached.length > 0 ? cached : await getDesk().listContactFields({});
  return fields.map(({ name, type, options }) => ({ name, type, ...(options ? { options } : {}) }));
}

/** Reads a chosen or dropped file in the worker and matches its columns. */
export function chooseFile(file: File): Promise<void> {
  fileSession += 1;
  useImport.setState({ ...INITIAL_IMPORT, history: useImport.getState().history });
  importGridRows.clear();
  return attempt(async () => {
    useImport.setState({ progress: { label: `Reading ${file.name}…`, done: 0, total: 0 } });
    const [buffer, current, fields] = await Promise.all([file.arrayBuffer(), freshWorker(), loadFields()]);
    // The browser answered fewer bytes than the file holds: say so, rather than read what came as the file.
    if (buffer.byteLength !== file.size)
      throw new Error(
        `"${file.name}" could not be read whole (${buffer.byteLength.toLocaleString('en')} of its ${file.size.toLocaleString('en')} bytes came). Choose it again.`,
      );
    const summary = await current.request({ type: 'load', fileName: file.name, buffer }, {}, [buffer]);
    useImport.setState({
      step: 'match',
      file: summary,
      fields,
      targets: matchColumns(summary.columns, fields, fieldLabel),
    });
  });
}

/** Reads the file again with another encoding, delimiter, sheet or header line. */
export function rereadFile(options: ReadOptions): Promise<void> {
  return attempt(async () => {
    const summary = await requireWorker().request({ type: 'reread', options });
    const { fields } = useImport.getState();
    importGridRows.clear();
    useImport.setState({
      step: 'match',
      file: summary,
      targets: matchColumns(summary.columns, fields, fieldLabel),
      check: null,
      counts: null,
    });
  });
}

/** Sets what one column becomes. */
export function setColumnTarget(column: number, target: ColumnTarget): void {
  useImport.setState((state) => ({
    targets: state.targets.map((old, index) => (index === column ? target : old)),
    step: state.step === 'review' ? 'match' : state.step,
  }));
}

/** Adds a contact field through the desk (add_contact_field) and points the column at it; refusals come back in the service's words. */
export async function addFieldForColumn(
  column: number,
  label: string,
  type: RequestOf<'addContactField'>['type'],
): Promise<string | null> {
  try {
    const created = await getDesk().addContactField({ label, type });
    useImport.setState((state) => ({ fields: [...state.fields, { name: created.name, type: created.type }] }));
    setColumnTarget(column, { kind: 'field', field: created.name });
    return null;
  } catch (error) {
    return messageOf(error);
  }
}

/** Chooses what to do with rows matching a guest, rows with one bad identifier, the categories for every guest, or the dates' order. */
export function setImportOptions(
  options: Partial<Pick<ImportState, 'policy' | 'categories' | 'dateOrder' | 'badValues'>>,
): void {
  useImport.setState(options);
}

/** Checks every row in the worker; the grid then asks it for the rows in view. */
export function checkRows(): Promise<void> {
  return attempt(async () => {
    const { targets, fields, policy, dateOrder, file, categories, badValues, conflicts } = useImport.getState();
    const total = file?.rowCount ?? 0;
    useImport.setState({ progress: { label: 'Checking rows', done: 0, total } });
    const check = await requireWorker().request(
      {
        type: 'check',
        setup: { targets, fields, policy, categories, badValues, conflicts, ...(dateOrder ? { dateOrder } : {}) },
      },
      { onProgress: (done) => useImport.setState({ progress: { label: 'Checking rows', done, total } }) },
    );
    const { rowsVersion, onlyProblems } = useImport.getState();
    await importGridRows.prefetch({ version: rowsVersion + 1, onlyProblems });
    useImport.setState((state) => ({
      step: 'review',
      check,
      counts: check.counts,
      rowsVersion: rowsVersion + 1,
      dateOrder: state.dateOrder ?? (check.dateOrderAmbiguous ? undefined : check.dateOrder),
    }));
  });
}

/** The worker's rows changed (an edit, a deletion, a choice): new counts, and the grid fetches the rows in view again. */
function rowsChanged(counts: CheckCounts): void {
  useImport.setState((state) => ({ counts, rowsVersion: state.rowsVersion + 1 }));
}

/** Changes one cell; the row (and rows it repeated or was repeated by) are checked again at once. */
export function editCell(line: number, column: number, value: string): Promise<void> {
  return attempt(async () => {
    const { counts } = await requireWorker().request({ type: 'edit', line, column, value });
    rowsChanged(counts);
  });
}

/** Removes rows from the import. */
export function deleteRows(lines: number[]): Promise<void> {
  return attempt(async () => {
    const { counts } = await requireWorker().request({ type: 'delete', lines });
    rowsChanged(counts);
  });
}

/** What rows whose email and mobile clash with the guests on file do: all of them, or one row (by its line). */
export function chooseConflict(choice: ConflictChoice, line?: number): Promise<void> {
  if (line === undefined) useImport.setState({ conflicts: choice });
  return attempt(async () => {
    const { counts } = await requireWorker().request({ type: 'conflict', choice, ...(line ? { line } : {}) });
    rowsChanged(counts);
  });
}

/** Shows only rows with problems, or every row. */
export function showOnlyProblems(only: boolean): void {
  useImport.setState({ onlyProblems: only });
}

/** Keeps the current import's view (and its line in the history) fresh. */
function showImport(view: ImportView): void {
  useImport.setState((state) => ({
    current: state.current?.id === view.id || state.current === null ? view : state.current,
    history: state.history.some((old) => old.id === view.id)
      ? state.history.map((old) => (old.id === view.id ? view : old))
      : [view, ...state.history],
  }));
}

/**
 * Queues the checked file: the import is recorded, then every row is handed to the desk core in
 * batches bounded in rows and bytes (ready rows with their push_contact item, held rows with their
 * reason), a few on their way at once and taken in order; the core then queues them into the outbox on
 * its own.
 */
export function queueImport(): Promise<void> {
  return attempt(async () => {
    const { file, counts, targets, categories, policy } = useImport.getState();
    if (!file || !counts) throw new Error('Check the rows first.');
    if (counts.ready === 0 && counts.problems + counts.conflicts === 0)
      throw new Error('No row is ready to send: fix the rows with problems, or choose another file.');
    const current = requireWorker();
    const mapping = Object.fromEntries(
      file.columns.flatMap((column, index) => {
        const target = targets[index] ?? { kind: 'ignore' as const };
        return target.kind === 'ignore' ? [] : [[column, target] as const];
      }),
    );
    const { header } = await current.request({ type: 'problemRows' });
    const started = await getDesk().startImport({
      fileName: file.fileName,
      delimiter: file.delimiter,
      encoding: file.encoding,
      bom: file.bom,
      header,
      mapping,
      categories,
      matchPolicy: policy,
      totalRows: counts.rows,
      readyRows: counts.ready,
      leftRows: counts.left,
      heldRows: counts.problems + counts.conflicts,
    });
    sessionImport = started.id;
    useImport.setState({ step: 'send', current: started });
    await handOver(started.id, 0, 0);
  });
}

/**
 * Hands the open file's rows to the desk from position `from` (the rows up to line `afterLine` are
 * there already); a hand-over that stops shows Go on at once.
 */
async function handOver(importId: string, from: number, afterLine: number): Promise<void> {
  try {
    await handOverFrom(importId, from, afterLine);
  } catch (error) {
    // Batches on their way when the import was cancelled are refused as cancelled: it shows as the cancel left it.
    if (await wasCancelled(importId)) return;
    useImport.setState((state) =>
      state.current?.id === importId ? { current: { ...state.current, phase: 'interrupted' } } : {},
    );
    throw error;
  }
}

/** Hand-overs on their way at once: small ones keep each send short, several keep the round trips out of the way. */
const HAND_OVERS_IN_FLIGHT = 4;

/**
 * Hands the open file's rows to the desk from position `from`, a few batches on their way at once
 * (each names the last row before it, so the desk refuses one that would leave a gap), then tells the
 * core every row is there once each batch is on disk. However it ends, every answer on its way has
 * landed first (one landing later would show the import as still receiving rows).
 */
async function handOverFrom(importId: string, from: number, afterLine: number): Promise<void> {
  const current = requireWorker();
  const total = useImport.getState().counts?.rows ?? 0;
  const file = fileSession;
  const label = 'Handing rows to the desk';
  useImport.setState({ progress: { label, done: from, total } });
  const batchFrom = (position: number) =>
    current.request({ type: 'queueRows', from: position, count: IMPORT_BATCH_LIMIT, maxBytes: IMPORT_BATCH_MAX_BYTES });
  const onTheirWay: Array<Promise<void>> = [];
  /** Sends a batch; its answer is shown while its file is still the one open. */
  const send = (batch: Awaited<ReturnType<typeof batchFrom>>, after: number) => {
    // Only the position is kept for the answer: the batch's rows are garbage once sent.
    const done = batch.next;
    const sending = getDesk()
      .stageImportRows({ importId, afterLine: after, rows: batch.rows, held: batch.held })
      .then((view) => {
        if (file !== fileSession) return;
        showImport(view);
        useImport.setState({ progress: { label, done, total } });
      });
    sending.catch(() => undefined); // awaited in order below: the first refusal is the one shown
    onTheirWay.push(sending);
  };
  try {
    let lastLine = afterLine;
    let coming = batchFrom(from);
    for (;;) {
      const batch = await coming;
      if (batch.rows.length === 0 && batch.held.length === 0) break;
      if (cancelledHere(importId)) return;
      // The worker makes the next batch while this one is sent (a batch is only read, so one made for nothing is dropped).
      coming = batchFrom(batch.next);
      coming.catch(() => undefined); // awaited at the next turn, or dropped when a hand-over fails
      send(batch, lastLine);
      lastLine = lastLineOf(lastLine, batch);
      if (onTheirWay.length >= HAND_OVERS_IN_FLIGHT) await onTheirWay.shift();
    }
    for (const sending of onTheirWay) await sending;
  } finally {
    await Promise.allSettled(onTheirWay);
  }
  showImport(await getDesk().finishImportStaging({ importId }));
}

/** Whether the desk cancelled this import: staff's cancel from this page went through, or it shows as cancelled. */
async function wasCancelled(importId: string): Promise<boolean> {
  return cancelling?.importId === importId ? cancelling.done : shownCancelled(importId);
}

/** Whether the import shows as cancelled (a cancel from elsewhere is heard through importChanged). */
function shownCancelled(importId: string): boolean {
  const { current } = useImport.getState();
  return current?.id === importId && current.phase === 'cancelled';
}

/** Whether staff cancelled this import from this page, or it shows as cancelled. */
function cancelledHere(importId: string): boolean {
  return cancelling?.importId === importId || shownCancelled(importId);
}

/** Goes on with an interrupted import: the desk queues what it has; rows not handed over come from the open file. */
export function resumeImport(importId: string): Promise<void> {
  return attempt(async () => {
    const view = await getDesk().resumeImport({ importId });
    showImport(view);
    if (view.staged) return;
    if (sessionImport !== importId || !worker)
      throw new Error(
        `Only ${view.stagedRows.toLocaleString('en')} rows of "${view.fileName}" reached the desk before it stopped. Choose the file again: the rows already queued are recognised and left as they are.`,
      );
    const { position } = await worker.request({ type: 'positionAfter', line: view.lastStagedLine });
    await handOver(importId, position, view.lastStagedLine);
  });
}

/** Follows every import's counts through the desk's importChanged events (no polling). */
export function followImports(): () => void {
  if (!unfollow) unfollow = getDesk().on('importChanged', showImport);
  return () => {
    unfollow?.();
    unfollow = null;
  };
}

/** Stops what of the current import has not gone out yet. */
export async function cancelCurrentImport(): Promise<void> {
  // Not through attempt(): a hand-over may be running, and its busy state stays its own.
  const current = useImport.getState().current;
  if (!current) return;
  const done = getDesk()
    .cancelImport({ importId: current.id })
    .then(
      (view) => {
        showImport(view);
        return true;
      },
      (error: unknown) => {
        useImport.setState({ error: messageOf(error) });
        return false;
      },
    );
  cancelling = { importId: current.id, done };
  await done;
}

/** Shows a past import (from the history) with its progress, failed rows and rows with problems. */
export function openImport(view: ImportView): void {
  useImport.setState({ ...INITIAL_IMPORT, history: useImport.getState().history, step: 'send', current: view });
}

/** Back to choosing a file. */
export function resetImport(): void {
  worker?.terminate();
  worker = null;
  sessionImport = null;
  cancelling = null;
  // A step of the file left behind (a hand-over's answers, an error) is not shown on the next one.
  fileSession += 1;
  importGridRows.clear();
  useImport.setState({ ...INITIAL_IMPORT, history: useImport.getState().history });
}

/** Loads the connected account's past imports, newest first; one still under way is shown as the current import. */
export async function loadImportHistory(): Promise<void> {
  try {
    const { imports } = await getDesk().listImports({ limit: 50 });
    useImport.setState((state) => ({
      history: imports,
      current:
        state.current ??
        (state.step === 'pick'
          ? (imports.find((view) => view.phase === 'queueing' || view.phase === 'delivering') ?? null)
          : null),
      step:
        state.step === 'pick' && imports.some((view) => view.phase === 'queueing' || view.phase === 'delivering')
          ? 'send'
          : state.step,
    }));
  } catch (error) {
    reportBackgroundFailure('Loading past imports', error);
  }
}

/** Replaces how the import worker is started (tests run its handler in-process). */
export function setImportWorkerFactory(factory: () => ImportWorker): void {
  makeWorker = factory;
}

/** The worker of the open file (for the rows-with-problems file). */
export function importWorker(): ImportWorker | null {
  return worker;
}

/** A worker for an export: the open file's, or one of its own that is stopped when the export is done. */
export async function withExportWorker<T>(work: (worker: ImportWorker) => Promise<T>): Promise<T> {
  if (worker) return work(worker);
  const own = makeWorker();
  try {
    await openWorker(own, false);
    return await work(own);
  } finally {
    own.terminate();
  }
}

/** An error's sentence for staff. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
