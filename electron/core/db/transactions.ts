// Write transactions on the desk database: flushed or crash-safe, and what a transaction inside another does.
import type { Database } from 'better-sqlite3';

/** How a commit reaches the disk: flushed before it returns, or crash-safe (see runTransaction). */
export type Durability = 'flushed' | 'crashSafe';

/**
 * Runs `work` in one immediate write transaction on the desk database. By default it is flushed to
 * disk before it returns (synchronous=FULL). `crashSafe` commits without the flush: WAL keeps it
 * across a crash of the process but a power cut may drop it; callers use it only for writes whose
 * loss a restart reconciles. A later flushed commit makes earlier ones durable too (the WAL is in order).
 */
export function runTransaction<T>(
  db: Database,
  work: () => T,
  durability: Durability = 'flushed',
  inner: InnerTransactions = 'savepoint',
): T {
  if (db.inTransaction) return joining.has(db) ? work() : db.transaction(work).immediate();
  const settled: Array<(committed: boolean) => void> = [];
  pendingCommits.set(db, settled);
  if (inner === 'join') joining.add(db);
  let committed = false;
  try {
    const result = commitTransaction(db, work, durability);
    committed = true;
    return result;
  } finally {
    joining.delete(db);
    pendingCommits.delete(db);
    for (const then of settled) then(committed);
  }
}

/**
 * What a runTransaction inside this one does: `savepoint` (its own, undone alone if it throws), or `join`
 * (its writes are this transaction's: for callers that let every error end the whole transaction). Inside
 * a savepoint, an outbox insert (a table with triggers: the counts) took about 3.5 times the CPU, measured.
 */
export type InnerTransactions = 'savepoint' | 'join';

/** Databases whose outermost runTransaction was opened with inner transactions joining it. */
const joining = new WeakSet<Database>();

/** Work to run once the outermost runTransaction of a database has committed (true) or rolled back (false). */
const pendingCommits = new WeakMap<Database, Array<(committed: boolean) => void>>();

/**
 * Calls `then(true)` once what was just written inside runTransaction has committed, or `then(false)` if it
 * rolled back; outside one (the write is committed already) at once with true. Inside a transaction that
 * runTransaction did not open, it cannot know: `then(false)`, at once.
 */
export function whenCommitted(db: Database, then: (committed: boolean) => void): void {
  const settled = pendingCommits.get(db);
  if (settled) settled.push(then);
  else then(!db.inTransaction);
}

/** One outermost immediate transaction, flushed or crash-safe (runTransaction). */
function commitTransaction<T>(db: Database, work: () => T, durability: Durability): T {
  if (durability === 'flushed') return db.transaction(work).immediate();
  db.pragma('synchronous = NORMAL');
  try {
    return db.transaction(work).immediate();
  } finally {
    db.pragma('synchronous = FULL');
  }
}
