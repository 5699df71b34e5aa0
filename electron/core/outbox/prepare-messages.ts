import { emailKey, isValidEmail } from '../../../shared/rules/email';
import { normalizePhone } from '../../../shared/rules/phone';
import { isValidReferenceId } from '../../../shared/rules/reference';
import { findInvalidSmsCharacters, validateSmsSender } from '../../../shared/rules/sms';
import { emailRequest, smsRequest } from '../../../shared/api/request-schemas';
import type { PrepareContext, PreparedEntry } from './prepared-entry';
import { RECIPIENT_LANE_PREFIX, type OutboxPayloads, type Payload } from './types';
import { OutboxValidationError } from './validation-error';

/** The fields each method takes, from its request schema. */
const SMS_FIELDS = smsRequest.keyof().options;
const EMAIL_FIELDS = emailRequest.keyof().options;
const SERVICE_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Checks an SMS as the service would and writes the mobile in E.164 (+61…), unambiguous whatever the account's country. */
export function prepareSms(input: Payload, ctx: PrepareContext): PreparedEntry<'sms'> {
  onlyFields(input, SMS_FIELDS);
  const from = requiredText(input, 'from', 'a sender');
  const senderProblem = validateSmsSender(from);
  if (senderProblem) throw new OutboxValidationError(senderProblem, 'from');
  const rawTo = input.to;
  const mobile =
    typeof rawTo === 'number' || typeof rawTo === 'string' ? normalizePhone(String(rawTo), ctx.phoneCountry) : null;
  if (!mobile)
    throw new OutboxValidationError(
      `"${String(rawTo ?? '')}" is not a valid mobile number. Include the country code (e.g. +61) if it is abroad.`,
      'to',
    );
  const message = requiredText(input, 'message', 'the message');
  const refused = findInvalidSmsCharacters(message);
  if (refused.length > 0) {
    const list = refused
      .slice(0, 5)
      .map(({ char, suggestion }) => (suggestion === undefined ? `"${char}"` : `"${char}" (use "${suggestion}")`))
      .join(', ');
    throw new OutboxValidationError(`The message contains characters the service refuses: ${list}.`, 'message');
  }
  const to = mobile;
  const payload: OutboxPayloads['sms'] = { from, to, message, ...sendAt(input) };
  return {
    payload,
    guestKey: ctx.guestKey ?? `${RECIPIENT_LANE_PREFIX}${to}`,
    needsReference: true,
    ...referenceOf(input),
  };
}

/** Checks an email as the service would. */
export function prepareEmail(input: Payload, ctx: PrepareContext): PreparedEntry<'email'> {
  onlyFields(input, EMAIL_FIELDS);
  const toEmail = requiredText(input, 'to_email', "the guest's email address");
  if (!isValidEmail(toEmail)) throw new OutboxValidationError(`"${toEmail}" is not a valid email address.`, 'to_email');
  const fromEmail = requiredText(input, 'from_email', 'the sender email address');
  if (!isValidEmail(fromEmail))
    throw new OutboxValidationError(`"${fromEmail}" is not a valid sender email address.`, 'from_email');
  // The reference lists from_name without saying it is required; the service (and the sandbox) refuse an email without it.
  const fromName = requiredText(input, 'from_name', 'a sender name');
  const subject = requiredText(input, 'subject', 'a subject');
  const html = requiredText(input, 'html', 'the message');
  const toName = optionalText(input, 'to_name');
  const payload: OutboxPayloads['email'] = {
    to_email: toEmail,
    from_email: fromEmail,
    from_name: fromName,
    subject,
    html,
    ...(toName === undefined ? {} : { to_name: toName }),
    ...sendAt(input),
  };
  return {
    payload,
    guestKey: ctx.guestKey ?? `${RECIPIENT_LANE_PREFIX}${emailKey(toEmail)}`,
    needsReference: true,
    ...referenceOf(input),
  };
}

/** Refuses fields the service method does not take. */
function onlyFields(input: Payload, allowed: readonly string[]): void {
  const unknown = Object.keys(input).filter((key) => !allowed.includes(key));
  if (unknown.length > 0)
    throw new OutboxValidationError(`Unknown field ${unknown.map((key) => `"${key}"`).join(', ')}.`, unknown[0]);
}

/** A text field that must be present and not blank, trimmed. */
function requiredText(input: Payload, field: string, what: string): string {
  const value = input[field];
  if (typeof value !== 'string' || value.trim() === '') throw new OutboxValidationError(`Enter ${what}.`, field);
  return value.trim();
}

/** An optional text field, trimmed; undefined when blank. */
function optionalText(input: Payload, field: string): string | undefined {
  const value = input[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new OutboxValidationError(`${field} must be text.`, field);
  return value.trim();
}

/** A scheduled time in the service's form, when given. */
function sendAt(input: Payload): { send_at?: string } {
  const value = input.send_at;
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'string' || !SERVICE_DATETIME.test(value)) {
    throw new OutboxValidationError('The scheduled time must look like 2025-06-30 18:00:00.', 'send_at');
  }
  return { send_at: value };
}

/** A reference id the caller chose, checked as the service would. */
function referenceOf(input: Payload): { referenceId?: string } {
  const value = input.reference_id;
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'string' || !isValidReferenceId(value)) {
    throw new OutboxValidationError('A reference id is 1 to 41 letters and digits.', 'reference_id');
  }
  return { referenceId: value };
}
