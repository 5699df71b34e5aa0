import type { guestChannels } from '../../../shared/bridge/channels/guests';
import type { DeskHandlers } from '../../../shared/bridge/contract';
import { UserFacingError } from '../../../shared/bridge/result';
import { formatServiceDateTime } from '../../../shared/rules/datetime';
import { scheduleProblem } from '../../../shared/rules/schedule';
import type { OutboxInput, OutboxKind } from '../../../shared/outbox/kinds';
import type { AccountSettings, DeskServices } from '../services';
import { explainReadError } from './errors';
import { contactEditPayload, emailPayload, newContactPayload, purchasePayload, smsPayload } from './payloads';
import { createPullStore } from './pulls';

type GuestHandlers = Pick<DeskHandlers, keyof typeof guestChannels>;

/** The guest channels: pulls for the renderer's cache, writes through the outbox, sent items and replies. */
export function createGuestHandlers(services: DeskServices, options: { now?: () => Date } = {}): GuestHandlers {
  const now = options.now ?? (() => new Date());
  const pulls = createPullStore(() => now().getTime());

  const account = (): AccountSettings => {
    const settings = services.account();
    if (!settings) throw new UserFacingError('No account is connected. Connect one in Settings, or start the demo.');
    return settings;
  };

  const queue = async <K extends OutboxKind>(kind: K, payload: OutboxInput<K>, guestKey?: string) => {
    const queued = await services.enqueue(kind, payload, guestKey ? { guestKey } : {});
    return { outboxId: queued.id, state: queued.state, ...(guestKey ? { guestKey } : {}) };
  };

  /** Refuses a schedule that is not ahead of now in the account's zone (the service reads it there). */
  const refuseBadSchedule = (sendAt: string | undefined) => {
    if (!sendAt) return;
    const { timeZone } = account();
    const problem = scheduleProblem(sendAt, timeZone, now());
    if (problem === 'not-a-date') throw new UserFacingError(`"${sendAt}" is not a real date and time.`);
    if (problem === 'past')
      throw new UserFacingError(`${sendAt} has already passed in ${timeZone}. Choose a later time, or send it now.`);
  };

  /** The service's datetime of an instant, in the account's zone. */
  const serviceTime = (instant: string | undefined) =>
    instant ? formatServiceDateTime(new Date(instant), account().timeZone) : undefined;

  return {
    pullGuests: async ({ touchedFrom }) => {
      const { clientId } = account();
      const client = services.requireClient();
      const startedAt = now().toISOString();
      const request = { client_id: clientId, ...(touchedFrom ? { touched_from: serviceTime(touchedFrom) } : {}) };
      const contacts = await client.pullDb(request).catch((error: unknown) => {
        throw explainReadError(error, 'the guest list');
      });
      return { pullId: pulls.keep(contacts), total: contacts.length, startedAt };
    },

    pullGuestsPage: async ({ pullId, offset, limit }) => pulls.page(pullId, offset, limit),

    saveGuest: (request) => queue('push_contact', contactEditPayload(request), request.guestKey),

    createGuest: (request) => queue('push_contact', newContactPayload(request), request.localId),

    addGuestPurchase: ({ guestKey, item }) =>
      queue('add_purchase', purchasePayload(guestKey, item, account().timeZone, now()), guestKey),

    sendGuestSms: async (request) => {
      refuseBadSchedule(request.sendAt);
      return queue('sms', smsPayload(request), request.guestKey);
    },

    sendGuestEmail: async (request) => {
      refuseBadSchedule(request.sendAt);
      return queue('email', emailPayload(request), request.guestKey);
    },

    listSentItems: async ({ from, to, type, referenceId, prefix }) => {
      account();
      const items = await services
        .requireClient()
        .sentItems({
          ...(from ? { date_start: serviceTime(from) } : {}),
          ...(to ? { date_end: serviceTime(to) } : {}),
          ...(type ? { type } : {}),
          ...(referenceId ? { reference_id: referenceId } : {}),
          ...(prefix ? { prefix } : {}),
        })
        .catch((error: unknown) => {
          throw explainReadError(error, 'the sent messages');
        });
      return { items };
    },

    listSmsReplies: async ({ from, to, prefix }) => {
      account();
      const replies = await services
        .requireClient()
        .smsInbox({
          ...(from ? { date_start: serviceTime(from) } : {}),
          ...(to ? { date_end: serviceTime(to) } : {}),
          ...(prefix ? { prefix } : {}),
        })
        .catch((error: unknown) => {
          throw explainReadError(error, 'the SMS replies');
        });
      return { replies };
    },
  };
}
