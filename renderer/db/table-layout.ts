// The shape of a feature's part of the guest cache (its tables and versions); layout.ts assembles them.
import type { Transaction } from 'dexie';

/** One version of a feature's tables: Dexie's store specs (primary key first, then indexes; null drops a table) and an optional upgrade. */
export interface TableVersion {
  version: number;
  stores: Record<string, string | null>;
  /** Rewrites existing rows for this version; runs inside Dexie's upgrade transaction. */
  upgrade?: (tx: Transaction) => Promise<void> | void;
}

/** A feature's part of the cache: its name (for messages) and its versions, oldest first. */
export interface TableLayout {
  feature: string;
  versions: readonly TableVersion[];
}
