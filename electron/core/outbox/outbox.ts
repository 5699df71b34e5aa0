import { UserFacingError } from '../../../shared/bridge/result';
import type { OutboxInput } from '../../../shared/outbox/kinds';
import { describeWriteFault, isDatabaseFault } from '../db/write-fault';
import type { OutboxListener } from './events';
import { listEntries, type OutboxQuery } from './listing';
import { newEntryRow } from './new-entry';
import { onceNextTurn } from './next-turn';
import {
  createOutboxCore,
  notifyWritten,
  requireAccount,
  write,
  type OutboxAccount,
  type OutboxCore,
  type OutboxOptions,
} from './outbox-core';
import { prepareEntry } from './prepare';
import type { PreparedEntry } from './prepared-entry';
import { staffActions, type OutboxStaffActions } from './staff-actions';
import type { OutboxStore } from './store';
import * as transitions from './transitions';
import type { GuestPush, NewOutboxRow, OutboxItemView, OutboxKind, OutboxRow, OutboxSummary } from './types';
import { summarize, toItemView, type ViewContext } from './views';

/** Optional facts of an enqueue. */
export interface EnqueueOptions {
  /** The guest it concerns (service contact id or local id): entries of one guest go out in order. */
  guestKey?: string;
}

/** One entry of enqueueMany: stored (its id), or refused with the reason in staff words. */
export type EnqueueManyResult = { id: string } | { refused: string };

export type { OutboxQuery };

/** The desk's durable outbox. */
export interface Outbox extends OutboxStaffActions {
  /** Recovers entries a crash left mid-send (as outcome unknown), then starts delivering. */
  start(): void;
  /** Stops delivering and waits for calls in flight. The database stays open (the caller owns it). */
  stop(): Promise<void>;
  /**
   * Validates and stores an entry; it is on disk when this returns. Throws a UserFacingError saying
   * what is wrong (the payload's type is the caller's promise; the service's rules are checked here).
   */
  enqueue<K extends OutboxKind>(kind: K, payload: OutboxInput<K>, options?: EnqueueOptions): OutboxItemView;
  /**
   * Validates and stores many entries in one commit (an import's batch): each valid one is on disk
   * when this returns; each invalid one is answered with why, and never sinks the others.
   */
  enqueueMany<K extends OutboxKind>(kind: K, payloads: readonly OutboxInput<K>[]): EnqueueManyResult[];
  get(id: string): OutboxItemView | undefined;
  /** Entries, newest first. */
  list(query?: OutboxQuery): OutboxItemView[];
  summary(): OutboxSummary;
  /** The network is back: try at once instead of waiting for the next probe. */
  notifyOnline(): void;
  /** The connected account changed: entries of the new one may go now. */
  accountChanged(): void;
  /** Live changes: entries that changed and the fresh summary. Returns the unsubscribe. */
  subscribe(listener: OutboxListener): () => void;
  /** Resolves when nothing is in flight and nothing is due now (tests, benchmarks, shutdown). */
  settle(): Promise<void>;
  /** How many entries have not been sent (of every account but `exceptAccount`, when given). */
  unsentCount(exceptAccount?: string): number;
  /**
   * Discards every entry not yet sent (of every account but `exceptAccount`, when given), blanking
   * what it carried, once the calls in flight have answered; returns how many. Call it with no
   * account connected, so nothing new is claimed meanwhile. Throws a UserFacingError if it cannot be written.
   */
  discardUnsent(exceptAccount?: string): Promise<number>;
  /** Forgets the record of entries sent or discarded ("clear local data" on disconnect). */
  forgetFinished(): void;
  /**
   * A page of an account's guest pushes after the entry numbered `afterSeq`: those not yet sent (queued,
   * sending, waiting, needing attention) and those sent at `sentFrom` (ms) or later.
   */
  guestPushes(account: string, afterSeq: number, sentFrom: number, limit: number): GuestPush[];
  /** An account's new guests sent at `sentFrom` (ms) or later whose id was neither in the answer nor learned since. */
  unattributedGuestPushes(account: string, sentFrom: number): GuestPush[];
  /** Keeps the ids learned for new guests sent without one (outbox entry id → the service's contact id). */
  learnContactIds(learned: ReadonlyMap<string, string>): void;
  /** "The desk cannot write to its database: <reason>." while its writes fail, else null. */
  writeProblem(): string | null;
}

/** Builds the outbox on an open desk database. */
export function createOutbox(options: OutboxOptions): Outbox {
  const core = createOutboxCore(options);
  return { ...queueing(core), ...staffActions(core), ...lifecycle(core) };
}

