import { createContactSender } from './contacts';
import { createMessageSender } from './messages';
import { createPurchaseSender } from './purchases';
import { createReservationSender } from './reservations';
import type { KindSenders } from './sender';

/** One sender per kind. */
export function createSenders(): KindSenders {
  return {
    sms: createMessageSender('sms'),
    email: createMessageSender('email'),
    push_contact: createContactSender(),
    add_purchase: createPurchaseSender(),
    push_reservations: createReservationSender(),
  };
}
