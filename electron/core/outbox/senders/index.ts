import { createCampaignSender, type CampaignSenderOptions } from './campaigns';
import { createContactSender, createGuestReader } from './contacts';
import { createMessageSender } from './messages';
import { createPurchaseSender } from './purchases';
import { createBookingReader, createReservationSender } from './reservations';
import type { KindSenders } from './sender';

/** One sender per kind; guests and bookings each keep their merge read (one per delivery round). */
export function createSenders(campaign: CampaignSenderOptions): KindSenders {
  return {
    sms: createMessageSender('sms'),
    email: createMessageSender('email'),
    push_contact: createContactSender(createGuestReader(campaign.now)),
    add_purchase: createPurchaseSender(),
    push_reservations: createReservationSender(createBookingReader(campaign.now)),
    campaign_send: createCampaignSender(campaign),
  };
}
