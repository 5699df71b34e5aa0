import type { Database } from 'better-sqlite3';
import type { ServiceClient } from '../../../shared/api/client';
import { NoConnectionError, OutcomeUnknownError } from '../../../shared/api/errors';
import { UserFacingError } from '../../../shared/bridge/result';
import { describeWriteFault, isDatabaseFault, WRITE_PROBLEM_LEAD } from '../db/write-fault';
import { createOfflineBreaker } from './breaker';
import { resolveConfig, type OutboxConfig } from './config';
import { createDeliveryLoop } from './delivery-loop';
import { createChangeNotifier, type OutboxListener } from './events';
import { addToExistingGuest, resolveLocalId } from './existing-guest';
import { contactIdOf, withContactId } from './local-ids';
import type { OutboxInput } from '../../../shared/outbox/kinds';
import { newEntryRow } from './new-entry';
import { onceNextTurn } from './next-turn';
import { prepareEntry } from './prepare';
import { createCampaignDraftLedger, hasCampaignsTable } from '../campaigns/draft-ledger';
import { createSenders } from './senders';
import { createOutboxStore, type OutboxStore } from './store';
import * as transitions from './transitions';
import {
  systemClock,
  type OutboxClock,
  type OutboxItemView,
  type OutboxKind,
  type OutboxRow,
  type OutboxSummary,
} from './types';
import { listEntries, type OutboxQuery } from './listing';
import { summarize, toItemView, type ViewContext } from './views';

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
  /** "The desk cannot write to its database: <reason>." while its writes fail, else null. */
  writeProblem(): string | null;
}

