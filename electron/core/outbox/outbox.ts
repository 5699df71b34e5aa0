import type { Database } from 'better-sqlite3';
import type { ServiceClient } from '../../../shared/api/client';
import { NoConnectionError, OutcomeUnknownError } from '../../../shared/api/errors';
import { venueFormatFor } from '../../../shared/format/venue-format';
import { UserFacingError } from '../../../shared/bridge/result';
import { describeWriteFault, isDatabaseFault, WRITE_PROBLEM_LEAD } from '../db/write-fault';
import { createOfflineBreaker } from './breaker';
import { resolveConfig, type OutboxConfig } from './config';
import { createDeliveryLoop } from './delivery-loop';
import { createChangeNotifier, type OutboxListener } from './events';
import { addToExistingGuest, resolveLocalId } from './existing-guest';
import type { ConflictChoice } from '../../../shared/merge/three-way';
import { resolveConflict } from './merge/resolve';
import { contactIdOf, withContactId } from './local-ids';
import type { OutboxInput } from '../../../shared/outbox/kinds';
import { newEntryRow } from './new-entry';
import { onceNextTurn } from './next-turn';
import { prepareEntry } from './prepare';
import type { PreparedEntry } from './prepared-entry';
import { createCampaignDraftLedger, hasCampaignsTable } from '../campaigns/draft-ledger';
import { createSenders } from './senders';
import { whenCommitted } from '../db/transactions';
import { createOutboxStore, type OutboxStore } from './store';
import * as transitions from './transitions';
import {
  systemClock,
  type GuestPush,
  type NewOutboxRow,
  type OutboxClock,
  type OutboxItemView,
  type OutboxKind,
  type OutboxRow,
  type OutboxSummary,
} from './types';
import { listEntries, type OutboxQuery } from './listing';
import { summarize, toEntryChange, toItemView, type ViewContext } from './views';

/** The connected account as the outbox needs it. */
export interface OutboxAccount {
  clientId: string;
  client: ServiceClient;
  /** ISO country for mobiles typed without +country (e.g. 'AU'). */
  phoneCountry?: string;
  /** IANA zone of the account (a queued campaign's send_at is read in it). */
  timeZone?: string;
}

/** What the outbox is built from: all of it injected, so it runs under plain Node and in tests. */
export interface OutboxOptions {
  /** The desk database, opened and migrated (openDeskDatabase). The outbox writes it on this connection. */
  db: Database;
  /** The connected account, or null; asked at every enqueue and dispatch round. */
  account: () => OutboxAccount | null;
  clock?: OutboxClock;
  /** Uniform in [0, 1): the backoff's jitter. */
  random?: () => number;
  config?: Partial<OutboxConfig>;
  /** Where a failing change listener is reported. */
  onListenerError?: (error: unknown) => void;
}

/** Optional facts of an enqueue. */
export interface EnqueueOptions {
  /** The guest it concerns (service contact id or local id): entries of one guest go out in order. */
  guestKey?: string;
}

/** One entry of enqueueMany: stored (its id), or refused with the reason in staff words. */
export type EnqueueManyResult = { id: string } | { refused: string };

export type { OutboxQuery };

