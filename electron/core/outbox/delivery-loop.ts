import { retryDelay } from './backoff';
import type { OfflineBreaker } from './breaker';
import { batchSizeOf, type OutboxConfig } from './config';
import { resolveLocalId } from './existing-guest';
import type { DeliveryOutcome } from './outcomes';
import type { KindSenders, ServiceAccess } from './senders/sender';
import { createLineWalker, type LineEntry } from './line';
import { onceNextTurn } from './next-turn';
import type { OutboxStore } from './store';
import { applyOutcome, type TransitionContext } from './transitions';
import { isRowOfKind, OUTBOX_KIND_SPECS, type OutboxClock, type OutboxKind, type OutboxRow } from './types';

/** What the delivery loop is built from. */
export interface DeliveryLoopOptions {
  store: OutboxStore;
  senders: KindSenders;
  /** The connected account's service, or null when none is connected. */
  service: () => ServiceAccess | null;
  breaker: OfflineBreaker;
  clock: OutboxClock;
  random: () => number;
  config: OutboxConfig;
  /** Entries whose rows changed (after their transaction committed). */
  onChanged: (ids: readonly string[]) => void;
  /**
   * A round could not read or write the database (disk full, I/O error, busy): `error`; or, with
   * null, a later round wrote again. Nothing is lost meanwhile: outcomes wait in memory.
   */
  onDatabaseFault: (error: unknown) => void;
}

/** The outbox's delivery loop: sends due entries in order per guest, in batches, a few calls at a time. */
export interface DeliveryLoop {
  start(): void;
  /** Stops taking new work and waits for calls in flight. */
  stop(): Promise<void>;
  /** Looks for due work now (after an enqueue, an action, the line coming back). */
  kick(): void;
  /** Resolves once nothing is in flight and nothing is due right now (entries backing off may remain). */
  settle(): Promise<void>;
  /** Resolves once the calls in flight now have answered and their outcomes had a round to be recorded. */
  drain(): Promise<void>;
}

/** A call: entries of one kind, typed by it. */
type Job<K extends OutboxKind = OutboxKind> = { [P in K]: { kind: P; rows: OutboxRow<P>[] } }[K];

/** The job of a kind from claimed rows, all of that kind (the planner groups by kind). */
function jobOf<K extends OutboxKind>(kind: K, rows: readonly OutboxRow[]): Job<K> {
  const own: OutboxRow<K>[] = [];
  for (const row of rows) {
    if (!isRowOfKind(row, kind)) throw new Error(`A ${kind} call was planned with a ${row.kind} entry.`);
    own.push(row);
  }
  return { kind, rows: own };
}

/** Hands a job to its kind's sender. */
function deliverJob<K extends OutboxKind>(
  senders: KindSenders,
  job: Job<K>,
  service: ServiceAccess,
): Promise<DeliveryOutcome[]> {
  return senders[job.kind].deliver(job.rows, service);
}

/** A call being formed: which entries go in it. */
interface PlannedJob {
  kind: OutboxKind;
  entries: LineEntry[];
}

/** How far down the line one round looks for work, and the sizes of the pages it reads. */
const MAX_CANDIDATES = 5000;
const FIRST_PAGE = 16;
const LAST_PAGE = 512;
/** A database fault is retried at least this often, whatever the backoff of deliveries: the disk may be freed at any time. */
const MAX_FAULT_BACKOFF_MS = 30_000;

/** The outcome a sender gave for the entry at `index`, or unknown when it gave none. */
function outcomeAt(outcomes: readonly DeliveryOutcome[], index: number): DeliveryOutcome {
  return outcomes[index] ?? { type: 'unknown', reason: 'The sender gave no answer for this entry.' };
}

