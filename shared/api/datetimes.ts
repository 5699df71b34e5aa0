// Datetimes go out as `YYYY-MM-DD HH:MM:SS` (reference §4.1). The service reads a zone-less datetime in the
// account's own time zone (§4.3 send_at), so a Date is written as the account's wall-clock time.
import { formatServiceDateTime } from '../rules/datetime';

/**
 * The request with every Date (at any depth) written in the account's zone, other values untouched: a
 * copy where it holds a Date, else the request itself (a call of 100 imported guests holds none, and
 * copying them cost more than JSON-encoding the call).
 */
export function writeDates(value: unknown, timeZone: string): unknown {
  return holdsDate(value) ? withDatesWritten(value, timeZone) : value;
}

/** Whether a Date is anywhere in the value. */
function holdsDate(value: unknown): boolean {
  if (value instanceof Date) return true;
  if (Array.isArray(value)) return value.some(holdsDate);
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) if (holdsDate(inner)) return true;
  }
  return false;
}

/** A copy of the value with every Date written in the account's zone. */
function withDatesWritten(value: unknown, timeZone: string): unknown {
  if (value instanceof Date) return formatServiceDateTime(value, timeZone);
  if (Array.isArray(value)) return value.map((item) => withDatesWritten(item, timeZone));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withDatesWritten(inner, timeZone)]));
  }
  return value;
}
