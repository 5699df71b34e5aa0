// Messages between the import screen and the import worker.
import type { CheckCounts } from './check-counts';
import type { HeldRow, QueueRow } from './hand-over';
import type { CheckSetup, CheckSummary } from './session';
import type { GridRow } from './shown-rows';
import type { FileSummary, ReadOptions } from './source';
import type { ConflictChoice } from './resolve';
import type { OutboxGuest } from './snapshot';

/** What the screen asks the worker; each request carries an id its answer repeats. */
export type WorkerRequest =
  | { type: 'open'; country: string; guestDatabase: string | null; withOutboxGuests: boolean }
  | { type: 'outboxGuests'; guests: OutboxGuest[] }
  | { type: 'load'; fileName: string; buffer: ArrayBuffer }
  | { type: 'reread'; options: ReadOptions }
  | { type: 'check'; setup: CheckSetup }
  | { type: 'edit'; line: number; column: number; value: string }
  | { type: 'delete'; lines: number[] }
  | { type: 'conflict'; choice: ConflictChoice; line?: number }
  | { type: 'shownRows'; from: number; count: number; onlyProblems: boolean }
  | { type: 'queueRows'; from: number; count: number; maxBytes: number }
  | { type: 'positionAfter'; line: number }
  | { type: 'problemRows' }
  | { type: 'exportGuests'; fields: string[] };

/** The answer to each request type. */
export interface WorkerAnswers {
  open: { guests: number };
  outboxGuests: { guests: number };
  load: FileSummary;
  reread: FileSummary;
  check: CheckSummary;
  edit: { counts: CheckCounts };
  delete: { counts: CheckCounts };
  conflict: { counts: CheckCounts };
  shownRows: { rows: GridRow[]; total: number };
  queueRows: { rows: QueueRow[]; held: HeldRow[]; next: number };
  positionAfter: { position: number };
  problemRows: { header: string[]; rows: HeldRow[] };
  exportGuests: { rows: string[][] };
}

/** What the worker sends: an answer, a refusal with the sentence to show, or progress. */
export type WorkerMessage =
  | { type: 'answer'; id: number; answer: WorkerAnswers[keyof WorkerAnswers] }
  | { type: 'refused'; id: number; message: string }
  | { type: 'progress'; id: number; done: number; total: number };
