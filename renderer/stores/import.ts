import { create } from 'zustand';
import type { ResponseOf } from '../../shared/bridge/contract';
import type { BadValueChoice } from '../import/check';
import type { ColumnTarget, ImportField } from '../import/matching';
import type { ConflictChoice, MatchPolicy } from '../import/resolve';
import type { CheckCounts } from '../import/check-counts';
import type { CheckSummary } from '../import/session';
import type { FileSummary } from '../import/source';
import type { DateOrder } from '../import/values';

/** An import as the desk records it. */
export type ImportView = ResponseOf<'getImport'>;

/** Where the screen is: no file, matching its columns, reviewing checked rows, or sending. */
export type ImportStep = 'pick' | 'match' | 'review' | 'send';

/** A long piece of work under way, for its progress bar. */
export interface ImportProgress {
  label: string;
  done: number;
  total: number;
}

/** The import screen's state. The work is done by renderer/import/controller.ts, the worker and the desk core. */
export interface ImportState {
  step: ImportStep;
  /** The sentence shown when something went wrong (the file, the service, the desk). */
  error: string | null;
  busy: boolean;
  file: FileSummary | null;
  fields: ImportField[];
  targets: ColumnTarget[];
  policy: MatchPolicy;
  badValues: BadValueChoice;
  conflicts: ConflictChoice;
  categories: string[];
  dateOrder: DateOrder | undefined;
  check: CheckSummary | null;
  counts: CheckCounts | null;
  progress: ImportProgress | null;
  /** Bumped whenever the worker's checked rows change: the grid fetches the rows in view again (renderer/import/grid-rows.ts). */
  rowsVersion: number;
  onlyProblems: boolean;
  /** The import being queued or delivered (or opened from the history). */
  current: ImportView | null;
  history: ImportView[];
}

/** The state of a screen with no file chosen. */
export const INITIAL_IMPORT: Omit<ImportState, 'history'> = {
  step: 'pick',
  error: null,
  busy: false,
  file: null,
  fields: [],
  targets: [],
  policy: 'update',
  badValues: 'hold',
  conflicts: 'leave',
  categories: [],
  dateOrder: undefined,
  check: null,
  counts: null,
  progress: null,
  rowsVersion: 0,
  onlyProblems: false,
  current: null,
};

/** The import screen's state (state only: the controller changes it). */
export const useImport = create<ImportState>(() => ({ ...INITIAL_IMPORT, history: [] }));