/** Builds the outbox on an open desk database. */
export function createOutbox(options: OutboxOptions): Outbox {
  const clock = options.clock ?? systemClock;
  const config = resolveConfig(options.config);
  const store = createOutboxStore(options.db);

  const viewContext = (): ViewContext => ({
    online: breaker.online,
    account: options.account()?.clientId ?? null,
    paused: store.pausedKinds(),
  });
  const view = (row: OutboxRow) => toItemView(row, viewContext());
  const notifier = createChangeNotifier(
    { view: (id) => viewOf(store, id, viewContext()), summary: () => summarize(store.counts(), viewContext()) },
    options.onListenerError ?? ((error) => console.error('[outbox] change listener failed:', error)),
  );

  const breaker = createOfflineBreaker({
    clock,
    intervalMs: config.probeIntervalMs,
    probe: async () => {
      const account = options.account();
      if (!account) return false;
      try {
        await account.client.categories({});
        return true;
      } catch (error) {
        // Any answer at all, even a refusal, proves the line works.
        return !(error instanceof NoConnectionError || error instanceof OutcomeUnknownError);
      }
    },
    onChange: (online) => {
      notifier.changed();
      if (online) delivery.kick();
    },
  });

  // Set while writes fail (the delivery loop's rounds or staff's actions); cleared by the next write that succeeds.
  let writeProblem: string | null = null;
  let stopped = false;
  const setWriteProblem = (problem: string | null) => {
    if (problem === writeProblem) return;
    writeProblem = problem;
    notifier.changed();
  };
  const problemOf = (error: unknown): string =>
    isDatabaseFault(error)
      ? describeWriteFault(error)
      : `${WRITE_PROBLEM_LEAD}: ${error instanceof Error ? error.message : String(error)}.`;

  const delivery = createDeliveryLoop({
    store,
    senders: createSenders({
      ledger: hasCampaignsTable(options.db) ? createCampaignDraftLedger(options.db) : null,
      now: () => clock.now(),
    }),
    service: () => {
      const account = options.account();
      return (
        account && {
          client: account.client,
          clientId: account.clientId,
          phoneCountry: account.phoneCountry,
          timeZone: account.timeZone,
        }
      );
    },
    breaker,
    clock,
    random: options.random ?? Math.random,
    config,
    onChanged: (ids) => notifier.changed(ids),
    onDatabaseFault: (error) => {
      if (error !== null && !isDatabaseFault(error)) console.error('[outbox] delivery round failed:', error);
      setWriteProblem(error === null ? null : problemOf(error));
    },
  });

  /**
   * Runs a write staff are waiting on. When SQLite refuses it, staff get the reason (what they
   * typed stays in their form, nothing was stored) and the status area shows it until a write succeeds.
   */
  const write = <T>(work: () => T): T => {
    try {
      const result = store.transaction(work);
      setWriteProblem(null);
      return result;
    } catch (error) {
      if (!isDatabaseFault(error)) throw error;
      const problem = describeWriteFault(error);
      setWriteProblem(problem);
      throw new UserFacingError(`${problem} Nothing was saved; try again once it is fixed.`);
    }
  };

  // Enqueue returns once its own commit is on disk; claiming and sending start on the next turn, so
  // a burst of enqueues is one dispatch round and staff never wait on the claim's write.
  const kickSoon = onceNextTurn(() => delivery.kick());

  /**
   * Finds entries a crash left mid-send and marks their outcome unknown (and forgets old finished
   * ones). Until that is written they stay `sending`, which nothing claims; a database fault only
   * postpones it, with a growing wait.
   */
  const recoverInterrupted = (faultsInARow = 0): void => {
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
      if (faultsInARow > 0) setWriteProblem(null);
      notifier.changed(recovered);
      delivery.kick();
    } catch (error) {
      if (!isDatabaseFault(error)) throw error;
      setWriteProblem(describeWriteFault(error));
      const wait = Math.min(30_000, config.backoff.baseMs * 2 ** Math.min(faultsInARow, 10));
      clock.setTimeout(() => stopped || recoverInterrupted(faultsInARow + 1), wait);
    }
  };

  const requireRow = (id: string): OutboxRow => {
    const row = store.get(id);
    if (!row || row.state === 'discarded') throw new UserFacingError('This outbox entry no longer exists.');
    return row;
  };

  /** Saves a staff action's result, tells listeners and wakes the delivery loop. */
  const commit = (rows: OutboxRow[]): void => {
    write(() => rows.forEach((row) => store.save(row)));
    notifier.changed(rows.map((row) => row.id));
    delivery.kick();
  };

  return {
    start() {
      recoverInterrupted();
      delivery.start();
    },
    async stop() {
      stopped = true;
      breaker.stop();
      await delivery.stop();
    },
    enqueue(kind: OutboxKind, payload: OutboxInput, enqueueOptions: EnqueueOptions = {}) {
      const account = options.account();
      if (!account)
        throw new UserFacingError('Connect an account in Settings (or start the demo) before sending anything.');
      const prepared = prepareEntry(kind, payload, {
        clientId: account.clientId,
        phoneCountry: account.phoneCountry,
        guestKey: enqueueOptions.guestKey,
      });
      const now = clock.now();
      const row = write(() =>
        store.insert(newEntryRow(store, kind, prepared, account.clientId, now, config.referencePrefix)),
      );
      notifier.changed([row.id]);
      kickSoon();
      return view(row);
    },
    enqueueMany(kind, payloads) {
      const account = options.account();
      if (!account)
        throw new UserFacingError('Connect an account in Settings (or start the demo) before sending anything.');
      const now = clock.now();
      const results = write(() =>
        payloads.map((payload): EnqueueManyResult => {
          try {
            const prepared = prepareEntry(kind, payload, {
              clientId: account.clientId,
              phoneCountry: account.phoneCountry,
            });
            return {
              id: store.insert(newEntryRow(store, kind, prepared, account.clientId, now, config.referencePrefix)).id,
            };
          } catch (error) {
            if (error instanceof UserFacingError) return { refused: error.message };
            throw error;
          }
        }),
      );
      notifier.changed(results.flatMap((result) => ('id' in result ? [result.id] : [])));
      kickSoon();
      return results;
    },
    get: (id) => viewOf(store, id, viewContext()),
    list: (query = {}) => listEntries(store, query, viewContext()),
    summary: () => summarize(store.counts(), viewContext()),
    resend(id) {
      const next = transitions.resend(requireRow(id), clock.now(), config.reconcileAfterMs);
      commit([next]);
      return view(next);
    },
    edit(id, { kind, payload }) {
      const row = requireRow(id);
      if (row.kind !== kind)
        throw new UserFacingError('This entry changed since it was opened; open it again to edit it.');
      // A new guest a person already chose to add to a guest on file keeps naming that guest.
      const newGuest = row.createsLocalId !== null && store.contactIdFor(row.createsLocalId) === undefined;
      const next = editedRow(row, payload, { phoneCountry: options.account()?.phoneCountry, newGuest }, clock.now());
      commit([next]);
      return view(next);
    },
    discard(id) {
      const row = requireRow(id);
      const now = clock.now();
      const discarded = transitions.discard(row, now);
      const orphans = row.createsLocalId
        ? store.dependantsOf(row.createsLocalId).map((dependant) => transitions.orphan(dependant, now))
        : [];
      commit([discarded, ...orphans]);
      return { discarded: true };
    },
    discardEntries(ids) {
      const now = clock.now();
      const discarded = write(() =>
        ids.flatMap((id) => {
          const row = store.get(id);
          if (
            !row ||
            (row.state !== 'queued' && row.state !== 'waiting' && row.state !== 'needs_attention') ||
            row.createsLocalId
          )
            return [];
          store.save(transitions.discard(row, now));
          return [id];
        }),
      );
      notifier.changed(discarded);
      delivery.kick();
      return { discarded: discarded.length };
    },
    decide(id, decision) {
      const next = transitions.decide(requireRow(id), decision, clock.now());
      commit([next]);
      return view(next);
    },
    addToExistingGuest(id, contactId, fields) {
      const row = requireRow(id);
      const now = clock.now();
      const next = addToExistingGuest(row, contactId, fields, now, options.account()?.phoneCountry);
      // Only now that a person chose this guest do the entries waiting on the local id go to it.
      const rewritten = write(() => {
        store.save(next);
        return row.createsLocalId ? resolveLocalId(store, row.createsLocalId, contactId, now) : [];
      });
      notifier.changed([next.id, ...rewritten]);
      delivery.kick();
      return view(next);
    },
    resumeKind(kind) {
      write(() => store.resumeKind(kind));
      notifier.changed();
      delivery.kick();
      return summarize(store.counts(), viewContext());
    },
    notifyOnline() {
      breaker.notifyOnline();
      delivery.kick();
    },
    accountChanged() {
      notifier.changed();
      delivery.kick();
    },
    subscribe: (listener) => notifier.subscribe(listener),
    settle: () => delivery.settle(),
    writeProblem: () => writeProblem,
    forgetFinished() {
      // Each forgotten entry travels as removed, so the Outbox list drops it at once.
      notifier.changed(write(() => store.forgetFinished()));
    },
    unsentCount: (exceptAccount) => store.unsentCount(exceptAccount ?? null),
    async discardUnsent(exceptAccount) {
      await delivery.drain();
      const ids = write(() => store.discardUnsent(exceptAccount ?? null, clock.now()));
      notifier.changed(ids);
      return ids.length;
    },
  };
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
