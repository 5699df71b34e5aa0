import { retryDelay } from './backoff';
import type { OfflineBreaker } from './breaker';
import type { OutboxConfig } from './config';
import { jobOf, planJobs, type Job, type PlannedJob } from './delivery-plan';
import { resolveLocalId } from './existing-guest';
import type { DeliveryOutcome } from './outcomes';
import type { KindSenders, ServiceAccess } from './senders/sender';
import { onceNextTurn } from './next-turn';
import type { OutboxStore } from './store';
import { applyOutcome, type TransitionContext } from './transitions';
import { OUTBOX_KIND_SPECS, type OutboxClock, type OutboxKind, type OutboxRow } from './types';

/** Entries a round changed: those it wrote, as written, and others (their rows are read for the notice). */
interface Changed {
  rows: OutboxRow[];
  ids: string[];
}

const hasChanges = (changed: Changed) => changed.rows.length > 0 || changed.ids.length > 0;

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
  /** Entries that changed (after their transaction committed): rows as this loop wrote them, and ids of others to read. */
  onChanged: (changed: Changed) => void;
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

/** Hands a job to its kind's sender. */
function deliverJob<K extends OutboxKind>(
  senders: KindSenders,
  job: Job<K>,
  service: ServiceAccess,
): Promise<DeliveryOutcome[]> {
  return senders[job.kind].deliver(job.rows, service);
}

/** A database fault is retried at least this often, whatever the backoff of deliveries: the disk may be freed at any time. */
const MAX_FAULT_BACKOFF_MS = 30_000;

/** The outcome a sender gave for the entry at `index`, or unknown when it gave none. */
function outcomeAt(outcomes: readonly DeliveryOutcome[], index: number): DeliveryOutcome {
  return outcomes[index] ?? { type: 'unknown', reason: 'The sender gave no answer for this entry.' };
}

/** The loop's state between rounds. */
interface LoopState {
  options: DeliveryLoopOptions;
  running: boolean;
  pumping: boolean;
  pumpAgain: boolean;
  /** A Retry-After applies to the account, not just the entry that got it. */
  notBefore: number;
  wake: { at: number; cancel: () => void } | null;
  inFlight: Set<Promise<void>>;
  /** Guests with a call in flight or answered and not yet recorded: their later entries wait. */
  inFlightGuests: Set<string>;
  /**
   * Calls that finished, waiting for a round to record them. `heldOver`: answered before the last round
   * that launched first, so the next claim's commit records it (launchBeforeRecording).
   */
  finished: Array<{ job: Job; outcomes: DeliveryOutcome[]; heldOver?: boolean }>;
  /** The next round records before it launches (set once a round launched first, and by drain). */
  recordFirst: boolean;
  idleWaiters: Array<() => void>;
  /** Rounds in a row that met a database fault: the backoff before the next try grows with them. */
  faultsInARow: number;
  /** Runs a round on the next turn (calls finishing while a round writes share the next one). */
  pumpSoon: () => void;
}

/** Creates the delivery loop; it does nothing until started. (Not the bridge's createDispatcher, which routes calls to handlers.) */
export function createDeliveryLoop(options: DeliveryLoopOptions): DeliveryLoop {
  const loop: LoopState = {
    options,
    running: false,
    pumping: false,
    pumpAgain: false,
    notBefore: 0,
    wake: null,
    inFlight: new Set(),
    inFlightGuests: new Set(),
    finished: [],
    recordFirst: false,
    idleWaiters: [],
    faultsInARow: 0,
    // Calls that finish while a round is writing are recorded together in the next round: one commit
    // for all of them (group commit), so a slow disk costs fewer commits rather than more.
    pumpSoon: onceNextTurn(() => pump(loop)),
  };
  return {
    start() {
      loop.running = true;
      pump(loop);
    },
    async stop() {
      loop.running = false;
      loop.wake?.cancel();
      loop.wake = null;
      await Promise.allSettled([...loop.inFlight]);
      pump(loop);
      resolveIdle(loop);
    },
    kick: () => pump(loop),
    async drain() {
      await Promise.allSettled([...loop.inFlight]);
      loop.recordFirst = true;
      pump(loop);
    },
    settle() {
      const idle = new Promise<void>((resolve) => loop.idleWaiters.push(resolve));
      pump(loop);
      return idle;
    },
  };
}

/** Runs rounds until one finds nothing to do; a request meanwhile runs another. */
function pump(loop: LoopState): void {
  if (loop.pumping) {
    loop.pumpAgain = true;
    return;
  }
  loop.pumping = true;
  try {
    do {
      loop.pumpAgain = false;
      while (pumpOnce(loop)) {
        // launched calls or recorded outcomes; look again while there is capacity
      }
    } while (loop.pumpAgain);
  } finally {
    loop.pumping = false;
  }
  if (loop.inFlight.size === 0 && loop.finished.length === 0) resolveIdle(loop);
}