/** Enqueue: checked with the kind's rules, durable before it answers; sending starts on the next turn. */
function queueing(core: OutboxCore): Pick<Outbox, 'enqueue' | 'enqueueMany'> {
  const { store, clock, config } = core;
  // Enqueue returns once its own commit is on disk; claiming and sending start on the next turn, so
  // a burst of enqueues is one dispatch round and staff never wait on the claim's write.
  const kickSoon = onceNextTurn(() => core.delivery.kick());
  const prepare = (kind: OutboxKind, payload: OutboxInput, account: OutboxAccount, guestKey?: string) =>
    prepareEntry(kind, payload, { clientId: account.clientId, phoneCountry: account.phoneCountry, guestKey });
  const rowOf = (kind: OutboxKind, prepared: PreparedEntry<OutboxKind>, account: OutboxAccount) =>
    newEntryRow(store, kind, prepared, account.clientId, clock.now(), config.referencePrefix);
  return {
    enqueue(kind: OutboxKind, payload: OutboxInput, enqueueOptions: EnqueueOptions = {}) {
      const account = requireAccount(core);
      const row = write(core, () =>
        store.insert(rowOf(kind, prepare(kind, payload, account, enqueueOptions.guestKey), account)),
      );
      notifyWritten(core, [row]);
      kickSoon();
      return toItemView(row, core.viewContext());
    },
    enqueueMany(kind, payloads) {
      const account = requireAccount(core);
      const stored: OutboxRow[] = [];
      const results = write(core, () => {
        // Rows are stored several a statement; one that looks up earlier entries (its local guest id, its
        // reference) is made only once every row before it is stored.
        const waiting: NewOutboxRow[] = [];
        const storeWaiting = () => void stored.push(...store.insertMany(waiting.splice(0)));
        const answers = payloads.map((payload): EnqueueManyResult => {
          try {
            const prepared = prepare(kind, payload, account);
            if (prepared.localGuestId !== undefined || prepared.needsReference) storeWaiting();
            const row = rowOf(kind, prepared, account);
            waiting.push(row);
            return { id: row.id };
          } catch (error) {
            if (error instanceof UserFacingError) return { refused: error.message };
            throw error;
          }
        });
        storeWaiting();
        return answers;
      });
      notifyWritten(core, stored);
      kickSoon();
      return results;
    },
  };
}

/** Starting and stopping, reading, listening, the line and the account changing, and unsent entries as a whole. */
function lifecycle(core: OutboxCore): Omit<Outbox, keyof ReturnType<typeof queueing> | keyof OutboxStaffActions> {
  const { store, delivery } = core;
  return {
    start() {
      recoverInterrupted(core);
      delivery.start();
    },
    async stop() {
      core.stopped = true;
      core.breaker.stop();
      await delivery.stop();
    },
    get: (id) => viewOf(store, id, core.viewContext()),
    list: (query = {}) => listEntries(store, query, core.viewContext()),
    summary: () => summarize(store.counts(), core.viewContext()),
    notifyOnline() {
      core.breaker.notifyOnline();
      delivery.kick();
    },
    accountChanged() {
      core.notifier.changed();
      delivery.kick();
    },
    subscribe: (listener) => core.notifier.subscribe(listener),
    settle: () => delivery.settle(),
    writeProblem: () => core.writeProblem,
    forgetFinished() {
      // Each forgotten entry travels as removed, so the Outbox list drops it at once.
      core.notifier.changed(write(core, () => store.forgetFinished()));
    },
    unsentCount: (exceptAccount) => store.unsentCount(exceptAccount ?? null),
    guestPushes: (account, afterSeq, sentFrom, limit) => store.guestPushes(account, afterSeq, sentFrom, limit),
    unattributedGuestPushes: (account, sentFrom) => store.unattributedGuestPushes(account, sentFrom),
    learnContactIds: (learned) => write(core, () => store.learnContactIds(learned)),
    async discardUnsent(exceptAccount) {
      await delivery.drain();
      const ids = write(core, () => store.discardUnsent(exceptAccount ?? null, core.clock.now()));
      core.notifier.changed(ids);
      return ids.length;
    },
  };
}

/**
 * Finds entries a crash left mid-send and marks their outcome unknown (and forgets old finished
 * ones). Until that is written they stay `sending`, which nothing claims; a database fault only
 * postpones it, with a growing wait.
 */
function recoverInterrupted(core: OutboxCore, faultsInARow = 0): void {
  const { store, clock, config } = core;
  const now = clock.now();
  try {
    const recovered = store.transaction(() => {
      store.pruneFinished(now - config.keepFinishedForMs);
      return store.withState('sending').map((row) => {
        const next = transitions.recoverInterrupted(row, now, config.reconcileAfterMs);
        store.save(next);
        return next.id;
      });
    });
    if (faultsInARow > 0) core.setWriteProblem(null);
    core.notifier.changed(recovered);
    core.delivery.kick();
  } catch (error) {
    if (!isDatabaseFault(error)) throw error;
    core.setWriteProblem(describeWriteFault(error));
    const wait = Math.min(30_000, config.backoff.baseMs * 2 ** Math.min(faultsInARow, 10));
    clock.setTimeout(() => core.stopped || recoverInterrupted(core, faultsInARow + 1), wait);
  }
}

/** An entry's view, or undefined when it does not exist or was discarded. */
function viewOf(store: OutboxStore, id: string, ctx: ViewContext): OutboxItemView | undefined {
  const row = store.get(id);
  return row && row.state !== 'discarded' ? toItemView(row, ctx) : undefined;
}
