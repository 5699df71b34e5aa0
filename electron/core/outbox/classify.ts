import {
  HttpStatusError,
  InvalidRequestError,
  InvalidResponseError,
  NoConnectionError,
  OutcomeUnknownError,
  ServiceFailureError,
} from '../../../shared/api/errors';
import { kindWord } from './describe';
import type { UnsentOutcome } from './outcomes';
import { OUTBOX_KIND_SPECS, type OutboxKind } from './types';

/** What staff should do about a refusal, by the service's message (reference §7.1). */
const WHAT_TO_DO: Array<[RegExp, string]> = [
  [
    /message contains invalid characters/i,
    'Remove accented or special characters from the message (Edit); it is then sent again.',
  ],
  [/invalid recipient details/i, 'Check the mobile number (Edit), or discard the message.'],
  [/reference id/i, 'The service refused the reference the desk made. Discard this entry and send the message again.'],
  [
    /no such contact in database/i,
    "The guest is no longer in the service's database. Look the guest up again, then discard this entry and enter it anew.",
  ],
  [/no email or mobile information/i, 'Add an email address or a mobile number to the guest (Edit).'],
  [/no contact information to add\/update/i, 'Add some details to the guest (Edit), or discard it.'],
  [
    /(no|invalid) client id provided/i,
    "The account's client id is not right. Check it in Settings, then press Resend.",
  ],
  [
    /duplicate check failed/i,
    'Another guest in the service already has this email or mobile. Look the guest up and change the details (Edit), or discard it.',
  ],
  [/no item description provided/i, 'The purchase needs a description. Discard it and enter it again with one.'],
  [/no item price provided/i, 'The purchase needs a valid price. Discard it and enter it again with one.'],
  [/no purchase date and time provided/i, 'The purchase needs a valid date and time. Discard it and enter it again.'],
  [/no purchase information to add/i, 'The purchase is empty. Discard it and enter it again.'],
];

/**
 * Refusals that mean "not now" rather than "not this": the service could not store or queue it
 * ("New contact add failed", "Update contact failed", "Purchase add failed", and the same for bookings).
 */
const TRANSIENT = /unable to queue message|\badd failed|\bupdate( contact| reservation)? failed/i;
/** Refusals that stop a whole kind until someone fixes the account. */
const PAUSING: Array<[RegExp, (kind: OutboxKind) => string]> = [
  [/insufficient credits|unable to allocate credits/i, () => 'Add credits to the account, then press Resume.'],
  [/reservations not setup/i, () => 'Ask for reservations to be enabled on the account, then press Resume.'],
  [/account disabled/i, () => 'The account is disabled. Contact the service, then press Resume.'],
  [/invalid api key/i, () => 'Reconnect the account in Settings, then press Resume.'],
];

/** The outcome of a whole call that failed. */
export function outcomeOfCallError(error: unknown, kind: OutboxKind): UnsentOutcome {
  if (error instanceof NoConnectionError) return { type: 'offline' };
  if (error instanceof OutcomeUnknownError) {
    const why =
      error.reason === 'invalid-response'
        ? "the service's answer could not be read"
        : error.reason === 'timeout'
          ? 'no answer came in time'
          : 'the connection dropped after it was sent';
    return { type: 'unknown', reason: `The outcome is unknown: ${why}.` };
  }
  if (error instanceof HttpStatusError) return outcomeOfHttpStatus(error);
  if (error instanceof ServiceFailureError) return outcomeOfServiceMessage(kind, error.serviceMessage);
  if (error instanceof InvalidRequestError) {
    return {
      type: 'failed',
      problem: { message: `The desk could not send it: ${error.message}`, whatToDo: fallbackWhatToDo(kind) },
    };
  }
  if (error instanceof InvalidResponseError)
    return { type: 'retry', reason: "The service's answer could not be read." };
  return {
    type: 'unknown',
    reason: `The outcome is unknown: ${error instanceof Error ? error.message : String(error)}.`,
  };
}

/**
 * The outcome of the service's own refusal, in its words: a pause for the kind (credits), a retry
 * (it could not store or queue it), or a permanent problem with what to do.
 */
export function outcomeOfServiceMessage(kind: OutboxKind, serviceMessage: string): UnsentOutcome {
  const message = serviceMessage.trim() || 'The service refused it without saying why.';
  for (const [pattern, advice] of PAUSING) {
    if (pattern.test(message))
      return { type: 'paused', reason: `${kindWord(kind)} paused: the service says "${message}". ${advice(kind)}` };
  }
  if (TRANSIENT.test(message))
    return { type: 'retry', reason: `The service could not take it just now: "${message}".` };
  const advice = WHAT_TO_DO.find(([pattern]) => pattern.test(message))?.[1] ?? fallbackWhatToDo(kind);
  return { type: 'failed', problem: { message, whatToDo: advice } };
}

/** 429 and 503 mean the request was not taken; other 5xx may have been, part way. */
function outcomeOfHttpStatus(error: HttpStatusError): UnsentOutcome {
  const { status, retryAfterMs } = error;
  if (status === 429 || status === 503 || status === 408) {
    const reason =
      status === 429 ? 'The service asked the desk to slow down (HTTP 429).' : `The service is busy (HTTP ${status}).`;
    return retryAfterMs === undefined ? { type: 'retry', reason } : { type: 'retry', reason, retryAfterMs };
  }
  if (status >= 500)
    return { type: 'unknown', reason: `The service failed (HTTP ${status}); it may or may not have taken it.` };
  // Nothing of this account will go until the key is fixed: pause rather than fail every entry.
  if (status === 401 || status === 403)
    return {
      type: 'paused',
      reason: `The service refused the account's API key (HTTP ${status}). Reconnect the account in Settings, then press Resume.`,
    };
  return {
    type: 'failed',
    problem: {
      message: `The service refused the request (HTTP ${status}).`,
      whatToDo: 'Press Resend to try again; if it keeps failing, discard it and report the problem.',
    },
  };
}

/** What to do when the message is not one we know. */
function fallbackWhatToDo(kind: OutboxKind): string {
  return OUTBOX_KIND_SPECS[kind].editable
    ? 'Check the details and correct them (Edit), or discard it.'
    : 'Check the details, then press Resend, or discard it and enter it again.';
}
