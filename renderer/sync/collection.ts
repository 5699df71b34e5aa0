// A synced collection (docs/architecture.md, "Synced collections"): a Dexie table filled by a full pull
// and then by touched_from pulls, with the outbox's queued writes laid over its rows. Guests, bookings,
// sent items and SMS replies are each declared once as a CollectionSpec; this file owns what they share:
// the run loop, "Sync now" and "Full refresh" (one behaviour for all), progress, errors and the sync facts
// kept in the cache's meta table. Writing one pull, page by page, is pull.ts.
import type { Table } from 'dexie';
import { z } from 'zod';
import { touchedFromAfter } from '../../shared/rules/touched-from';
import { writePull, type Pull, type PullOptions, type PullOutcome, type PullWriter } from './pull';
import { startSyncTriggers } from './sync-triggers';

/** What a collection's sync shows staff. `unavailable`: the service's sentence when the account has none of it. */
export interface CollectionStatus {
  phase: 'idle' | 'syncing' | 'failed';
  kind?: PullKind;
  done: number;
  total: number;
  lastSyncedAt?: string;
  /**
   * The core's clock when the pull the cache holds began: an edit made on cached records carries it as
   * its base's time, and the outbox's merge reads what changed since (docs/architecture.md, "Several desks").
   */
  lastPullStartedAt?: string;
  error?: string;
  unavailable?: string;
  /** How many of the last pull's records the service sent in a shape the desk could not read, left out. */
  leftOut?: number;
}

/** A full pull brings everything; an incremental one what changed since the last pull began (less an overlap). */
export type PullKind = 'full' | 'incremental';

/** A status before the first run. */
export const IDLE_STATUS: CollectionStatus = { phase: 'idle', done: 0, total: 0 };

/** The service's sentence when the account has none of a collection (e.g. no reservations). */
export interface Unavailable {
  unavailable: string;
}

/** One collection, declared once: how it pulls, how pulled items become rows, and what runs beside it. */
export interface CollectionSpec<Item, Row> {
  /** The key of its sync facts in the cache's meta table. */
  metaKey: string;
  /** The cache's meta table (key → value rows). */
  meta: Table<{ key: string; value: unknown }, string>;
  /** Before each pull: refreshes what the rows depend on (field definitions); may say the account has none of it. */
  prepare?(): Promise<Unavailable | void>;
  /** Starts a pull: everything (`touchedFrom` undefined) or what changed since then. */
  pull(touchedFrom: string | undefined): Promise<Pull<Item> | Unavailable>;
  /** Reads what the rows of this pull are built with (queued writes to lay over them) and returns the writer. */
  begin(kind: PullKind): Promise<PullWriter<Item, Row>>;
  /** Runs beside each pull (field definitions, categories); a failure is reported without undoing the rows. */
  alongside?(): Promise<void>;
}

/** A synced collection: runs on demand and on the cache's triggers, and reports its status. */
export interface Collection {
  /**
   * Pulls now: incremental once the collection was filled, else full. A request made while a run's pull
   * is already on its way is answered by one more run after it (full when any asked for full), so what
   * staff changed just before pressing "Sync now" is never missed; requests before that share the run.
   */
  run(kind?: PullKind): Promise<void>;
  /** Starts the timer and the focus and online listeners, and pulls once; returns the stop function. */
  start(): () => void;
  status(): CollectionStatus;
}

/** The sync facts a collection keeps. */
const collectionMeta = z.looseObject({
  /** The core's clock when the last successful pull began (the next one starts from it, less an overlap). */
  lastPullStartedAt: z.string().optional(),
  lastSyncedAt: z.string().optional(),
  lastFullSyncAt: z.string().optional(),
  /** The service said the account has none of it: the screen says so instead of syncing. */
  unavailable: z.boolean().optional(),
});
export type CollectionMeta = z.output<typeof collectionMeta>;

/** A collection's sync facts (none when they cannot be read as such: the next pull is then full). */
export async function readCollectionMeta(
  meta: CollectionSpec<unknown, unknown>['meta'],
  key: string,
): Promise<CollectionMeta> {
  const parsed = collectionMeta.safeParse((await meta.get(key))?.value ?? {});
  return parsed.success ? parsed.data : {};
}

/** Records a collection's sync facts (merged into what is there, other facts kept). */
function updateCollectionMeta(
  meta: CollectionSpec<unknown, unknown>['meta'],
  key: string,
  patch: CollectionMeta,
): Promise<void> {
  return meta.db.transaction('rw', meta, async () => {
    await meta.put({ key, value: { ...(await readCollectionMeta(meta, key)), ...patch } });
  });
}

/** Starts one pull and writes it into the cache (or answers that the account has none of the collection). */
async function pullCollection<Item, Row>(
  spec: Pick<CollectionSpec<Item, Row>, 'pull' | 'begin'>,
  options: PullOptions,
): Promise<PullOutcome | Unavailable> {
  const [pull, writer] = await Promise.all([
    spec.pull(options.touchedFrom),
    spec.begin(options.touchedFrom ? 'incremental' : 'full'),
  ]);
  return 'unavailable' in pull ? pull : writePull(pull, writer, options);
}

/** An error's message for staff. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a collection is created with besides its spec. */
export interface CollectionOptions {
  onStatus: (status: CollectionStatus) => void;
  /** Collections pulled with this one (sent items and replies with the guests): their failures show in its status. */
  companions?: readonly Collection[];
  /** Reports a failure of background work (reading the sync facts at start). */
  onBackgroundFailure: (what: string, error: unknown) => void;
  /** Staff's name for what it holds ("guests"), for the background failure line. */
  what: string;
  now?: () => Date;
  intervalMs?: number;
}

