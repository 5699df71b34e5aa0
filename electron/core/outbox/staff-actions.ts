// What staff do to entries in the Outbox screen, as outbox.ts builds them on the outbox's shared core.
import { UserFacingError } from '../../../shared/bridge/result';
import type { ConflictChoice } from '../../../shared/merge/three-way';
import { addToExistingGuest, resolveLocalId } from './existing-guest';
import { contactIdOf, withContactId } from './local-ids';
import { resolveConflict } from './merge/resolve';
import { commit, requireRow, write, type OutboxCore } from './outbox-core';
import { prepareEntry } from './prepare';
import * as transitions from './transitions';
import type { OutboxItemView, OutboxKind, OutboxRow, OutboxSummary } from './types';
import { summarize, toItemView } from './views';

/** What staff do to entries: resend, edit, discard, decide, add to a guest on file, resume a kind, settle a conflict. */
export interface OutboxStaffActions {
  /** Sends a waiting or failed entry again now. */
  resend(id: string): OutboxItemView;
  /** Replaces a message's or guest's details (validated again) and queues it anew. */
  edit(id: string, edit: { kind: OutboxKind; payload: unknown }): OutboxItemView;
  /** Drops an entry that has not gone out. */
  discard(id: string): { discarded: boolean };
  /** Drops, in one commit, those of these entries that are queued, waiting or need attention (an import cancelled); others are left as they are. */
  discardEntries(ids: readonly string[]): { discarded: number };
  /** A person's decision on a purchase held because its outcome is unknown. */
  decide(id: string, decision: 'it-was-recorded' | 'send-again'): OutboxItemView;
  /** A person's choice: a new guest refused as a duplicate is the guest the service already has; adds the chosen details to it. */
  addToExistingGuest(id: string, contactId: string, fields: readonly string[]): OutboxItemView;
  /** Lifts the pause of a kind (after credits were added). */
  resumeKind(kind: OutboxKind): OutboxSummary;
  /** Issue 20: a person settles a conflict; the entry merges again before it goes (undefined: nothing was left to send). */
  resolveConflict(id: string, choice: ConflictChoice): OutboxItemView | undefined;
}

/** Builds staff's actions on the outbox's shared core. */
export function staffActions(core: OutboxCore): OutboxStaffActions {
  const { store, clock, config } = core;
  const view = (row: OutboxRow) => toItemView(row, core.viewContext());
  return {
    resend(id) {
      const next = transitions.resend(requireRow(core, id), clock.now(), config.reconcileAfterMs);
      commit(core, [next]);
      return view(next);
    },
    edit(id, { kind, payload }) {
      const row = requireRow(core, id);
      if (row.kind !== kind)
        throw new UserFacingError('This entry changed since it was opened; open it again to edit it.');
      // A new guest a person already chose to add to a guest on file keeps naming that guest.
      const newGuest = row.createsLocalId !== null && store.contactIdFor(row.createsLocalId) === undefined;
      const facts = { phoneCountry: core.options.account()?.phoneCountry, newGuest };
      const next = editedRow(row, payload, facts, clock.now());
      commit(core, [next]);
      return view(next);
    },
    discard(id) {
      const row = requireRow(core, id);
      const now = clock.now();
      const orphans = row.createsLocalId
        ? store.dependantsOf(row.createsLocalId).map((dependant) => transitions.orphan(dependant, now))
        : [];
      commit(core, [transitions.discard(row, now), ...orphans]);
      return { discarded: true };
    },
    discardEntries: (ids) => discardEntries(core, ids),
    decide(id, decision) {
      const next = transitions.decide(requireRow(core, id), decision, clock.now());
      commit(core, [next]);
      return view(next);
    },
    addToExistingGuest(id, contactId, fields) {
      const row = requireRow(core, id);
      const now = clock.now();
      const next = addToExistingGuest(row, contactId, fields, now, core.options.account()?.phoneCountry);
      // Only now that a person chose this guest do the entries waiting on the local id go to it.
      const rewritten = write(core, () => {
        store.save(next);
        return row.createsLocalId ? resolveLocalId(store, row.createsLocalId, contactId, now) : [];
      });
      core.notifier.changed([next.id, ...rewritten]);
      core.delivery.kick();
      return view(next);
    },
    resolveConflict(id, choice) {
      const next = resolveConflict(requireRow(core, id), choice, clock.now());
      commit(core, [next]);
      return next.state === 'discarded' ? undefined : view(next);
    },
    resumeKind(kind) {
      write(core, () => store.resumeKind(kind));
      core.notifier.changed();
      core.delivery.kick();
      return summarize(store.counts(), core.viewContext());
    },
  };
}

/** Discards entries still to go that create no guest (an import's rows); returns how many. */
function discardEntries(core: OutboxCore, ids: readonly string[]): { discarded: number } {
  const now = core.clock.now();
  const discarded = write(core, () =>
    ids.flatMap((id) => {
      const row = core.store.get(id);
      if (
        !row ||
        (row.state !== 'queued' && row.state !== 'waiting' && row.state !== 'needs_attention') ||
        row.createsLocalId
      )
        return [];
      core.store.save(transitions.discard(row, now));
      return [id];
    }),
  );
  core.notifier.changed(discarded);
  core.delivery.kick();
  return { discarded: discarded.length };
}

/** An entry with details staff changed, checked again as its kind; who it is for, and its reference, stay as they were. */
function editedRow<K extends OutboxKind>(
  row: OutboxRow<K>,
  input: unknown,
  facts: { phoneCountry?: string; newGuest: boolean },
  now: number,
): OutboxRow<K> {
  const prepared = prepareEntry(row.kind, input, {
    clientId: row.account,
    phoneCountry: facts.phoneCountry,
    guestKey: row.guestKey,
  });
  const kept = withContactId(
    row.kind,
    prepared.payload,
    facts.newGuest ? undefined : contactIdOf(row.kind, row.payload),
  );
  return transitions.edit(row, kept, now);
}
