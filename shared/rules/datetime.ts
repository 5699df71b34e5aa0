// The service's datetime form: "YYYY-MM-DD HH:MM:SS", in the account's time zone unless an offset is given.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter: building Intl.DateTimeFormat is slow and sync formats thousands of dates. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Wall-clock parts of an instant in a time zone. */
interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading of `date` in `timeZone`. */
function wallTimeIn(date: Date, timeZone: string): WallTime {
  if (timeZone === 'UTC') {
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
    };
  }
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Formats an instant as the service writes datetimes: `YYYY-MM-DD HH:MM:SS` in the given zone (default UTC). */
export function formatServiceDateTime(date: Date, timeZone = 'UTC'): string {
  const t = wallTimeIn(date, timeZone);
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

/** Formats the calendar date of an instant in a zone: `YYYY-MM-DD`. */
export function formatServiceDate(date: Date, timeZone = 'UTC'): string {
  return formatServiceDateTime(date, timeZone).slice(0, 10);
}

/** Milliseconds the zone is ahead of UTC at that instant. */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const t = wallTimeIn(new Date(instantMs), timeZone);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** The instant at which the zone's clocks read this wall time (the earlier one in a DST overlap). */
function instantOfWallTime(wall: WallTime, millis: number, timeZone: string): number {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, millis);
  if (timeZone === 'UTC') return naive;
  // Two passes settle the offset across a DST change.
  let guess = naive - zoneOffsetMs(naive, timeZone);
  guess = naive - zoneOffsetMs(guess, timeZone);
  return guess;
}

const SERVICE_FORM =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Whether the zone name is one Intl knows. */
function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads `YYYY-MM-DD HH:MM:SS` (wall time in `timeZone`, default UTC) or ISO-8601 with T, fraction
 * and offset; a date alone means its midnight. Null when it is not a real date and time.
 */
export function parseServiceDateTime(text: string, timeZone = 'UTC'): Date | null {
  const match = SERVICE_FORM.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', offset] = match;
  const wall: WallTime = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: Number(s),
  };
  if (wall.month < 1 || wall.month > 12 || wall.day < 1 || wall.hour > 23 || wall.minute > 59 || wall.second > 59)
    return null;
  const daysInMonth = new Date(Date.UTC(wall.year, wall.month, 0)).getUTCDate();
  if (wall.day > daysInMonth) return null;
  const millis = fraction ? Number(fraction.padEnd(3, '0').slice(0, 3)) : 0;
  if (offset) {
    const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, millis);
    if (offset.toUpperCase() === 'Z') return new Date(naive);
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
    if (offsetMinutes > 14 * 60) return null;
    return new Date(naive - sign * offsetMinutes * 60_000);
  }
  if (!isValidTimeZone(timeZone)) return null;
  return new Date(instantOfWallTime(wall, millis, timeZone));
}
