import { create } from 'zustand';
import type { RequestOf, ResponseOf } from '../../shared/bridge/contract';
import { IMPORT_BATCH_LIMIT } from '../../shared/bridge/channels/import';
import { getDesk } from '../bridge/desk';
import { guestDatabaseName } from '../db/guest-db';
import type { MatchPolicy } from '../import/check';
import { matchColumns, type ColumnTarget, type ImportField } from '../import/matching';
import type { CheckCounts, CheckSummary, FileSummary, GridRow, ReadOptions } from '../import/session';
import type { DateOrder } from '../import/values';
import { startImportWorker, type ImportWorker } from '../import/worker-client';
import { fieldLabel } from '../screens/guests/field-labels';
import { useAccount } from './account';
import { useGuests } from './guests';

/** An import as the desk records it. */
export type ImportView = ResponseOf<'getImport'>;

/** Where the screen is: no file, reading it, matching its columns, reviewing checked rows, or sending. */
export type ImportStep = 'pick' | 'match' | 'review' | 'send';

/** A long piece of work under way, for its progress bar. */
export interface ImportProgress {
  label: string;
  done: number;
  total: number;
}

interface ImportState {
  step: ImportStep;
  /** The sentence shown when something went wrong (the file, the service, the desk). */
  error: string | null;
  busy: boolean;
  file: FileSummary | null;
  fields: ImportField[];
  targets: ColumnTarget[];
  policy: MatchPolicy;
  categories: string[];
  dateOrder: DateOrder | undefined;
  check: CheckSummary | null;
  counts: CheckCounts | null;
  progress: ImportProgress | null;
  /** Checked rows in file order; a row is found by its line through `positions`. */
  rows: GridRow[];
  rowsVersion: number;
  onlyProblems: boolean;
  /** The import being queued or delivered. */
  current: ImportView | null;
  history: ImportView[];
}

const INITIAL: Omit<ImportState, 'history'> = {
  step: 'pick',
  error: null,
  busy: false,
  file: null,
  fields: [],
  targets: [],
  policy: 'update',
  categories: [],
  dateOrder: undefined,
  check: null,
  counts: null,
  progress: null,
  rows: [],
  rowsVersion: 0,
  onlyProblems: false,
  current: null,
};

/** About this many characters of rows go in one bridge message. */
const BATCH_CHARS = 1_500_000;
const POLL_MS = 1000;

/** The import screen's state; the work happens in the import worker and the desk core. */
export const useImport = create<ImportState>(() => ({ ...INITIAL, history: [] }));

let worker: ImportWorker | null = null;
let makeWorker: () => ImportWorker = startImportWorker;
let positions = new Map<number, number>();
let polling: ReturnType<typeof setTimeout> | null = null;

/** Runs a step, showing its error as the screen's sentence and keeping what was there. */
async function attempt(work: () => Promise<void>): Promise<void> {
  useImport.setState({ busy: true, error: null });
  try {
    await work();
  } catch (error) {
    useImport.setState({ error: error instanceof Error ? error.message : String(error) });
  } finally {
    useImport.setState({ busy: false, progress: null });
  }
}

/** A fresh worker for a file, with the venue's country and a snapshot of the cached guests. */
async function freshWorker(): Promise<ImportWorker> {
  worker?.terminate();
  worker = makeWorker();
  const account = useAccount.getState().account;
  const clientId = account && account.state !== 'none' ? account.clientId : null;
  await worker.request({
    type: 'open',
    country: account?.defaultPhoneCountry ?? 'AU',
    guestDatabase: clientId ? guestDatabaseName(clientId) : null,
  });
  return worker;
}

/** The worker of the file being imported. */
function requireWorker(): ImportWorker {
  if (!worker) throw new Error('Choose a file first.');
  return worker;
}

/** The account's contact fields: from the guest cache (works offline), else from the service. */
async function loadFields(): Promise<ImportField[]> {
  const cached = (await useGuests.getState().cache?.db.fieldList()) ?? [];
  if (cached.length > 0)
    return cached.map(({ name, type, options }) => ({ name, type, ...(options ? { options } : {}) }));
  return (await getDesk().listContactFields({})).map(({ name, type, options }) => ({
    name,
    type,
    ...(options ? { options } : {}),
  }));
}

