import { OUTBOX_KIND_SPECS } from '../../../shared/outbox/kinds';
import type { OutboxItem } from '../../stores/outbox';

/** What each state is called at the desk, and its colour. */
export const STATE_LABELS: Record<OutboxItem['state'], { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  waiting: { label: 'Waiting', color: 'yellow' },
  needs_attention: { label: 'Needs attention', color: 'red' },
  sent: { label: 'Sent', color: 'teal' },
};

/** What a kind is called at the desk (one definition, in shared/outbox/kinds). */
export function kindLabel(kind: OutboxItem['kind']): string {
  return OUTBOX_KIND_SPECS[kind].label;
}
