import type { ServiceClient } from '../../../../shared/api/client';
import type { DeliveryOutcome } from '../outcomes';
import type { OutboxKind, OutboxRow } from '../types';

/** The connected account as senders use it. */
export interface ServiceAccess {
  client: ServiceClient;
  clientId: string;
  /** ISO country for mobiles written without +country, to compare them as the service does. */
  phoneCountry?: string;
  /** IANA zone of the account (a queued campaign's send_at is read in it). */
  timeZone?: string;
}

/** Delivers one kind of entry; its rows carry that kind's payload type. */
export interface KindSender<K extends OutboxKind> {
  /**
   * Sends a batch (a single entry for messages) and returns one outcome per entry, in order.
   * Maps every failure to an outcome; throwing is treated as an unknown outcome for all of them.
   */
  deliver(rows: readonly OutboxRow<K>[], service: ServiceAccess): Promise<DeliveryOutcome<K>[]>;
}

/** One sender per kind: the compiler asks for a sender when a kind is added. */
export type KindSenders = { [K in OutboxKind]: KindSender<K> };
