import type { OutboxItemOf } from '../../shared/bridge/channels/outbox';
import type { OutboxKind } from '../../shared/outbox/kinds';

/** Whether an outbox entry is of kind K (its payload and result are then typed as that kind's). */
function isOfKind<K extends OutboxKind>(view: OutboxItemOf, kind: K): view is OutboxItemOf<K> {
  return view.kind === kind;
}

/** The entry as kind K; fails the test when it is missing or of another kind. */
export function asKind<K extends OutboxKind>(view: OutboxItemOf | undefined, kind: K): OutboxItemOf<K> {
  if (!view || !isOfKind(view, kind)) throw new Error(`Expected a ${kind} entry, found ${view?.kind ?? 'none'}.`);
  return view;
}
