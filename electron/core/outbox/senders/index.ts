import { createCampaignSendSender, type CampaignSenderOptions } from '../campaign/sender';
import type { OutboxKind } from '../types';
import { createContactSender } from './contacts';
import { createMessageSender } from './messages';
import { createPurchaseSender } from './purchases';
import { createReservationSender } from './reservations';
import type { KindSender } from './sender';

/** One sender per kind. */
export function createSenders(campaign: CampaignSenderOptions): Record<OutboxKind, KindSender> {
  return {
    sms: createMessageSender('sms'),
    email: createMessageSender('email'),
    push_contact: createContactSender(),
    add_purchase: createPurchaseSender(),
    push_reservations: createReservationSender(),
    campaign_send: createCampaignSendSender(campaign),
  };
}
