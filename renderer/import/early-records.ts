// The records of the guests checked rows match, read while the check goes on: IndexedDB reads them
// in the browser's own thread while the worker checks the next rows, instead of after the last one.
import type { RowCheck } from './row-check';
import type { GuestRecords, GuestSnapshot } from './resolve';

/** Reads the records of these guests (the cache's, with the outbox's writes over them). */
export type RecordLoader = (ids: Iterable<string>) => Promise<ReadonlyMap<string, Readonly<Record<string, unknown>>>>;

/** Guests asked for in one read: a read starts as soon as this many are matched. */
const BATCH = 256;

/**
 * Reads, a batch at a time, the records of the guests rows match as rows are checked. Only a head
 * start: the check's resolution asks for whatever guests it still lacks (other guests, rows edited).
 */
export class EarlyRecordReads {
  private readonly asked = new Set<string>();
  private batch: string[] = [];
  private readonly reads: Array<Promise<ReadonlyMap<string, Readonly<Record<string, unknown>>>>> = [];
  /** Rows [0, looked) have been looked up. */
  private looked = 0;

  constructor(
    readonly snapshot: GuestSnapshot,
    private readonly known: GuestRecords,
    private readonly load: RecordLoader,
  ) {}

  /** Looks up the checked rows up to `end` (by position) among the guests, and reads each full batch of new matches. */
  lookUp(rows: ReadonlyArray<{ check: RowCheck | null }>, end: number): void {
    const { emails, mobiles } = this.snapshot;
    for (; this.looked < end; this.looked++) {
      const check = rows[this.looked]!.check;
      if (!check) continue;
      if (check.emailKey !== null) this.want(emails.get(check.emailKey));
      if (check.mobileKey !== null) this.want(mobiles.get(check.mobileKey));
    }
    if (this.batch.length >= BATCH) this.read();
  }

  /** Every record read, once all reads are done (a failed read fails it). */
  async records(): Promise<Map<string, Readonly<Record<string, unknown>>>> {
    if (this.batch.length > 0) this.read();
    const out = new Map<string, Readonly<Record<string, unknown>>>();
    for (const loaded of await Promise.all(this.reads)) for (const [id, record] of loaded) out.set(id, record);
    return out;
  }

  private want(id: string | undefined): void {
    if (id === undefined || this.known.has(id) || this.asked.has(id)) return;
    this.asked.add(id);
    this.batch.push(id);
  }

  private read(): void {
    const reading = this.load(this.batch);
    reading.catch(() => undefined); // failures are taken up by records(), which awaits every read
    this.reads.push(reading);
    this.batch = [];
  }
}