/** The desk's durable outbox. */
export interface Outbox {
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
  /** Sends a waiting or failed entry again now. */
  resend(id: string): OutboxItemView;
  /** Replaces a message's or guest's details (validated again) and queues it anew. */
  edit(id: string, edit: { kind: OutboxKind; payload: unknown }): OutboxItemView;
  /** Drops an entry that has not gone out. */
  discard(id: string): { discarded: boolean };
  /** Drops, in one commit, those of these entries that are queued, waiting or need attention (an import cancelled); others are left as they are. */
  discardEntries(ids: readonly string[]): { discarded: number };
  /** A person's decision on a purchase held because its outcome is unknown. */
  decide(id: string, decision: 'it-was-recorded' | 'send-again'): OutboxItemView;
  /** A person's choice: a new guest refused as a duplicate is the guest the service already has; adds the chosen details to it. */
  addToExistingGuest(id: string, contactId: string, fields: readonly string[]): OutboxItemView;
  /** Lifts the pause of a kind (after credits were added). */
  resumeKind(kind: OutboxKind): OutboxSummary;
  /** Issue 20: a person settles a conflict; the entry merges again before it goes (undefined: nothing was left to send). */
  resolveConflict(id: string, choice: ConflictChoice): OutboxItemView | undefined;
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

/** What the outbox's jobs share: its store, clock, config, listeners, breaker, delivery loop and the write guard. */
interface OutboxCore {
  options: OutboxOptions;
  clock: OutboxClock;
  config: OutboxConfig;
  store: OutboxStore;
  notifier: ReturnType<typeof createChangeNotifier>;
  breaker: ReturnType<typeof createOfflineBreaker>;
  delivery: ReturnType<typeof createDeliveryLoop>;
  /** "The desk cannot write to its database: …" while writes fail; cleared by the next write that succeeds. */
  writeProblem: string | null;
  stopped: boolean;
  viewContext(): ViewContext;
  setWriteProblem(problem: string | null): void;
}

/** Builds the outbox on an open desk database. */
export function createOutbox(options: OutboxOptions): Outbox {
  const core = createOutboxCore(options);
  return { ...queueing(core), ...staffActions(core), ...lifecycle(core) };
}

/** The store, the change listeners, the offline breaker and the delivery loop, wired to one another. */
function createOutboxCore(options: OutboxOptions): OutboxCore {
  const clock = options.clock ?? systemClock;
  const config = resolveConfig(options.config);
  const store = createOutboxStore(options.db);
  const viewContext = (): ViewContext => ({
    online: breaker.online,
    account: options.account()?.clientId ?? null,
    paused: store.pausedKinds(),
    format: venueFormatFor(options.account()?.phoneCountry ?? 'AU', options.account()?.timeZone ?? 'UTC'),
  });
  const notifier = createChangeNotifier(
    (changes) => {
      const context = viewContext();
      const toRead = [...changes].flatMap(([id, facts]) => (facts === undefined ? [id] : []));
      const read = new Map(store.factsOf(toRead).map((facts) => [facts.id, facts]));
      return {
        changed: [...changes].flatMap(([id, known]) => {
          const facts = known === undefined ? read.get(id) : known;
          return facts ? [toEntryChange(facts, context)] : [];
        }),
        summary: summarize(store.counts(), context),
      };
    },
    options.onListenerError ?? ((error) => console.error('[outbox] change listener failed:', error)),
  );
  const setWriteProblem = (problem: string | null) => {
    if (problem === core.writeProblem) return;
    core.writeProblem = problem;
    notifier.changed();
  };
  const breaker = createOfflineBreaker({
    clock,
    intervalMs: config.probeIntervalMs,
    probe: () => probeService(options),
    onChange: (online) => {
      notifier.changed();
      if (online) delivery.kick();
    },
  });
  const delivery = createDeliveryLoop({
    store,
    senders: createSenders({
      ledger: hasCampaignsTable(options.db) ? createCampaignDraftLedger(options.db) : null,
      now: () => clock.now(),
    }),
    service: () => serviceOf(options.account()),
    breaker,
    clock,
    random: options.random ?? Math.random,
    config,
    onChanged: ({ ids, rows }) => {
      notifier.wrote(rows);
      notifier.changed(ids);
    },
    onDatabaseFault: (error) => {
      if (error !== null && !isDatabaseFault(error)) console.error('[outbox] delivery round failed:', error);
      setWriteProblem(error === null ? null : problemOf(error));
    },
  });
  const core: OutboxCore = {
    options,
    clock,
    config,
    store,
    notifier,
    breaker,
    delivery,
    writeProblem: null,
    stopped: false,
    viewContext,
    setWriteProblem,
  };
  return core;
}

/** Whether the service answers at all: any answer, even a refusal, proves the line works. */
async function probeService(options: OutboxOptions): Promise<boolean> {
  const account = options.account();
  if (!account) return false;
  try {
    await account.client.categories({});
    return true;
  } catch (error) {
    return !(error instanceof NoConnectionError || error instanceof OutcomeUnknownError);
  }
}

/** The connected account as senders use it. */
function serviceOf(account: OutboxAccount | null) {
  return (
    account && {
      client: account.client,
      clientId: account.clientId,
      phoneCountry: account.phoneCountry,
      timeZone: account.timeZone,
    }
  );
}

/** The status line's words for a failed write. */
function problemOf(error: unknown): string {
  return isDatabaseFault(error)
    ? describeWriteFault(error)
    : `${WRITE_PROBLEM_LEAD}: ${error instanceof Error ? error.message : String(error)}.`;
}

/**
 * Runs a write staff are waiting on. When SQLite refuses it, staff get the reason (what they
 * typed stays in their form, nothing was stored) and the status area shows it until a write succeeds.
 */
function write<T>(core: OutboxCore, work: () => T): T {
  try {
    const result = core.store.transaction(work);
    core.setWriteProblem(null);
    return result;
  } catch (error) {
    if (!isDatabaseFault(error)) throw error;
    const problem = describeWriteFault(error);
    core.setWriteProblem(problem);
    throw new UserFacingError(`${problem} Nothing was saved; try again once it is fixed.`);
  }
}

/**
 * Tells listeners of entries just inserted, from the rows in hand. A caller's transaction may enclose
 * this one: a later write in it still has the last word (the notice goes out after it ends), and if
 * it is undone, or whether it commits cannot be known, the notice reads the entries instead.
 */
function notifyWritten(core: OutboxCore, rows: OutboxRow[]): void {
  core.notifier.wrote(rows);
  whenCommitted(core.options.db, (committed) => {
    if (!committed) core.notifier.changed(rows.map((row) => row.id));
  });
}

/** Saves a staff action's result, tells listeners and wakes the delivery loop. */
function commit(core: OutboxCore, rows: OutboxRow[]): void {
  write(core, () => rows.forEach((row) => core.store.save(row)));
  core.notifier.changed(rows.map((row) => row.id));
  core.delivery.kick();
}

/** An entry that still exists, or a refusal in staff's words. */
function requireRow(core: OutboxCore, id: string): OutboxRow {
  const row = core.store.get(id);
  if (!row || row.state === 'discarded') throw new UserFacingError('This outbox entry no longer exists.');
  return row;
}

/** The connected account, or a refusal: nothing is queued for no one. */
function requireAccount(core: OutboxCore): OutboxAccount {
  const account = core.options.account();
  if (!account)
    throw new UserFacingError('Connect an account in Settings (or start the demo) before sending anything.');
  return account;
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

/** What staff do to entries in the Outbox: resend, edit, discard, decide, add to a guest on file, resume a kind. */
function staffActions(
  core: OutboxCore,
): Pick<
  Outbox,
  'resend' | 'edit' | 'discard' | 'discardEntries' | 'decide' | 'addToExistingGuest' | 'resumeKind' | 'resolveConflict'
> {
  const { store, clock, config } = core;
  const view = (row: OutboxRow) => toItemView(row, core.viewContext());
  return {
    resend(id) {
      const next = transitions.resend(requireRow(core, id), clock.now(), config.reconcileAfterMs);
      commit(core, [next]);
      return view(next);
    },
    edit(id, { kind, payload }) {
      const row = requireRow(core, id);
      if (row.kind !== kind)
        throw new UserFacingError('This entry changed since it was opened; open it again to edit it.');
      // A new guest a person already chose to add to a guest on file keeps naming that guest.
      const newGuest = row.createsLocalId !== null && store.contactIdFor(row.createsLocalId) === undefined;
      const facts = { phoneCountry: core.options.account()?.phoneCountry, newGuest };
      const next = editedRow(row, payload, facts, clock.now());
      commit(core, [next]);
      return view(next);
    },
    discard(id) {
      const row = requireRow(core, id);
      const now = clock.now();
      const orphans = row.createsLocalId
        ? store.dependantsOf(row.createsLocalId).map((dependant) => transitions.orphan(dependant, now))
        : [];
      commit(core, [transitions.discard(row, now), ...orphans]);
      return { discarded: true };
    },
    discardEntries: (ids) => discardEntries(core, ids),
    decide(id, decision) {
      const next = transitions.decide(requireRow(core, id), decision, clock.now());
      commit(core, [next]);
      return view(next);
    },
    addToExistingGuest(id, contactId, fields) {
      const row = requireRow(core, id);
      const now = clock.now();
      const next = addToExistingGuest(row, contactId, fields, now, core.options.account()?.phoneCountry);
      // Only now that a person chose this guest do the entries waiting on the local id go to it.
      const rewritten = write(core, () => {
        store.save(next);
        return row.createsLocalId ? resolveLocalId(store, row.createsLocalId, contactId, now) : [];
      });
      core.notifier.changed([next.id, ...rewritten]);
      core.delivery.kick();
      return view(next);
    },
    resolveConflict(id, choice) {
      const next = resolveConflict(requireRow(core, id), choice, clock.now());
      commit(core, [next]);
      return next.state === 'discarded' ? undefined : view(next);
    },
    resumeKind(kind) {
      write(core, () => store.resumeKind(kind));
      core.notifier.changed();
      core.delivery.kick();
      return summarize(store.counts(), core.viewContext());
    },
  };
}

/** Discards entries still to go that create no guest (an import's rows); returns how many. */
function discardEntries(core: OutboxCore, ids: readonly string[]): { discarded: number } {
  const now = core.clock.now();
  const discarded = write(core, () =>
    ids.flatMap((id) => {
      const row = core.store.get(id);
      if (
        !row ||
        (row.state !== 'queued' && row.state !== 'waiting' && row.state !== 'needs_attention') ||
        row.createsLocalId
      )
        return [];
      core.store.save(transitions.discard(row, now));
      return [id];
    }),
  );
  core.notifier.changed(discarded);
  core.delivery.kick();
  return { discarded: discarded.length };
}

/** Starting and stopping, reading, listening, the line and the account changing, and unsent entries as a whole. */
function lifecycle(
  core: OutboxCore,
): Omit<Outbox, keyof ReturnType<typeof queueing> | keyof ReturnType<typeof staffActions>> {
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

/** An entry with details staff changed, checked again as its kind; who it is for, and its reference, stay as they were. */
function editedRow<K extends OutboxKind>(
  row: OutboxRow<K>,
  input: unknown,
  facts: { phoneCountry?: string; newGuest: boolean },
  now: number,
): OutboxRow<K> {
  const prepared = prepareEntry(row.kind, input, {
    clientId: row.account,
    phoneCountry: facts.phoneCountry,
    guestKey: row.guestKey,
  });
  const kept = withContactId(
    row.kind,
    prepared.payload,
    facts.newGuest ? undefined : contactIdOf(row.kind, row.payload),
  );
  return transitions.edit(row, kept, now);
}

/** An entry's view, or undefined when it does not exist or was discarded. */
function viewOf(store: OutboxStore, id: string, ctx: ViewContext): OutboxItemView | undefined {
  const row = store.get(id);
  return row && row.state !== 'discarded' ? toItemView(row, ctx) : undefined;
}
