// touched_from / touched_to, and the date ranges of sent_items and sms_inbox, read in the account's time zone.
import { parseServiceDateTime } from '../../shared/rules/datetime';
import { BadRequestError } from '../http/envelope';
import { optionalNonBlank, type Params } from '../http/params';

/** A datetime parameter as epoch ms, read as the account's wall time unless it carries an offset. */
export function optionalDateTime(params: Params, name: string, timeZone: string): number | undefined {
  const text = optionalNonBlank(params, name);
  if (text === undefined) return undefined;
  const date = parseServiceDateTime(text, timeZone);
  if (!date)
    throw new BadRequestError(
      `${name} is not a valid datetime: expected YYYY-MM-DD HH:MM:SS (or ISO-8601), got "${text}"`,
    );
  return date.getTime();
}
