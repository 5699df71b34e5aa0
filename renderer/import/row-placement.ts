// Placing the checked rows among each other and the guests on file (resolve.ts): the guests are read
// meanwhile, and the records of the guests rows match are read early (early-records.ts) or when placing.
import { ROW } from './check';
import { EarlyRecordReads, type RecordLoader } from './early-records';
import type { FileRows } from './file-rows';
import {
  matchedGuests,
  NO_GUESTS,
  resolveRows,
  type GuestRecords,
  type GuestSnapshot,
  type ResolveOptions,
} from './resolve';

/** The guests on file rows are compared with, the records read of those they match, and the placing of rows among them. */
export class RowPlacement {
  /** The guests on file being read: the check waits for them before placing rows among them. */
  private guests: Promise<void> = Promise.resolve();
  /** Whether the guests on file are read (the check then reads the records of those rows match as it goes). */
  private read = true;
  private snapshot: GuestSnapshot = NO_GUESTS;
  private loadRecords: RecordLoader = async () => new Map();
  private records: GuestRecords = new Map();

  /** Whether the guests on file are read (records can be read early from then on). */
  get guestsRead(): boolean {
    return this.read;
  }

  /** Replaces the guests rows are compared with. */
  setGuests(snapshot: GuestSnapshot, loadRecords: RecordLoader): void {
    this.snapshot = snapshot;
    this.loadRecords = loadRecords;
    this.read = true;
  }

  /** Compares rows with these guests once they are read (reading the file and checking its values need not wait). */
  compareWith(reading: Promise<{ snapshot: GuestSnapshot; records: RecordLoader }>): void {
    this.read = false;
    this.guests = reading.then((loaded) => this.setGuests(loaded.snapshot, loaded.records));
    this.guests.catch(() => undefined); // the check awaits it and refuses with the failure; until then it is unawaited
  }

  /** The guests on file being read: resolves once they are, rejects with the read's failure. */
  whenGuestsRead(): Promise<void> {
    return this.guests;
  }

  /** Early reads of the records of the guests checked rows match, among the guests on file as read now. */
  earlyReads(): EarlyRecordReads {
    return new EarlyRecordReads(this.snapshot, this.records, this.loadRecords);
  }

  /** Places every row among the others and the guests on file, with the records read early (if any) taken in first. */
  async place(file: FileRows, options: ResolveOptions, early: EarlyRecordReads | null): Promise<void> {
    if (early?.snapshot === this.snapshot) {
      const loaded = await early.records();
      if (loaded.size > 0) this.records = new Map([...this.records, ...loaded]);
    }
    const checks = file.rows.map((row) => row.check);
    for (const row of file.rows) {
      const readProblem = file.source.readProblem(row.line);
      if (row.check && readProblem) row.check.problems[ROW] = readProblem;
    }
    const wanted = [...matchedGuests(checks, this.snapshot)].filter((id) => !this.records.has(id));
    if (wanted.length > 0) {
      const loaded = await this.loadRecords(wanted);
      this.records = new Map([...this.records, ...loaded]);
    }
    const resolutions = resolveRows(
      checks,
      file.rows.map((row) => row.line),
      this.snapshot,
      this.records,
      options,
    );
    file.place(resolutions);
  }
}
