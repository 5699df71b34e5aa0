// A queued guest or booking as the service takes it: the desk's edit facts (desk-edit.ts) left out.
import type { ServiceItem } from './desk-edit';
import type { OutboxPayloads } from './kinds';

/** A guest push as push_contact takes it. */
export function contactItemOf(payload: OutboxPayloads['push_contact']): ServiceItem<OutboxPayloads['push_contact']> {
  const { desk_edit: _kept, ...sent } = payload;
  return sent;
}

/** A booking push as push_reservations takes it. */
export function bookingItemOf(
  payload: OutboxPayloads['push_reservations'],
): ServiceItem<OutboxPayloads['push_reservations']> {
  const { desk_edit: _kept, ...sent } = payload;
  return sent;
}
