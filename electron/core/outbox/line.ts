import type { OutboxKind } from './types';

/** An entry of the line (queued or waiting), as the dispatcher walks it in enqueue order. */
export interface LineEntry {
  seq: number;
  id: string;
  kind: OutboxKind;
  guestKey: string;
  account: string;
  nextAttemptAt: number | null;
  needsLocalId: string | null;
  outcomeUnknown: boolean;
}

/** What decides who may go now. */
export interface LineRules {
  account: string;
  now: number;
  pausedKinds: ReadonlySet<OutboxKind>;
  /** Guests with a call in flight: their later entries wait for it. */
  busyGuests: ReadonlySet<string>;
}

/**
 * Walks the line in enqueue order and admits the entries that may be sent now: the first of each
 * guest, if it is due, of the connected account, and not waiting for a new guest's id. An entry
 * that cannot go holds back the rest of its guest's line, except that an entry of a paused kind
 * holds back only that kind (a guest's booking does not wait on an SMS with no credits to go).
 */
export function createLineWalker(rules: LineRules): (entry: LineEntry) => boolean {
  const heldGuests = new Set<string>(rules.busyGuests);
  const heldGuestKinds = new Set<string>();
  return (entry) => {
    if (entry.account !== rules.account) return false;
    const guestKind = `${entry.kind}\u0000${entry.guestKey}`;
    if (heldGuests.has(entry.guestKey) || heldGuestKinds.has(guestKind)) return false;
    if (rules.pausedKinds.has(entry.kind)) {
      heldGuestKinds.add(guestKind);
      return false;
    }
    heldGuests.add(entry.guestKey);
    const due = entry.nextAttemptAt === null || entry.nextAttemptAt <= rules.now;
    return due && entry.needsLocalId === null;
  };
}
