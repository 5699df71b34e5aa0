import { newReferenceId } from '../../../shared/rules/reference';
import { UserFacingError } from '../../../shared/bridge/result';
import { prepareCampaignSend } from './prepare-campaign';
import { prepareEmail, prepareSms } from './prepare-messages';
import { prepareContact, preparePurchase, prepareReservation } from './prepare-records';
import { isOutboxKind } from '../../../shared/outbox/kinds';
import type { PrepareContext, PreparedEntry } from './prepared-entry';
import type { OutboxKind, Payload } from './types';
import { OutboxValidationError } from './validation-error';

/** Each kind's checks: the caller's input in, the service's form out. */
const PREPARERS: { [K in OutboxKind]: (input: Payload, ctx: PrepareContext) => PreparedEntry<K> } = {
  sms: prepareSms,
  email: prepareEmail,
  push_contact: prepareContact,
  add_purchase: preparePurchase,
  push_reservations: prepareReservation,
  campaign_send: prepareCampaignSend,
};

/** Checks an entry with shared/rules (the service's own rules) before it is queued; throws OutboxValidationError. */
export function prepareEntry<K extends OutboxKind>(kind: K, input: unknown, ctx: PrepareContext): PreparedEntry<K> {
  if (!isOutboxKind(kind)) throw new OutboxValidationError(`The outbox does not carry "${String(kind)}".`);
  if (!isPayload(input)) throw new OutboxValidationError('Nothing to send: the details are missing.');
  return PREPARERS[kind](input, ctx);
}

/** Whether a value is a JSON object (the input of every kind). */
function isPayload(input: unknown): input is Payload {
  return input !== null && typeof input === 'object' && !Array.isArray(input);
}

/** The caller's reference id if still free, else a fresh one of this desk; unique among the desk's entries. */
export function uniqueReferenceId(chosen: string | undefined, prefix: string, taken: (id: string) => boolean): string {
  if (chosen !== undefined) {
    if (taken(chosen))
      throw new OutboxValidationError('This reference id was already used for another message.', 'reference_id');
    return chosen;
  }
  for (let tries = 0; tries < 5; tries++) {
    const id = newReferenceId(prefix);
    if (!taken(id)) return id;
  }
  throw new UserFacingError('Could not make a fresh reference id for this message. Try again.');
}
