import type { OutboxItem } from '../../stores/outbox';

/** What each state is called at the desk, and its colour. */
export const STATE_LABELS: Record<OutboxItem['state'], { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  waiting: { label: 'Waiting', color: 'yellow' },
  needs_attention: { label: 'Needs attention', color: 'red' },
  sent: { label: 'Sent', color: 'teal' },
};

/** What each kind is called at the desk. */
export const KIND_LABELS: Record<OutboxItem['kind'], string> = {
  sms: 'SMS',
  email: 'Email',
  push_contact: 'Guest',
  add_purchase: 'Purchase',
  push_reservations: 'Booking',
  campaign_send: 'Campaign',
};
