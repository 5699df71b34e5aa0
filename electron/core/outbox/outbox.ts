import type { Database } from 'better-sqlite3';
import type { ServiceClient } from '../../../shared/api/client';
import { NoConnectionError, OutcomeUnknownError } from '../../../shared/api/errors';
import { UserFacingError } from '../../../shared/bridge/result';
import { createOfflineBreaker } from './breaker';
import { resolveConfig, type OutboxConfig } from './config';
import { createDispatcher } from './dispatcher';
import { createChangeNotifier, type OutboxListener } from './events';
import { contactIdOf, withContactId } from './local-ids';
import { newEntryRow } from './new-entry';
import { onceNextTurn } from './next-turn';
import { prepareEntry } from './prepare';
import { createSenders } from './senders';
import { createOutboxStore, type OutboxStore } from './store';
import * as transitions from './transitions';
import { systemClock, type OutboxClock, type OutboxItemView, type OutboxKind, type OutboxRow, type OutboxState, type OutboxSummary, type StoredState } from './types';
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

/** One entry of enqueueMany: stored (its id), or refused with the reason in staff words. */
export type EnqueueManyResult = { id: string } | { refused: string };

/** Which entries a listing returns. */
export interface OutboxQuery {
  states?: readonly OutboxState[];
  guestKey?: string;
  limit?: number;
}

/** The desk's durable outbox. */
export interface Outbox {
  /** Recovers entries a crash left mid-send (as outcome unknown), then starts delivering. */
  start(): void;
  /** Stops delivering and waits for calls in flight. The database stays open (the caller owns it). */
  stop(): Promise<void>;
  /** Validates and stores an entry; it is on disk when this returns. Throws a UserFacingError saying what is wrong. */
  enqueue(kind: OutboxKind, payload: unknown, options?: EnqueueOptions): OutboxItemView;
  /**
   * Validates and stores many entries in one commit (an import's batch): each valid one is on disk
   * when this returns; each invalid one is answered with why, and never sinks the others.
   */
  enqueueMany(kind: OutboxKind, payloads: readonly unknown[]): EnqueueManyResult[];
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
  /** Drops, in one commit, those of these entries that are queued, waiting or need attention (an import cancelled); others are left as they are. */
  discardUnsent(ids: readonly string[]): { discarded: number };
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
      if (online) dispatcher.kick();
    },
  });

  const dispatcher = createDispatcher({
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
  const kickSoon = onceNextTurn(() => dispatcher.kick());

  const requireRow = (id: string): OutboxRow => {
    const row = store.get(id);
    if (!row || row.state === 'discarded') throw new UserFacingError('This outbox entry no longer exists.');
    return row;
  };

  /** Saves a staff action's result, tells listeners and wakes the dispatcher. */
  const commit = (rows: OutboxRow[]): void => {
    store.transaction(() => rows.forEach((row) => store.save(row)));
    notifier.changed(rows.map((row) => row.id));
    dispatcher.kick();
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
      dispatcher.start();
    },
    async stop() {
      breaker.stop();
      await dispatcher.stop();
    },
    enqueue(kind, payload, enqueueOptions = {}) {
      const account = options.account();
      if (!account) throw new UserFacingError('Connect an account in Settings (or start the demo) before sending anything.');
      const prepared = prepareEntry(kind, payload, { clientId: account.clientId, phoneCountry: account.phoneCountry, guestKey: enqueueOptions.guestKey });
      const now = clock.now();
      const row = store.transaction(() => store.insert(newEntryRow(store, kind, prepared, account.clientId, now, config.referencePrefix)));
      notifier.changed([row.id]);
      kickSoon();
      return view(row);
    },
    enqueueMany(kind, payloads) {
      const account = options.account();
      if (!account) throw new UserFacingError('Connect an account in Settings (or start the demo) before sending anything.');
      const now = clock.now();
      const results = store.transaction(() =>
        payloads.map((payload): EnqueueManyResult => {
          try {
            const prepared = prepareEntry(kind, payload, { clientId: account.clientId, phoneCountry: account.phoneCountry });
            return { id: store.insert(newEntryRow(store, kind, prepared, account.clientId, now, config.referencePrefix)).id };
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
    list(query = {}) {
      const ctx = viewContext();
      const limit = query.limit ?? 500;
      const shown = query.states;
      if (!shown) return store.list({ guestKey: query.guestKey, limit }).map((row) => toItemView(row, ctx));
      // A shown state comes from one or two stored ones (queued shows as waiting while offline):
      // narrow in SQL, then keep what shows as asked, page by page until the limit is reached.
      const stored = [...new Set(shown.flatMap((state): StoredState[] => (state === 'queued' || state === 'waiting' ? ['queued', 'waiting'] : [state])))];
      const found: OutboxItemView[] = [];
      for (let beforeSeq: number | undefined; found.length < limit; ) {
        const page = store.list({ states: stored, guestKey: query.guestKey, limit: Math.max(limit, 200), ...(beforeSeq === undefined ? {} : { beforeSeq }) });
        for (const row of page) {
          const view = toItemView(row, ctx);
          if (shown.includes(view.state) && found.length < limit) found.push(view);
        }
        if (page.length < Math.max(limit, 200)) break;
        beforeSeq = page[page.length - 1]!.seq;
      }
      return found;
    },
    summary: () => summarize(store.counts(), viewContext()),
    resend(id) {
      const next = transitions.resend(requireRow(id), clock.now());
      commit([next]);
      return view(next);
    },
    edit(id, payload) {
      const row = requireRow(id);
      const account = options.account();
      const prepared = prepareEntry(row.kind, payload, { clientId: row.account, phoneCountry: account?.phoneCountry, guestKey: row.guestKey });
      // Who the entry is for, and its reference, stay as they were: an edit changes details only.
      const kept = withContactId(row.kind, prepared.payload, row.createsLocalId ? undefined : contactIdOf(row.kind, row.payload));
      const next = transitions.edit(row, kept, clock.now());
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
    discardUnsent(ids) {
      const now = clock.now();
      const discarded = store.transaction(() =>
        ids.flatMap((id) => {
          const row = store.get(id);
          if (!row || (row.state !== 'queued' && row.state !== 'waiting' && row.state !== 'needs_attention') || row.createsLocalId) return [];
          store.save(transitions.discard(row, now));
          return [id];
        }),
      );
      notifier.changed(discarded);
      dispatcher.kick();
      return { discarded: discarded.length };
    },
    decide(id, decision) {
      const next = transitions.decide(requireRow(id), decision, clock.now());
      commit([next]);
      return view(next);
    },
    resumeKind(kind) {
      store.resumeKind(kind);
      notifier.changed();
      dispatcher.kick();
      return summarize(store.counts(), viewContext());
    },
    notifyOnline() {
      breaker.notifyOnline();
      dispatcher.kick();
    },
    accountChanged() {
      notifier.changed();
      dispatcher.kick();
    },
    subscribe: (listener) => notifier.subscribe(listener),
    settle: () => dispatcher.settle(),
  };
}

/** An entry's view, or undefined when it does not exist or was discarded. */
function viewOf(store: OutboxStore, id: string, ctx: ViewContext): OutboxItemView | undefined {
  const row = store.get(id);
  return row && row.state !== 'discarded' ? toItemView(row, ctx) : undefined;
}
