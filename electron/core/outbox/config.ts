import { isBulkKind, type BulkKind, type OutboxKind } from '../../../shared/outbox/kinds';

/** The dispatcher's tunables; every field has a default. */
export interface OutboxConfig {
  /** Entries per call for the bulk kinds. */
  batchSize: Record<BulkKind, number>;
  /** Calls in flight at once. */
  concurrency: number;
  /** Full-jitter backoff: the n-th retry waits a random time up to min(maxMs, baseMs·2^(n-1)). */
  backoff: { baseMs: number; maxMs: number };
  /** Counted attempts (offline ones are not counted) before an entry needs attention. */
  maxAttempts: number;
  /** How often the offline breaker probes the service. */
  probeIntervalMs: number;
  /** After an unknown outcome, wait at least this long before looking the entry up, so a slow request has landed. */
  reconcileAfterMs: number;
  /** Prefix of the reference ids this desk makes (alphanumeric). */
  referencePrefix: string;
  /** Sent and discarded entries are forgotten this long after they finished. */
  keepFinishedForMs: number;
}

const DEFAULT_OUTBOX_CONFIG: OutboxConfig = {
  batchSize: { push_contact: 100, add_purchase: 100, push_reservations: 50 },
  concurrency: 4,
  backoff: { baseMs: 1000, maxMs: 5 * 60_000 },
  maxAttempts: 10,
  probeIntervalMs: 5000,
  reconcileAfterMs: 5000,
  referencePrefix: 'vd',
  keepFinishedForMs: 30 * 24 * 60 * 60_000,
};

/** Defaults overlaid with what the caller set. */
export function resolveConfig(partial: Partial<OutboxConfig> = {}): OutboxConfig {
  return {
    ...DEFAULT_OUTBOX_CONFIG,
    ...partial,
    batchSize: { ...DEFAULT_OUTBOX_CONFIG.batchSize, ...partial.batchSize },
    backoff: { ...DEFAULT_OUTBOX_CONFIG.backoff, ...partial.backoff },
  };
}

/** How many entries of a kind go in one call. */
export function batchSizeOf(config: OutboxConfig, kind: OutboxKind): number {
  return isBulkKind(kind) ? Math.max(1, config.batchSize[kind]) : 1;
}
