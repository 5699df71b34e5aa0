import type { Database } from 'better-sqlite3';
import type { ServiceClient } from '../../../shared/api/client';
import { NoConnectionError, OutcomeUnknownError } from '../../../shared/api/errors';
import { UserFacingError } from '../../../shared/bridge/result';
import { createOfflineBreaker } from './breaker';
import { resolveConfig, type OutboxConfig } from './config';
import { createDeliveryLoop } from './delivery-loop';
import { createChangeNotifier, type OutboxListener } from './events';
import { contactIdOf, withContactId } from './local-ids';
import type { OutboxInput } from '../../../shared/outbox/kinds';
import { newEntryRow } from './new-entry';
import { onceNextTurn } from './next-turn';
import { prepareEntry } from './prepare';
import { createSenders } from './senders';
import { createOutboxStore, type OutboxStore } from './store';
import * as transitions from './transitions';
import { systemClock, type OutboxClock, type OutboxItemView, type OutboxKind, type OutboxRow, type OutboxSummary } from './types';
import { listEntries, type OutboxQuery } from './listing';
import { summarize, toItemView, type ViewContext } from './views';

/** The connected account as the outbox needs it. */
export interface OutboxAccount {
  clientId: string;
  client: ServiceClient;
  /** ISO country for mobiles typed without +country (e.g. 'AU'). */
  phoneCountry?: string;
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
  get(id: string): OutboxItemView | undefined;
  /** Entries, newest first. */
  list(query?: OutboxQuery): OutboxItemView[];
  summary(): OutboxSummary;
  /** Sends a waiting or failed entry again now. */
  resend(id: string): OutboxItemView;
  /** Replaces a message's or guest's details (validated again) and queues it anew. */
  edit(id: string, payload: unknown): OutboxItemView;
  /** Drops an entry that has not gone out. */
  discard(id: string): { discarded: boolean };
  /** A person's decision on a purchase held because its outcome is unknown. */
  decide(id: string, decision: 'it-was-recorded' | 'send-again'): OutboxItemView;
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
}

/** Builds the outbox on an open desk database. */
export function createOutbox(options: OutboxOptions): Outbox {
  const clock = options.clock ?? systemClock;
  const config = resolveConfig(options.config);
  const store = createOutboxStore(options.db);

  const viewContext = (): ViewContext => ({ online: breaker.online, account: options.account()?.clientId ?? null, paused: store.pausedKinds() });
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

  const delivery = createDeliveryLoop({
    store,
    senders: createSenders(),
    service: () => {
      const account = options.account();
      return account && { client: account.client, clientId: account.clientId };
    },
    breaker,
    clock,
    random: options.random ?? Math.random,
    config,
    onChanged: (ids) => notifier.changed(ids),
  });

  // Enqueue returns once its own commit is on disk; claiming and sending start on the next turn, so
  // a burst of enqueues is one dispatch round and staff never wait on the claim's write.
  const kickSoon = onceNextTurn(() => delivery.kick());

  const requireRow = (id: string): OutboxRow => {
    const row = store.get(id);
    if (!row || row.state === 'discarded') throw new UserFacingError('This outbox entry no longer exists.');
    return row;
  };

  /** Saves a staff action's result, tells listeners and wakes the delivery loop. */
  const commit = (rows: OutboxRow[]): void => {
    store.transaction(() => rows.forEach((row) => store.save(row)));
    notifier.changed(rows.map((row) => row.id));
    delivery.kick();
  };

  return {
    start() {
      const now = clock.now();
      const recovered = store.transaction(() => {
        store.pruneFinished(now - config.keepFinishedForMs);
        return store.withState('sending').map((row) => {
          const next = transitions.recoverInterrupted(row, now);
          store.save(next);
          return next.id;
        });
      });
      notifier.changed(recovered);
      delivery.start();
    },
    async stop() {
      breaker.stop();
      await delivery.stop();
    },
    enqueue(kind: OutboxKind, payload: OutboxInput, enqueueOptions: EnqueueOptions = {}) {
      const account = options.account();
      if (!account) throw new UserFacingError('Connect an account in Settings (or start the demo) before sending anything.');
      const prepared = prepareEntry(kind, payload, { clientId: account.clientId, phoneCountry: account.phoneCountry, guestKey: enqueueOptions.guestKey });
      const now = clock.now();
      const row = store.transaction(() => store.insert(newEntryRow(store, kind, prepared, account.clientId, now, config.referencePrefix)));
      notifier.changed([row.id]);
      kickSoon();
      return view(row);
    },
    get: (id) => viewOf(store, id, viewContext()),
    list: (query = {}) => listEntries(store, query, viewContext()),
    summary: () => summarize(store.counts(), viewContext()),
    resend(id) {
      const next = transitions.resend(requireRow(id), clock.now());
      commit([next]);
      return view(next);
    },
    edit(id, payload) {
      const next = editedRow(requireRow(id), payload, options.account()?.phoneCountry, clock.now());
      commit([next]);
      return view(next);
    },
    discard(id) {
      const row = requireRow(id);
      const now = clock.now();
      const discarded = transitions.discard(row, now);
      const orphans = row.createsLocalId ? store.dependantsOf(row.createsLocalId).map((dependant) => transitions.orphan(dependant, now)) : [];
      commit([discarded, ...orphans]);
      return { discarded: true };
    },
    decide(id, decision) {
      const next = transitions.decide(requireRow(id), decision, clock.now());
      commit([next]);
      return view(next);
    },
    resumeKind(kind) {
      store.resumeKind(kind);
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
  };
}

/** An entry with details staff changed, checked again as its kind; who it is for, and its reference, stay as they were. */
function editedRow<K extends OutboxKind>(row: OutboxRow<K>, input: unknown, phoneCountry: string | undefined, now: number): OutboxRow<K> {
  const prepared = prepareEntry(row.kind, input, { clientId: row.account, phoneCountry, guestKey: row.guestKey });
  const kept = withContactId(row.kind, prepared.payload, row.createsLocalId ? undefined : contactIdOf(row.kind, row.payload));
  return transitions.edit(row, kept, now);
}

/** An entry's view, or undefined when it does not exist or was discarded. */
function viewOf(store: OutboxStore, id: string, ctx: ViewContext): OutboxItemView | undefined {
  const row = store.get(id);
  return row && row.state !== 'discarded' ? toItemView(row, ctx) : undefined;
}