/** Wakes the loop at `at` (the earliest of the wakes asked for). */
function scheduleWake(loop: LoopState, at: number): void {
  const { clock } = loop.options;
  if (loop.wake && loop.wake.at <= at) return;
  loop.wake?.cancel();
  const cancel = clock.setTimeout(
    () => {
      loop.wake = null;
      pump(loop);
    },
    Math.max(0, at - clock.now()),
  );
  loop.wake = { at, cancel };
}

/** Tells those waiting for the loop to be idle. */
function resolveIdle(loop: LoopState): void {
  const waiters = loop.idleWaiters;
  loop.idleWaiters = [];
  for (const resolve of waiters) resolve();
}

/**
 * One round: records the outcomes of calls that finished, then claims the next calls (calls whose
 * every entry was sent let the next calls go first: launchBeforeRecording). Outcomes
 * are committed crash-safe but unflushed: lost to a power cut, their entries are still marked
 * sending and a restart reconciles them. A claim is flushed before its call when a blind resend
 * would duplicate it; calls that finish while a round writes share the next round (group commit).
 * A database fault ends the round: outcomes not committed stay in memory and a later round,
 * after a backoff, commits them; nothing is claimed or sent until the database takes writes again.
 */
function pumpOnce(loop: LoopState): boolean {
  const { options } = loop;
  const now = options.clock.now();
  if (launchBeforeRecording(loop, now)) return false;
  loop.recordFirst = false;
  const settled = loop.finished.splice(0);
  const changed: Changed = { rows: [], ids: [] };
  let offline = false;
  try {
    if (settled.length > 0) {
      options.store.transaction(() => {
        for (const { job, outcomes } of settled) offline = recordOutcomes(loop, job, outcomes, now, changed) || offline;
      }, 'crashSafe');
      databaseWritten(loop);
    }
  } catch (error) {
    loop.finished.unshift(...settled);
    databaseFault(loop, error);
    return false;
  }
  if (hasChanges(changed)) options.onChanged(changed);
  if (offline) options.breaker.trip();
  try {
    return claimNext(loop, now) || settled.length > 0;
  } catch (error) {
    databaseFault(loop, error);
    return false;
  }
}

/**
 * Calls answered with every entry sent free their slots at once: the next calls are claimed and launched
 * first, and the answers recorded in the commit of the next claim (one commit per round, not two: claim,
 * then outcomes), once the new calls are on their way, so a slot does not wait for that commit. Their
 * guests stay held until then, so a guest's next entry still follows its recorded outcome: answers held
 * over from the last such round are recorded before this round plans, in the same commit as its claim,
 * which is on disk before its calls go. Anything else (a failure, offline, a pause, a Retry-After, stop or
 * drain) is recorded first, as is a round with nothing to launch. True when it launched (the round ends).
 */
function launchBeforeRecording(loop: LoopState, now: number): boolean {
  if (loop.recordFirst || loop.finished.length === 0) return false;
  const allSent = loop.finished.every(({ job, outcomes }) =>
    job.rows.every((_, index) => outcomeAt(outcomes, index).type === 'sent'),
  );
  if (!allSent) return false;
  const heldOver = { calls: loop.finished.filter((call) => call.heldOver), recorded: false };
  loop.finished = loop.finished.filter((call) => !call.heldOver);
  let launched: boolean;
  try {
    launched = claimNext(loop, now, heldOver);
  } catch (error) {
    if (!heldOver.recorded) loop.finished.unshift(...heldOver.calls);
    databaseFault(loop, error);
    return true;
  }
  // Nothing launched: this round records the answers not yet recorded first (pumpOnce).
  if (!heldOver.recorded) loop.finished.unshift(...heldOver.calls);
  if (!launched) return false;
  for (const call of loop.finished) call.heldOver = true;
  return true;
}

/** Answered calls (every entry sent) to record in the next claim's commit; `recorded` once committed. */
interface HeldOver {
  calls: ReadonlyArray<{ job: Job; outcomes: DeliveryOutcome[] }>;
  recorded: boolean;
}

/**
 * Claims and launches the calls that may go now; true when it launched any. The outcomes of `heldOver`
 * calls are recorded in the claim's commit, before the calls go (a round that plans nothing records none
 * of them). Throws database errors.
 */
