import type { z } from 'zod';
import type { OutboxInput } from '../../../shared/outbox/kinds';
import type { purchaseInput } from '../../../shared/bridge/channels/guests';
import type { ParsedRequestOf } from '../../../shared/bridge/contract';
import { formatServiceDateTime } from '../../../shared/rules/datetime';

/**
 * The push_contact item of a profile edit: changed fields, multipleSelect checks (svc_multiselect_modify),
 * the category list as staff left it; with its base, the sender merges it with the service's guest and
 * sends the categories as this desk's additions and removals on the service's list.
 */
export function contactEditPayload(request: ParsedRequestOf<'saveGuest'>): OutboxInput<'push_contact'> {
  const { guestKey, changes, multiselect = [], categories, deskEdit } = request;
  return {
    ...changes,
    contact_id: guestKey,
    ...(multiselect.length > 0 ? { svc_multiselect_modify: multiselect } : {}),
    ...(categories ? { svc_categories: categories.join(',') } : {}),
    ...(deskEdit ? { desk_edit: deskEdit } : {}),
  };
}

/** The push_contact item of a new guest: its local id stands as contact_id until the service gives one. */
export function newContactPayload(request: ParsedRequestOf<'createGuest'>): OutboxInput<'push_contact'> {
  const { localId, fields, categories = [] } = request;
  const cleaned = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== '' && value !== null));
  return {
    ...cleaned,
    contact_id: localId,
    ...(categories.length > 0 ? { svc_categories: categories.join(',') } : {}),
  };
}

/** The add_purchase item: blanks dropped, purchased_at now (in the account's zone) when not given; the outbox applies the service's checks. */
export function purchasePayload(
  guestKey: string,
  item: z.output<typeof purchaseInput>,
  timeZone: string,
  now: Date,
): OutboxInput<'add_purchase'> {
  const given = Object.fromEntries(
    Object.entries(item).filter(
      ([, value]) => value !== undefined && !(typeof value === 'string' && value.trim() === ''),
    ),
  );
  return { purchased_at: formatServiceDateTime(now, timeZone), ...given, contact_id: guestKey };
}

/** The sms item. */
export function smsPayload(request: ParsedRequestOf<'sendGuestSms'>): OutboxInput<'sms'> {
  return {
    from: request.from.trim(),
    to: request.to,
    message: request.message,
    ...(request.sendAt ? { send_at: request.sendAt } : {}),
  };
}

/** The email item. */
export function emailPayload(request: ParsedRequestOf<'sendGuestEmail'>): OutboxInput<'email'> {
  return {
    to_name: request.toName,
    to_email: request.toEmail.trim(),
    from_name: request.fromName,
    from_email: request.fromEmail.trim(),
    subject: request.subject,
    html: request.html,
    ...(request.sendAt ? { send_at: request.sendAt } : {}),
  };
}
