// Where a read of "what changed since" starts: the guest and booking syncs and the outbox's merge read
// share it, so a service clock behind the desk's loses nothing to either.

/** Reads of what changed start this long before the instant they follow, so a service clock behind ours loses nothing. */
export const SYNC_OVERLAP_MS = 10 * 60_000;

/** The `touched_from` instant (ISO) of a read of what changed since `since` (ISO): that instant less the overlap. */
export function touchedFromAfter(since: string): string {
  return new Date(Date.parse(since) - SYNC_OVERLAP_MS).toISOString();
}