function claimNext(loop: LoopState, now: number, heldOver: HeldOver = { calls: [], recorded: false }): boolean {
  const { options } = loop;
  const { store, config } = options;
  const service = loop.running ? options.service() : null;
  if (!service) return false;
  const free = config.concurrency - loop.inFlight.size;
  if (options.breaker.online && free > 0 && now >= loop.notBefore) {
    // The settled calls' guests may go again: their outcomes are committed with this claim, before it launches.
    const busyGuests = new Set(loop.inFlightGuests);
    for (const { job } of heldOver.calls) for (const row of job.rows) busyGuests.delete(row.guestKey);
    const planned = planJobs(store, config, busyGuests, { account: service.clientId, now, free });
    const durability = planned.some((job) => OUTBOX_KIND_SPECS[job.kind].claimMustBeFlushed) ? 'flushed' : 'crashSafe';
    if (planned.length > 0) {
      const changed: Changed = { rows: [], ids: [] };
      const jobs = store.transaction(() => {
        for (const { job, outcomes } of heldOver.calls) recordOutcomes(loop, job, outcomes, now, changed);
        return claimJobs(store, planned, now, changed);
      }, durability);
      heldOver.recorded = true;
      databaseWritten(loop);
      if (hasChanges(changed)) options.onChanged(changed);
      if (jobs.length > 0) {
        launch(loop, jobs, service);
        return true;
      }
    }
  }
  if (now < loop.notBefore) scheduleWake(loop, loop.notBefore);
  else {
    const next = store.nextWakeAt(service.clientId);
    if (next !== null && next > now) scheduleWake(loop, next);
  }
  return false;
}

/** Reports a fault and tries again after a backoff that grows with each fault in a row. */
function databaseFault(loop: LoopState, error: unknown): void {
  const { config, clock, random } = loop.options;
  loop.faultsInARow++;
  loop.options.onDatabaseFault(error);
  const backoff = { baseMs: config.backoff.baseMs, maxMs: Math.min(config.backoff.maxMs, MAX_FAULT_BACKOFF_MS) };
  scheduleWake(loop, clock.now() + Math.max(config.backoff.baseMs, retryDelay(loop.faultsInARow, backoff, random)));
}

/** A round wrote: a fault reported before is over. */
function databaseWritten(loop: LoopState): void {
  if (loop.faultsInARow === 0) return;
  loop.faultsInARow = 0;
  loop.options.onDatabaseFault(null);
}

/**
 * Marks the planned calls' entries as sending, in one conditional write; the mark is what a restart
 * finds if the desk stops mid-call. An entry another writer claimed first is left out of its call
 * (and a call left empty is dropped): only the writer whose claim changed the row sends it.
 */
function claimJobs(store: OutboxStore, planned: readonly PlannedJob[], now: number, changed: Changed): Job[] {
  const claimed = store.claim(
    planned.flatMap((job) => job.entries.map((entry) => entry.id)),
    now,
  );
  changed.rows.push(...claimed.values());
  return planned
    .map((job) =>
      jobOf(
        job.kind,
        job.entries.flatMap((entry) => claimed.get(entry.id) ?? []),
      ),
    )
    .filter((job) => job.rows.length > 0);
}

/** Starts the calls; each, once answered, waits for the next round to be recorded. */
function launch(loop: LoopState, jobs: Job[], service: ServiceAccess): void {
  for (const job of jobs) {
    for (const row of job.rows) loop.inFlightGuests.add(row.guestKey);
    const running = runJob(loop.options.senders, job, service)
      .then((outcomes) => void loop.finished.push({ job, outcomes }))
      .finally(() => {
        loop.inFlight.delete(running);
        loop.pumpSoon();
      });
    loop.inFlight.add(running);
  }
}

/** One call's outcomes; a fault of ours after the call may have reached the service: unknown, never unsent. */
async function runJob(senders: KindSenders, job: Job, service: ServiceAccess): Promise<DeliveryOutcome[]> {
  try {
    return await deliverJob(senders, job, service);
  } catch (error) {
    const reason = `Unexpected error while sending: ${error instanceof Error ? error.message : String(error)}`;
    return job.rows.map(() => ({ type: 'unknown', reason }));
  }
}

/** Applies a finished call's outcomes (inside the round's transaction); true when it found no connection. */
function recordOutcomes(
  loop: LoopState,
  job: Job,
  outcomes: readonly DeliveryOutcome[],
  now: number,
  changed: Changed,
): boolean {
  const { store, config, random } = loop.options;
  const ctx: TransitionContext = {
    now,
    maxAttempts: config.maxAttempts,
    reconcileAfterMs: config.reconcileAfterMs,
    delay: (attempts, retryAfterMs) => retryDelay(attempts, config.backoff, random, retryAfterMs),
  };
  let offline = false;
  // The claimed rows are current: no action applies to an entry while it is sending.
  const next = job.rows.map((row, index) => applyOutcome(row, outcomeAt(outcomes, index), ctx));
  store.saveStates(next);
  changed.rows.push(...next);
  job.rows.forEach((row, index) => {
    const outcome = outcomeAt(outcomes, index);
    loop.inFlightGuests.delete(row.guestKey);
    if (outcome.type === 'offline') offline = true;
    if (outcome.type === 'paused') store.pauseKind(row.kind, outcome.reason, now);
    if (outcome.type === 'retry' && outcome.retryAfterMs)
      loop.notBefore = Math.max(loop.notBefore, now + outcome.retryAfterMs);
    if (outcome.type === 'sent' && outcome.contactId && row.createsLocalId)
      changed.ids.push(...resolveLocalId(store, row.createsLocalId, outcome.contactId, now));
  });
  return offline;
}
