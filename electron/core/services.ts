import type { ServiceClient } from '../../shared/api/client';
import { UserFacingError } from '../../shared/bridge/result';
import type { OutboxInput, OutboxKind } from '../../shared/outbox/kinds';
import type { OutboxState } from '../../shared/outbox/states';
import type { DeskEvents } from './events';

/** The connected account's non-secret settings, as feature handlers need them. */
export interface AccountSettings {
  label: string;
  clientId: string;
  baseUrl: string;
  /** IANA zone of the account (schedules are entered and shown in it). */
  timeZone: string;
  /** ISO 3166 country for phone numbers typed without +country (e.g. 'AU', 'GB'). */
  defaultPhoneCountry: string;
  defaultSmsSender?: string;
  defaultEmailSender?: { name: string; email: string };
  demo: boolean;
}

/** What an outbox entry looks like to a feature that queued it. */
export interface QueuedItem {
  id: string;
  state: OutboxState;
}

export type { OutboxKind };

/**
 * The desk core's services, handed to each feature's handlers. Features never build clients or
 * open databases themselves: the account decides which service, the outbox owns all writes.
 */
export interface DeskServices {
  events: DeskEvents;
  /** The connected account's settings, or null when none is connected. */
  account(): AccountSettings | null;
  /** A client of the connected account's service; throws a UserFacingError when none is connected. */
  requireClient(): ServiceClient;
  /** Queues a write; validated and durable before it resolves. Throws a UserFacingError with the reason when invalid. */
  enqueue<K extends OutboxKind>(kind: K, payload: OutboxInput<K>, options?: { guestKey?: string }): Promise<QueuedItem>;
}

/** The connected account's settings, or a refusal in staff's words when none is connected. */
export function connectedAccount(services: Pick<DeskServices, 'account'>): AccountSettings {
  const settings = services.account();
  if (!settings) throw new UserFacingError('No account is connected. Connect one in Settings, or start the demo.');
  return settings;
}