/** Reads a chosen or dropped file in the worker and matches its columns. */
export function chooseFile(file: File): Promise<void> {
  useImport.setState({ ...INITIAL, history: useImport.getState().history });
  return attempt(async () => {
    useImport.setState({ progress: { label: `Reading ${file.name}…`, done: 0, total: 0 } });
    const [buffer, current, fields] = await Promise.all([file.arrayBuffer(), freshWorker(), loadFields()]);
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
    useImport.setState({
      step: 'match',
      file: summary,
      targets: matchColumns(summary.columns, fields, fieldLabel),
      check: null,
      rows: [],
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
    return error instanceof Error ? error.message : String(error);
  }
}

/** Chooses what to do with rows that match a guest on the desk, the categories for every guest, or the dates' order. */
export function setImportOptions(options: Partial<Pick<ImportState, 'policy' | 'categories' | 'dateOrder'>>): void {
  useImport.setState(options);
}

/** Checks every row in the worker; rows arrive in chunks while the page stays free. */
export function checkRows(): Promise<void> {
  return attempt(async () => {
    const { targets, fields, policy, dateOrder, file } = useImport.getState();
    const total = file?.rowCount ?? 0;
    const rows: GridRow[] = new Array(total);
    useImport.setState({ progress: { label: 'Checking rows', done: 0, total } });
    const check = await requireWorker().request(
      { type: 'check', setup: { targets, fields, policy, ...(dateOrder ? { dateOrder } : {}) } },
      {
        onProgress: (done) => useImport.setState({ progress: { label: 'Checking rows', done, total } }),
        onRows: (start, chunk) => {
          for (let i = 0; i < chunk.length; i++) rows[start + i] = chunk[i]!;
        },
      },
    );
    rows.length = check.counts.rows;
    positions = new Map(rows.map((row, index) => [row.line, index]));
    useImport.setState((state) => ({
      step: 'review',
      check,
      counts: check.counts,
      rows,
      rowsVersion: state.rowsVersion + 1,
      dateOrder: state.dateOrder ?? (check.dateOrderAmbiguous ? undefined : check.dateOrder),
    }));
  });
}

/** Puts changed rows (by line) in place. */
function applyChanged(changed: GridRow[], counts: CheckCounts): void {
  useImport.setState((state) => {
    const rows = [...state.rows];
    for (const row of changed) {
      const index = positions.get(row.line);
      if (index !== undefined) rows[index] = row;
    }
    return { rows, counts, rowsVersion: state.rowsVersion + 1 };
  });
}

/** Changes one cell; the row (and rows it repeated or was repeated by) are checked again at once. */
export function editCell(line: number, column: number, value: string): Promise<void> {
  return attempt(async () => {
    const { changed, counts } = await requireWorker().request({ type: 'edit', line, column, value });
    applyChanged(changed, counts);
  });
}

/** Removes rows from the import. */
export function deleteRows(lines: number[]): Promise<void> {
  return attempt(async () => {
    const { changed, counts } = await requireWorker().request({ type: 'delete', lines });
    const gone = new Set(lines);
    useImport.setState((state) => ({ rows: state.rows.filter((row) => !gone.has(row.line)) }));
    positions = new Map(useImport.getState().rows.map((row, index) => [row.line, index]));
    applyChanged(changed, counts);
  });
}

/** Shows only rows with problems, or every row. */
export function showOnlyProblems(only: boolean): void {
  useImport.setState({ onlyProblems: only });
}

/**
 * Queues every ready row into the outbox through the desk, batch by batch; each batch is on disk
 * before the next is read. Rows the desk refuses are kept with the import, with the reason.
 */
export function queueImport(): Promise<void> {
  return attempt(async () => {
    const state = useImport.getState();
    const { file, counts, targets, categories, policy } = state;
    if (!file || !counts) throw new Error('Check the rows first.');
    if (counts.ready === 0)
      throw new Error('No row is ready to send: fix the rows with problems, or choose another file.');
    const desk = getDesk();
    const mapping = Object.fromEntries(
      file.columns.map((column, index) => [column, targets[index] ?? { kind: 'ignore' as const }]),
    );
    const header = await requireWorker()
      .request({ type: 'problemRows' })
      .then((result) => result.header);
    const started = await desk.startImport({
      fileName: file.fileName,
      delimiter: file.delimiter,
      encoding: file.encoding,
      bom: file.bom,
      header,
      mapping,
      categories,
      matchPolicy: policy,
      totalRows: file.rowCount,
      readyRows: counts.ready,
      leftOutRows: file.rowCount - counts.ready,
    });
    useImport.setState({
      step: 'send',
      current: started,
      progress: { label: 'Queueing', done: 0, total: counts.ready },
    });
    // The card follows the import from the first batch: delivery starts while later batches are queued.
    followCurrentImport();
    const cancelled = () => useImport.getState().current?.phase === 'cancelled';
    let from = 0;
    let queued = 0;
    while (!cancelled()) {
      const batch = await requireWorker().request({
        type: 'queueRows',
        from,
        count: IMPORT_BATCH_LIMIT,
        maxChars: BATCH_CHARS,
        categories,
      });
      if (batch.rows.length === 0) break;
      try {
        await desk.queueImportRows({ importId: started.id, rows: batch.rows });
      } catch (error) {
        // Staff cancelled while this batch was on its way: the core refused it, as asked.
        if (cancelled()) break;
        throw error;
      }
      queued += batch.rows.length;
      from = batch.next;
      useImport.setState({ progress: { label: 'Queueing', done: queued, total: counts.ready } });
    }
    useImport.setState({ progress: null });
    if (!cancelled()) useImport.setState({ current: await desk.finishImportQueue({ importId: started.id }) });
    followCurrentImport();
  });
}

/** Follows the current import's delivery until nothing of it is left to go. */
export function followCurrentImport(): void {
  if (polling) clearTimeout(polling);
  const tick = async () => {
    const current = useImport.getState().current;
    if (!current) return;
    try {
      const fresh = await getDesk().getImport({ importId: current.id });
      useImport.setState({ current: fresh });
      if (fresh.phase === 'done' || fresh.phase === 'cancelled') {
        void loadImportHistory();
        return;
      }
    } catch {
      // The desk may be restarting; the next tick tries again.
    }
    polling = setTimeout(tick, POLL_MS);
  };
  polling = setTimeout(tick, 0);
}

/** Stops what of the current import has not gone out yet. */
export async function cancelCurrentImport(): Promise<void> {
  // Not through attempt(): queueing may be running, and its busy state stays its own.
  const current = useImport.getState().current;
  if (!current) return;
  try {
    useImport.setState({ current: await getDesk().cancelImport({ importId: current.id }) });
  } catch (error) {
    useImport.setState({ error: error instanceof Error ? error.message : String(error) });
  }
}

/** Shows a past import (from the history) with its progress and failed rows. */
export function openImport(view: ImportView): void {
  useImport.setState({ ...INITIAL, history: useImport.getState().history, step: 'send', current: view });
  followCurrentImport();
}

/** Back to choosing a file. */
export function resetImport(): void {
  if (polling) clearTimeout(polling);
  worker?.terminate();
  worker = null;
  useImport.setState({ ...INITIAL, history: useImport.getState().history });
}

/** Loads past imports, newest first. */
export async function loadImportHistory(): Promise<void> {
  try {
    const { imports } = await getDesk().listImports({ limit: 50 });
    useImport.setState({ history: imports });
  } catch {
    // No account or no database: the screen says so elsewhere.
  }
}

/** Replaces how the import worker is started (tests run its handler in-process). */
export function setImportWorkerFactory(factory: () => ImportWorker): void {
  makeWorker = factory;
}

/** The worker of the open file (for the rows-with-problems file and exports). */
export function importWorker(): ImportWorker | null {
  return worker;
}

/** A worker for an export when no file is open. */
export async function exportWorker(): Promise<ImportWorker> {
  return worker ?? freshWorker();
}