/** Creates a collection's sync from its spec. */
export function createCollection<Item, Row>(spec: CollectionSpec<Item, Row>, options: CollectionOptions): Collection {
  const now = options.now ?? (() => new Date());
  let status: CollectionStatus = IDLE_STATUS;
  const report = (patch: Partial<CollectionStatus>) => {
    status = { ...status, ...patch };
    options.onStatus(status);
  };
  const loop = createRunLoop((requested, onKindDecided) =>
    runCollection(spec, { requested, onKindDecided, now, report, companions: options.companions ?? [] }),
  );
  let lastRunAt = 0;

  const collection: Collection = {
    run(kind) {
      lastRunAt = now().getTime();
      return loop.request(kind);
    },
    start() {
      const stop = startSyncTriggers(() => void collection.run(), {
        intervalMs: options.intervalMs,
        now,
        lastRunAt: () => lastRunAt,
      });
      readCollectionMeta(spec.meta, spec.metaKey).then(
        (meta) => report({ lastSyncedAt: meta.lastSyncedAt, lastPullStartedAt: meta.lastPullStartedAt }),
        (error: unknown) => options.onBackgroundFailure(`Reading when ${options.what} were last synced`, error),
      );
      void collection.run();
      return stop;
    },
    status: () => status,
  };
  return collection;
}

/**
 * One run at a time. A request before the running run has decided what it pulls joins it (and can
 * make it full); a request after that is served by one more run after it (requests meanwhile share
 * that one; full wins).
 */
function createRunLoop(runOnce: (requested: () => PullKind | undefined, onKindDecided: () => void) => Promise<void>): {
  request(kind: PullKind | undefined): Promise<void>;
} {
  let running: Promise<void> | null = null;
  let decided = false;
  let requested: PullKind | undefined;
  let following: { kind: PullKind | undefined; done: Promise<void> } | null = null;

  const request = (kind: PullKind | undefined): Promise<void> => {
    if (!running) {
      decided = false;
      requested = kind;
      running = runOnce(
        () => requested,
        () => (decided = true),
      ).finally(() => (running = null));
      return running;
    }
    if (!decided) {
      if (kind === 'full') requested = 'full';
      return running;
    }
    if (following) {
      if (kind === 'full') following.kind = 'full';
      return following.done;
    }
    const queued: { kind: PullKind | undefined; done: Promise<void> } = { kind, done: running };
    queued.done = running.then(() => {
      following = null;
      return request(queued.kind);
    });
    following = queued;
    return queued.done;
  };
  return { request };
}

/** One run of a collection: prepare, pull (with what runs alongside and its companions), then record the sync facts. */
async function runCollection<Item, Row>(
  spec: CollectionSpec<Item, Row>,
  run: {
    requested: () => PullKind | undefined;
    onKindDecided: () => void;
    now: () => Date;
    report: (patch: Partial<CollectionStatus>) => void;
    companions: readonly Collection[];
  },
): Promise<void> {
  try {
    const meta = await readCollectionMeta(spec.meta, spec.metaKey);
    const kind: PullKind = run.requested() === 'full' || !meta.lastPullStartedAt ? 'full' : 'incremental';
    run.onKindDecided();
    run.report({
      phase: 'syncing',
      kind,
      done: 0,
      total: 0,
      error: undefined,
      lastSyncedAt: meta.lastSyncedAt,
      lastPullStartedAt: meta.lastPullStartedAt,
    });
    const refused = await spec.prepare?.();
    if (refused) return await recordUnavailable(spec, refused, run.report);
    const touchedFrom = kind === 'incremental' ? touchedFromAfter(meta.lastPullStartedAt!) : undefined;
    // What runs alongside and the companions come while the rows are pulled; their failure does not undo the rows.
    const [pulled, ...others] = await Promise.allSettled([
      pullCollection(spec, { touchedFrom, onProgress: ({ done, total }) => run.report({ done, total }) }),
      spec.alongside?.(),
      ...run.companions.map((companion) => companion.run(kind === 'full' ? 'full' : undefined)),
    ]);
    if (pulled.status === 'rejected') throw pulled.reason;
    if ('unavailable' in pulled.value) return await recordUnavailable(spec, pulled.value, run.report);
    const syncedAt = run.now().toISOString();
    await updateCollectionMeta(spec.meta, spec.metaKey, {
      lastPullStartedAt: pulled.value.startedAt,
      lastSyncedAt: syncedAt,
      unavailable: false,
      ...(kind === 'full' ? { lastFullSyncAt: syncedAt } : {}),
    });
    const failure = others.find((result) => result.status === 'rejected')?.reason ?? companionFailure(run.companions);
    const synced = {
      lastSyncedAt: syncedAt,
      lastPullStartedAt: pulled.value.startedAt,
      unavailable: undefined,
      leftOut: pulled.value.leftOut || undefined,
    };
    run.report(
      failure !== undefined ? { phase: 'failed', ...synced, error: messageOf(failure) } : { phase: 'idle', ...synced },
    );
  } catch (error) {
    run.report({ phase: 'failed', error: messageOf(error) });
  }
}

/** The first companion's failure (they report theirs in their own status, not by throwing). */
function companionFailure(companions: readonly Collection[]): string | undefined {
  return companions.map((companion) => companion.status()).find((status) => status.phase === 'failed')?.error;
}

/** The account has none of it: remembered, and the sentence shown instead of a sync status. */
async function recordUnavailable(
  spec: CollectionSpec<unknown, unknown>,
  refused: Unavailable,
  report: (patch: Partial<CollectionStatus>) => void,
): Promise<void> {
  await updateCollectionMeta(spec.meta, spec.metaKey, { unavailable: true });
  report({ phase: 'idle', unavailable: refused.unavailable });
}
