// Datetimes go out as `YYYY-MM-DD HH:MM:SS` (reference §4.1). The service reads a zone-less datetime in the
// account's own time zone (§4.3 send_at), so a Date is written as the account's wall-clock time.
import { formatServiceDateTime } from '../rules/datetime';

/** A copy of a request with every Date (at any depth) written in the account's zone; other values untouched. */
export function writeDates(value: unknown, timeZone: string): unknown {
  if (value instanceof Date) return formatServiceDateTime(value, timeZone);
  if (Array.isArray(value)) return value.map((item) => writeDates(item, timeZone));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, writeDates(inner, timeZone)]));
  }
  return value;
}
