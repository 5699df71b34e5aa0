import type { outboxChannels } from '../../../shared/bridge/channels/outbox';
import type { DeskHandlers } from '../../../shared/bridge/contract';
import { UserFacingError } from '../../../shared/bridge/result';
import type { Outbox } from './outbox';

type OutboxHandlers = Pick<DeskHandlers, keyof typeof outboxChannels>;

/** The Outbox screen's channels, a thin layer over the outbox (null while the desk database is unusable). */
export function createOutboxHandlers(outbox: () => Outbox): OutboxHandlers {
  return {
    listOutbox: ({ limit, ...query }) => ({
      items: outbox().list({ ...query, limit: limit ?? 200 }),
      summary: outbox().summary(),
    }),
    resendOutboxItem: ({ id }) => outbox().resend(id),
    editOutboxItem: ({ id, edit }) => outbox().edit(id, edit),
    discardOutboxItem: ({ id }) => outbox().discard(id),
    decideHeldItem: ({ id, decision }) => outbox().decide(id, decision),
    addToExistingGuest: ({ id, contactId, fields }) => outbox().addToExistingGuest(id, contactId, fields),
    resumeOutboxKind: ({ kind }) => outbox().resumeKind(kind),
    resolveOutboxConflict: ({ id, choice }) => {
      const item = outbox().resolveConflict(id, choice);
      return item ? { item } : {};
    },
  };
}

/** Refuses outbox work while the desk database cannot be opened, saying why. */
export function unavailableOutbox(reason: string): Outbox {
  const refuse = () => {
    throw new UserFacingError(reason);
  };
  return new Proxy({} as Outbox, { get: () => refuse });
}