/** Creates the delivery loop; it does nothing until started. (Not the bridge's createDispatcher, which routes calls to handlers.) */
export function createDeliveryLoop(options: DeliveryLoopOptions): DeliveryLoop {
  const { store, clock, config } = options;
  let running = false;
  let pumping = false;
  let pumpAgain = false;
  /** A Retry-After applies to the account, not just the entry that got it. */
  let notBefore = 0;
  let wake: { at: number; cancel: () => void } | null = null;
  const inFlight = new Set<Promise<void>>();
  const inFlightGuests = new Set<string>();
  /** Calls that finished, waiting for the next round to record them. */
  const finished: Array<{ job: Job; outcomes: DeliveryOutcome[] }> = [];
  let idleWaiters: Array<() => void> = [];
  /** Rounds in a row that met a database fault: the backoff before the next try grows with them. */
  let faultsInARow = 0;

  const transitionContext = (now: number): TransitionContext => ({
    now,
    maxAttempts: config.maxAttempts,
    reconcileAfterMs: config.reconcileAfterMs,
    delay: (attempts, retryAfterMs) => retryDelay(attempts, config.backoff, options.random, retryAfterMs),
  });

  const scheduleWake = (at: number) => {
    if (wake && wake.at <= at) return;
    wake?.cancel();
    const cancel = clock.setTimeout(
      () => {
        wake = null;
        pump();
      },
      Math.max(0, at - clock.now()),
    );
    wake = { at, cancel };
  };

  const resolveIdle = () => {
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  /**
   * Walks the line page by page and groups due entries into calls: bulk kinds share a call up to
   * the batch size, at most `free` calls; stops once those calls are full.
   */
  const planJobs = (account: string, now: number, free: number): PlannedJob[] => {
    const jobs: PlannedJob[] = [];
    const openBatch = new Map<OutboxKind, PlannedJob>();
    const isFull = () =>
      jobs.length >= free &&
      [...openBatch.values()].every((job) => job.entries.length >= batchSizeOf(config, job.kind));
    const mayGo = createLineWalker({
      account,
      now,
      pausedKinds: new Set(store.pausedKinds().map((paused) => paused.kind)),
      busyGuests: inFlightGuests,
    });
    let after = 0;
    // Pages start small (a few single messages fill the free slots) and grow for batches.
    for (
      let scanned = 0, pageSize = FIRST_PAGE;
      scanned < MAX_CANDIDATES && !isFull();
      pageSize = Math.min(pageSize * 4, LAST_PAGE)
    ) {
      const page = store.line(after, pageSize);
      for (const entry of page) {
        if (!mayGo(entry)) continue;
        // An entry whose earlier outcome is unknown goes alone, so the answer is unmistakably its own.
        const size = entry.outcomeUnknown ? 1 : batchSizeOf(config, entry.kind);
        const open = size > 1 ? openBatch.get(entry.kind) : undefined;
        if (open && open.entries.length < size) {
          open.entries.push(entry);
          continue;
        }
        if (jobs.length >= free) continue;
        const job: PlannedJob = { kind: entry.kind, entries: [entry] };
        jobs.push(job);
        if (size > 1) openBatch.set(entry.kind, job);
      }
      if (page.length < pageSize) break;
      scanned += page.length;
      after = page[page.length - 1]!.seq;
    }
    return jobs;
  };

  /**
   * One round: records the outcomes of calls that finished, then claims the next calls. Outcomes
   * are committed crash-safe but unflushed: lost to a power cut, their entries are still marked
   * sending and a restart reconciles them. A claim is flushed before its call when a blind resend
   * would duplicate it; calls that finish while a round writes share the next round (group commit).
   * A database fault ends the round: outcomes not committed stay in memory and a later round,
   * after a backoff, commits them; nothing is claimed or sent until the database takes writes again.
   */
  const pumpOnce = (): boolean => {
    const settled = finished.splice(0);
    const now = clock.now();
    const changed: string[] = [];
    let offline = false;
    try {
      if (settled.length > 0) {
        store.transaction(() => {
          for (const { job, outcomes } of settled) offline = recordOutcomes(job, outcomes, now, changed) || offline;
        }, 'crashSafe');
        databaseWritten();
      }
    } catch (error) {
      finished.unshift(...settled);
      databaseFault(error);
      return false;
    }
    if (changed.length > 0) options.onChanged(changed);
    if (offline) options.breaker.trip();
    try {
      return claimNext(now) || settled.length > 0;
    } catch (error) {
      databaseFault(error);
      return false;
    }
  };

  /** Claims and launches the calls that may go now; true when it launched any. Throws database errors. */
  const claimNext = (now: number): boolean => {
    const service = running ? options.service() : null;
    if (!service) return false;
    const free = config.concurrency - inFlight.size;
    if (options.breaker.online && free > 0 && now >= notBefore) {
      const planned = planJobs(service.clientId, now, free);
      const durability = planned.some((job) => OUTBOX_KIND_SPECS[job.kind].claimMustBeFlushed)
        ? 'flushed'
        : 'crashSafe';
      if (planned.length > 0) {
        const changed: string[] = [];
        const jobs = store.transaction(() => claimJobs(planned, now, changed), durability);
        databaseWritten();
        if (changed.length > 0) options.onChanged(changed);
        if (jobs.length > 0) {
          launch(jobs, service);
          return true;
        }
      }
    }
    if (now < notBefore) scheduleWake(notBefore);
    else {
      const next = store.nextWakeAt(service.clientId);
      if (next !== null && next > now) scheduleWake(next);
    }
    return false;
  };

  /** Reports a fault and tries again after a backoff that grows with each fault in a row. */
  const databaseFault = (error: unknown) => {
    faultsInARow++;
    options.onDatabaseFault(error);
    const backoff = { baseMs: config.backoff.baseMs, maxMs: Math.min(config.backoff.maxMs, MAX_FAULT_BACKOFF_MS) };
    scheduleWake(clock.now() + Math.max(config.backoff.baseMs, retryDelay(faultsInARow, backoff, options.random)));
  };

  const databaseWritten = () => {
    if (faultsInARow === 0) return;
    faultsInARow = 0;
    options.onDatabaseFault(null);
  };

  /**
   * Marks the planned calls' entries as sending, in one conditional write; the mark is what a restart
   * finds if the desk stops mid-call. An entry another writer claimed first is left out of its call
   * (and a call left empty is dropped): only the writer whose claim changed the row sends it.
   */
  const claimJobs = (planned: readonly PlannedJob[], now: number, changed: string[]): Job[] => {
    const claimed = store.claim(
      planned.flatMap((job) => job.entries.map((entry) => entry.id)),
      now,
    );
    changed.push(...claimed.keys());
    return planned
      .map((job) =>
        jobOf(
          job.kind,
          job.entries.flatMap((entry) => claimed.get(entry.id) ?? []),
        ),
      )
      .filter((job) => job.rows.length > 0);
  };

  const pump = () => {
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = true;
    try {
      do {
        pumpAgain = false;
        while (pumpOnce()) {
          // launched calls or recorded outcomes; look again while there is capacity
        }
      } while (pumpAgain);
    } finally {
      pumping = false;
    }
    if (inFlight.size === 0 && finished.length === 0) resolveIdle();
  };

  // Calls that finish while a round is writing are recorded together in the next round: one commit
  // for all of them (group commit), so a slow disk costs fewer commits rather than more.
  const pumpSoon = onceNextTurn(() => pump());

  const launch = (jobs: Job[], service: ServiceAccess) => {
    for (const job of jobs) {
      for (const row of job.rows) inFlightGuests.add(row.guestKey);
      const running = runJob(job, service).finally(() => {
        for (const row of job.rows) inFlightGuests.delete(row.guestKey);
        inFlight.delete(running);
        pumpSoon();
      });
      inFlight.add(running);
    }
  };

  const runJob = async (job: Job, service: ServiceAccess) => {
    let outcomes: DeliveryOutcome[];
    try {
      outcomes = await deliverJob(options.senders, job, service);
    } catch (error) {
      // A fault of ours after the call may have reached the service: treat it as unknown, never as unsent.
      const reason = `Unexpected error while sending: ${error instanceof Error ? error.message : String(error)}`;
      outcomes = job.rows.map(() => ({ type: 'unknown', reason }));
    }
    finished.push({ job, outcomes });
  };

  /** Applies a finished call's outcomes (inside the round's transaction); true when it found no connection. */
  const recordOutcomes = (job: Job, outcomes: readonly DeliveryOutcome[], now: number, changed: string[]): boolean => {
    const ctx = transitionContext(now);
    let offline = false;
    // The claimed rows are current: no action applies to an entry while it is sending.
    job.rows.forEach((row, index) => {
      const outcome = outcomeAt(outcomes, index);
      store.saveState(applyOutcome(row, outcome, ctx));
      changed.push(row.id);
      if (outcome.type === 'offline') offline = true;
      if (outcome.type === 'paused') store.pauseKind(row.kind, outcome.reason, now);
      if (outcome.type === 'retry' && outcome.retryAfterMs) notBefore = Math.max(notBefore, now + outcome.retryAfterMs);
      if (outcome.type === 'sent' && outcome.contactId && row.createsLocalId)
        changed.push(...resolveLocalId(store, row.createsLocalId, outcome.contactId, now));
    });
    return offline;
  };

  return {
    start() {
      running = true;
      pump();
    },
    async stop() {
      running = false;
      wake?.cancel();
      wake = null;
      await Promise.allSettled([...inFlight]);
      pump();
      resolveIdle();
    },
    kick: pump,
    async drain() {
      await Promise.allSettled([...inFlight]);
      pump();
    },
    settle() {
      const idle = new Promise<void>((resolve) => idleWaiters.push(resolve));
      pump();
      return idle;
    },
  };
}
