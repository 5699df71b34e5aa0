// What the outbox's jobs share (its store, clock, config, change notices, breaker, delivery loop and write guard),
// and the writes they all make through it; outbox.ts builds the outbox's jobs on it.
import type { Database } from 'better-sqlite3';
import type { ServiceClient } from '../../../shared/api/client';
import { NoConnectionError, OutcomeUnknownError } from '../../../shared/api/errors';
import { UserFacingError } from '../../../shared/bridge/result';
import { venueFormatFor } from '../../../shared/format/venue-format';
import { createCampaignDraftLedger, hasCampaignsTable } from '../campaigns/draft-ledger';
import { whenCommitted } from '../db/transactions';
import { describeWriteFault, isDatabaseFault, WRITE_PROBLEM_LEAD } from '../db/write-fault';
import { createOfflineBreaker } from './breaker';
import { resolveConfig, type OutboxConfig } from './config';
import { createDeliveryLoop } from './delivery-loop';
import { createChangeNotifier } from './events';
import { createSenders } from './senders';
import { createOutboxStore, type OutboxStore } from './store';
import { systemClock, type OutboxClock, type OutboxRow } from './types';
import { summarize, toEntryChange, type ViewContext } from './views';

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

/** What the outbox's jobs share: its store, clock, config, listeners, breaker, delivery loop and the write guard. */
export interface OutboxCore {
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

/** The store, the change listeners, the offline breaker and the delivery loop, wired to one another. */
export function createOutboxCore(options: OutboxOptions): OutboxCore {
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
export function write<T>(core: OutboxCore, work: () => T): T {
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
export function notifyWritten(core: OutboxCore, rows: OutboxRow[]): void {
  core.notifier.wrote(rows);
  whenCommitted(core.options.db, (committed) => {
    if (!committed) core.notifier.changed(rows.map((row) => row.id));
  });
}

/** Saves a staff action's result, tells listeners and wakes the delivery loop. */
export function commit(core: OutboxCore, rows: OutboxRow[]): void {
  write(core, () => rows.forEach((row) => core.store.save(row)));
  core.notifier.changed(rows.map((row) => row.id));
  core.delivery.kick();
}

/** An entry that still exists, or a refusal in staff's words. */
export function requireRow(core: OutboxCore, id: string): OutboxRow {
  const row = core.store.get(id);
  if (!row || row.state === 'discarded') throw new UserFacingError('This outbox entry no longer exists.');
  return row;
}

/** The connected account, or a refusal: nothing is queued for no one. */
export function requireAccount(core: OutboxCore): OutboxAccount {
  const account = core.options.account();
  if (!account)
    throw new UserFacingError('Connect an account in Settings (or start the demo) before sending anything.');
  return account;
}
