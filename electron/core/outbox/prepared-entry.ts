// What the outbox's preparers (prepare*.ts) take and give: one shape for every kind.
import type { OutboxKind, OutboxPayloads } from './types';

/** What preparing an entry needs to know about the account and the caller. */
export interface PrepareContext {
  clientId: string;
  /** ISO country for mobiles typed without +country. */
  phoneCountry?: string;
  guestKey?: string;
}

/** An entry checked and put in the form the service takes, with what the outbox keeps beside it. */
export interface PreparedEntry<K extends OutboxKind = OutboxKind> {
  payload: OutboxPayloads[K];
  /** The ordering lane: the guest's id, or the recipient for messages to no known guest. */
  guestKey: string;
  /** A local-… guest id the entry creates or names. */
  localGuestId?: string;
  /** SMS and email carry a reference id. */
  needsReference: boolean;
  /** The reference id the caller chose, if any. */
  referenceId?: string;
}
