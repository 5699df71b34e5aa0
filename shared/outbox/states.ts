// The outbox's states as staff see them: the one definition the bridge, the core, the renderer and the tests use.
import { z } from 'zod';

/** An entry's state: queued, being sent, waiting (offline, backing off), needing a person, or sent. */
export const outboxState = z.enum(['queued', 'sending', 'waiting', 'needs_attention', 'sent']);

/** A state staff see. */
export type OutboxState = z.output<typeof outboxState>;

/** States of an entry still to go out: everything but sent. */
export const PENDING_STATES: readonly OutboxState[] = outboxState.exclude(['sent']).options;

/** How many entries still have to go out, from counts per state. */
export function pendingTotal(counts: Partial<Record<OutboxState, number>>): number {
  return PENDING_STATES.reduce((sum, state) => sum + (counts[state] ?? 0), 0);
}

/** Counts of zero for every state (the compiler checks the list against the schema). */
export function emptyCounts(): Record<OutboxState, number> {
  return { queued: 0, sending: 0, waiting: 0, needs_attention: 0, sent: 0 };
}
