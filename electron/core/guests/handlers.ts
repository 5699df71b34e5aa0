import type { guestChannels } from '../../../shared/bridge/channels/guests';
import type { ContactRecord } from '../../../shared/api/response-schemas';
import type { DeskHandlers } from '../../../shared/bridge/contract';
import { UserFacingError } from '../../../shared/bridge/result';
import { formatServiceDateTime } from '../../../shared/rules/datetime';
import { scheduleProblem } from '../../../shared/rules/schedule';
import type { OutboxInput, OutboxKind } from '../../../shared/outbox/kinds';
import { createPullStore, streamInto } from '../pull-store';
import { connectedAccount, type DeskServices } from '../services';
import { explainReadError } from './errors';
import { contactEditPayload, emailPayload, newContactPayload, purchasePayload, smsPayload } from './payloads';

type GuestHandlers = Pick<DeskHandlers, keyof typeof guestChannels>;

/** The guest channels, by job: pulls for the renderer's cache, writes through the outbox, sent items and replies. */
export function createGuestHandlers(services: DeskServices, options: { now?: () => Date } = {}): GuestHandlers {
  const now = options.now ?? (() => new Date());
  return { ...guestPullHandlers(services, now), ...guestWriteHandlers(services, now), ...messageHandlers(services) };
}

/** The service's datetime of an instant, in the account's zone. */
function serviceTime(services: DeskServices, instant: string | undefined): string | undefined {
  return instant ? formatServiceDateTime(new Date(instant), connectedAccount(services).timeZone) : undefined;
}

/** pull_db into the core, then its pages for the renderer's cache. */
function guestPullHandlers(
  services: DeskServices,
  now: () => Date,
): Pick<GuestHandlers, 'pullGuests' | 'pullGuestsPage'> {
  const pulls = createPullStore<ContactRecord>('guest list', () => now().getTime());
  return {
    pullGuests: async ({ touchedFrom }) => {
      const { clientId } = connectedAccount(services);
      const client = services.requireClient();
      const startedAt = now().toISOString();
      const request = {
        client_id: clientId,
        ...(touchedFrom ? { touched_from: serviceTime(services, touchedFrom) } : {}),
      };
      // Answered as soon as the service's answer is known to be a list: its pages fill as it arrives, so the
      // renderer writes the first guests while the rest are still being read.
      const feed = pulls.open();
      const explain = (error: unknown) => explainReadError(error, 'the guest list');
      await streamInto(feed, (sink) => client.stream.pullDb(request, sink), { what: 'guests', explain }).catch(
        (error: unknown) => {
          throw explain(error);
        },
      );
      return { pullId: feed.pullId, startedAt };
    },
    pullGuestsPage: async ({ pullId, offset, limit }) => {
      const { items, ...counts } = await pulls.page(pullId, offset, limit);
      return { contacts: items, ...counts };
    },
  };
}

/** Profile edits, new guests, purchases and one-off messages, queued in the outbox. */
function guestWriteHandlers(
  services: DeskServices,
  now: () => Date,
): Pick<GuestHandlers, 'saveGuest' | 'createGuest' | 'addGuestPurchase' | 'sendGuestSms' | 'sendGuestEmail'> {
  const queue = async <K extends OutboxKind>(kind: K, payload: OutboxInput<K>, guestKey?: string) => {
    const queued = await services.enqueue(kind, payload, guestKey ? { guestKey } : {});
    return { outboxId: queued.id, state: queued.state, ...(guestKey ? { guestKey } : {}) };
  };
  /** Refuses a schedule that is not ahead of now in the account's zone (the service reads it there). */
  const refuseBadSchedule = (sendAt: string | undefined) => {
    if (!sendAt) return;
    const { timeZone } = connectedAccount(services);
    const problem = scheduleProblem(sendAt, timeZone, now());
    if (problem === 'not-a-date') throw new UserFacingError(`"${sendAt}" is not a real date and time.`);
    if (problem === 'past')
      throw new UserFacingError(`${sendAt} has already passed in ${timeZone}. Choose a later time, or send it now.`);
  };
  return {
    saveGuest: (request) => queue('push_contact', contactEditPayload(request), request.guestKey),
    createGuest: (request) => queue('push_contact', newContactPayload(request), request.localId),
    addGuestPurchase: ({ guestKey, item }) =>
      queue('add_purchase', purchasePayload(guestKey, item, connectedAccount(services).timeZone, now()), guestKey),
    sendGuestSms: async (request) => {
      refuseBadSchedule(request.sendAt);
      return queue('sms', smsPayload(request), request.guestKey);
    },
    sendGuestEmail: async (request) => {
      refuseBadSchedule(request.sendAt);
      return queue('email', emailPayload(request), request.guestKey);
    },
  };
}

/** Sent items and SMS replies in a time range, read from the service. */
function messageHandlers(services: DeskServices): Pick<GuestHandlers, 'listSentItems' | 'listSmsReplies'> {
  const range = (from: string | undefined, to: string | undefined) => ({
    ...(from ? { date_start: serviceTime(services, from) } : {}),
    ...(to ? { date_end: serviceTime(services, to) } : {}),
  });
  return {
    listSentItems: async ({ from, to, type, referenceId, prefix }) => {
      connectedAccount(services);
      const request = {
        ...range(from, to),
        ...(type ? { type } : {}),
        ...(referenceId ? { reference_id: referenceId } : {}),
        ...(prefix ? { prefix } : {}),
      };
      const items = await services
        .requireClient()
        .sentItems(request)
        .catch((error: unknown) => {
          throw explainReadError(error, 'the sent messages');
        });
      return { items };
    },
    listSmsReplies: async ({ from, to, prefix }) => {
      connectedAccount(services);
      const replies = await services
        .requireClient()
        .smsInbox({ ...range(from, to), ...(prefix ? { prefix } : {}) })
        .catch((error: unknown) => {
          throw explainReadError(error, 'the SMS replies');
        });
      return { replies };
    },
  };
}
