import type { VenueFormat } from '../../../shared/format/venue-format';
import { describeEntry } from './describe';
import type { CountRow, EntryFacts, PausedKind } from './store';
import { emptyCounts } from '../../../shared/outbox/states';
import {
  OUTBOX_KIND_SPECS,
  type OutboxEntryChange,
  type OutboxItemView,
  type OutboxKind,
  type OutboxPayloads,
  type OutboxResults,
  type OutboxRow,
  type OutboxState,
  type OutboxSummary,
  type StoredState,
  RECIPIENT_LANE_PREFIX,
} from './types';

/** What decides how an entry looks besides its own row. */
export interface ViewContext {
  online: boolean;
  /** The connected account's client id, or null. */
  account: string | null;
  paused: readonly PausedKind[];
  /** The venue's formats each entry's line is written in (its phones, times and amounts). */
  format: VenueFormat;
}

/** What an entry of kind K shows of its own: its kind, its payload and, once sent, its result (a union keyed by kind when K is). */
type KindView<K extends OutboxKind> = {
  [P in K]: { kind: P; payload: OutboxPayloads[P]; result?: OutboxResults[P] };
}[K];

/** The kind-specific part of an entry's view, typed by its kind. */
function kindView<K extends OutboxKind>(row: OutboxRow<K>): KindView<K> {
  return { kind: row.kind, payload: row.payload, ...(row.result ? { result: row.result } : {}) };
}

/** An entry as the Outbox screen shows it. */
export function toItemView(row: OutboxRow, ctx: ViewContext): OutboxItemView {
  const shown = displayedState(row.state, row.kind, row.account, row.needsLocalId !== null, ctx);
  const reason = shown.reason ?? (row.state === 'waiting' ? (row.waitingReason ?? undefined) : undefined);
  return {
    ...kindView(row),
    id: row.id,
    state: shown.state,
    ...(row.guestKey.startsWith(RECIPIENT_LANE_PREFIX) ? {} : { guestKey: row.guestKey }),
    summary: describeEntry(row.kind, row.payload, ctx.format),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    attempts: row.attempts,
    ...(shown.state === 'waiting' && reason ? { waitingReason: reason } : {}),
    ...(shown.state === 'waiting' && !shown.reason && row.state === 'waiting' && row.nextAttemptAt !== null
      ? { nextAttemptAt: new Date(row.nextAttemptAt).toISOString() }
      : {}),
    ...(row.state === 'needs_attention' && row.problem ? { problem: row.problem } : {}),
    editable: OUTBOX_KIND_SPECS[row.kind].editable && shown.state !== 'sending' && shown.state !== 'sent',
    ...(row.hold && row.state === 'needs_attention' ? { awaitingDecision: true } : {}),
  };
}

/** An entry as a change notice names it: its id, kind and state as shown. */
export function toEntryChange(facts: EntryFacts, ctx: ViewContext): OutboxEntryChange {
  return {
    id: facts.id,
    kind: facts.kind,
    state: displayedState(facts.state, facts.kind, facts.account, facts.blocked === 1, ctx).state,
    createdAt: isoTimeOf(facts.createdAt),
  };
}

/** The last time written as ISO text: an import's entries are made a few hundred in the same millisecond. */
let lastIsoTime = { ms: Number.NaN, text: '' };

/** A time (ms) as ISO text, the last one made once, not once per entry of every notice. */
function isoTimeOf(ms: number): string {
  if (ms !== lastIsoTime.ms) lastIsoTime = { ms, text: new Date(ms).toISOString() };
  return lastIsoTime.text;
}

/** Counts per state as shown, paused kinds and whether the service answers: the badge and the banner. */
export function summarize(counts: { pending: readonly CountRow[]; sent: number }, ctx: ViewContext): OutboxSummary {
  const byState = emptyCounts();
  byState.sent = counts.sent;
  for (const row of counts.pending)
    byState[displayedState(row.state, row.kind, row.account, row.blocked === 1, ctx).state] += row.count;
  return { counts: byState, paused: ctx.paused.map(({ kind, reason }) => ({ kind, reason })), online: ctx.online };
}

/**
 * The state staff see. An entry that is in line but cannot go (offline, kind paused, another
 * account, its new guest not saved yet) is shown waiting with the reason, so nothing looks stuck
 * without saying why.
 */
function displayedState(
  state: StoredState,
  kind: OutboxKind,
  account: string,
  blocked: boolean,
  ctx: ViewContext,
): { state: OutboxState; reason?: string } {
  if (state !== 'queued' && state !== 'waiting') return { state: state === 'discarded' ? 'sent' : state };
  if (ctx.account === null) return { state: 'waiting', reason: 'No account is connected; it goes out once one is.' };
  if (account !== ctx.account) {
    return {
      state: 'waiting',
      reason: `Queued under another account (client id ${account}); it goes out when that account is connected again.`,
    };
  }
  const paused = ctx.paused.find((entry) => entry.kind === kind);
  if (paused) return { state: 'waiting', reason: paused.reason };
  if (!ctx.online) return { state: 'waiting', reason: 'Offline: it goes out as soon as the service answers again.' };
  if (blocked) return { state: 'waiting', reason: 'Waiting for the new guest to be saved first.' };
  return { state };
}
