// The venue's formats: every date, time, number, amount and phone staff read goes through here, in
// the account's locale (English, with the venue's country: en-AU, en-GB, en-US…) and time zone.
// Screens never call toLocaleString() with the browser's default.
import countryToCurrency, { type Countries } from 'country-to-currency';
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';

/** What the formats are made from: the account's country (two letters) and time zone. */
export interface VenueFormatOptions {
  country: string;
  timeZone: string;
}

/** The venue's formatters. Wall dates and times (a booking's Date and Time) are shown as they are; instants in the venue's zone. */
export interface VenueFormat {
  /** The locale used, e.g. en-AU. */
  locale: string;
  /** The time zone instants are shown in (UTC when the account's zone is unknown to this computer). */
  timeZone: string;
  /** A wall date (YYYY-MM-DD) as the venue writes it: 25/11/2026 in en-AU, 11/25/2026 in en-US. */
  date(wallDate: string): string;
  /** A wall date with its weekday, for headings: "Wednesday 25 November 2026" (en-AU), "Wednesday, November 25, 2026" (en-US). */
  longDate(wallDate: string): string;
  /** A wall date in a few characters, for a week strip: "Wed 25". */
  shortDate(wallDate: string): string;
  /** A wall time (HH:MM or HH:MM:SS) as the venue reads a clock: 10:00 am (en-AU), 10:00 (en-GB), 10:00 AM (en-US). */
  time(wallTime: string): string;
  /** An instant (ISO string or Date) in the venue's zone: "25/11/2026, 10:00 am" (en-AU). */
  dateTime(at: string | Date): string;
  /** The time of day of an instant in the venue's zone. */
  timeOfDay(at: string | Date): string;
  /** A count or quantity: 1,234 (en-AU), 1.234 (en-DE). */
  number(value: number): string;
  /** A share as a percentage with one decimal ("12.5%"), or a dash when there is nothing to share. */
  percent(rate: number | null): string;
  /** An amount in the venue's currency: $12.50 (AU), £12.50 (GB); a plain number where the country has no currency on record. */
  money(amount: number): string;
  /** A phone in one form: national for numbers of the venue's country, international otherwise, as typed when it is not a phone number. */
  phone(raw: string): string;
  /** A service datetime (`YYYY-MM-DD HH:MM:SS`, the account's own clock) as the venue writes it: "19/11/2026, 5:08 am". */
  serviceDateTime(text: string): string;
  /** An instant in another zone (the desk's own, beside the venue's): "28/03/2026, 9:00 pm". */
  dateTimeIn(at: string | Date, timeZone: string): string;
  /** A date typed in the venue's order (25/11/2026 in en-AU, 11/25/2026 in en-US; also 2026-11-25) as `YYYY-MM-DD`, or null when it is not a real date. */
  readDate(typed: string): string | null;
  /** How the venue's clock reads: 12-hour with its own am/pm words, or 24-hour. */
  clock: { hour12: boolean; am: string; pm: string };
}

/** The English locale of a country ("AU" → "en-AU"), or world English (day first) where this computer's Intl has none for it. */
export function localeForCountry(country: string): string {
  const wanted = `en-${country.toUpperCase()}`;
  try {
    const resolved = new Intl.DateTimeFormat(wanted).resolvedOptions().locale;
    return resolved === wanted ? wanted : 'en-001';
  } catch {
    return 'en-001'; // a country code Intl refuses (not two letters): world English, never a crash
  }
}

/** The zone if this computer's Intl knows it, else UTC (a typo in Settings must not break every screen). */
function knownTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** A wall date or time read as UTC, so formatting it in UTC shows exactly what was written. */
function wallInstant(wallDate: string, wallTime = '12:00'): Date | null {
  const at = new Date(`${wallDate}T${wallTime.length === 5 ? `${wallTime}:00` : wallTime}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Builds the venue's formatters; build once per account (Intl formatters are costly to make, cheap to use). */
export function createVenueFormat(options: VenueFormatOptions): VenueFormat {
  const country = options.country.toUpperCase();
  const locale = localeForCountry(country);
  const timeZone = knownTimeZone(options.timeZone);
  const numeric = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
  const clock = { hour: 'numeric', minute: '2-digit' } as const;
  const wallDateFormat = new Intl.DateTimeFormat(locale, { ...numeric, timeZone: 'UTC' });
  const longDateFormat = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const shortDateFormat = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
  const wallTimeFormat = new Intl.DateTimeFormat(locale, { ...clock, timeZone: 'UTC' });
  const dateTimeFormat = new Intl.DateTimeFormat(locale, { ...numeric, ...clock, timeZone });
  const timeOfDayFormat = new Intl.DateTimeFormat(locale, { ...clock, timeZone });
  const numberFormat = new Intl.NumberFormat(locale);
  const percentFormat = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const currency = hasCurrencyOnRecord(country) ? countryToCurrency[country] : undefined;
  const moneyFormat = currency
    ? new Intl.NumberFormat(locale, { style: 'currency', currency })
    : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  const wallDateTimeFormat = new Intl.DateTimeFormat(locale, { ...numeric, ...clock, timeZone: 'UTC' });
  const zoned = new Map<string, Intl.DateTimeFormat>();
  const dateTimeFormatIn = (zone: string) => {
    let format = zoned.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...numeric, ...clock, timeZone: knownTimeZone(zone) });
      zoned.set(zone, format);
    }
    return format;
  };

  const instant = (at: string | Date) => (typeof at === 'string' ? new Date(at) : at);
  const formatInstant = (format: Intl.DateTimeFormat, at: string | Date) => {
    const when = instant(at);
    return Number.isNaN(when.getTime()) ? String(at) : format.format(when);
  };

  return {
    locale,
    timeZone,
    date: (wallDate) => {
      const at = wallInstant(wallDate);
      return at ? wallDateFormat.format(at) : wallDate;
    },
    longDate: (wallDate) => {
      const at = wallInstant(wallDate);
      return at ? longDateFormat.format(at) : wallDate;
    },
    shortDate: (wallDate) => {
      const at = wallInstant(wallDate);
      return at ? shortDateFormat.format(at) : wallDate;
    },
    time: (wallTime) => {
      const at = wallInstant('2000-01-01', wallTime);
      return at ? wallTimeFormat.format(at) : wallTime;
    },
    dateTime: (at) => formatInstant(dateTimeFormat, at),
    timeOfDay: (at) => formatInstant(timeOfDayFormat, at),
    number: (value) => numberFormat.format(value),
    percent: (rate) => (rate === null ? '–' : percentFormat.format(rate)),
    money: (amount) => moneyFormat.format(amount),
    phone: (raw) => displayPhone(raw, country),
    serviceDateTime: (text) => {
      const [date = '', time = '00:00'] = text.trim().split(/[ T]/);
      const at =
        /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}(:\d{2})?$/.test(time) ? wallInstant(date, time) : null;
      return at ? wallDateTimeFormat.format(at) : text;
    },
    dateTimeIn: (at, zone) => formatInstant(dateTimeFormatIn(zone), at),
    readDate: dateReader(wallDateFormat),
    clock: clockOf(wallTimeFormat),
  };
}

/** Reads a typed date in the order the formatter writes dates (day, month, year for en-AU), or ISO `YYYY-MM-DD`. */
function dateReader(format: Intl.DateTimeFormat): (typed: string) => string | null {
  const order = format
    .formatToParts(new Date(Date.UTC(2026, 10, 25)))
    .map((part) => part.type)
    .filter((type): type is 'day' | 'month' | 'year' => type === 'day' || type === 'month' || type === 'year');
  return (typed) => {
    const numbers = typed
      .trim()
      .split(/[^0-9]+/)
      .filter(Boolean);
    if (numbers.length !== 3) return null;
    const iso = numbers[0]!.length === 4;
    const values = { day: 0, month: 0, year: 0 };
    (iso ? (['year', 'month', 'day'] as const) : order).forEach(
      (type, index) => (values[type] = Number(numbers[index])),
    );
    const year = values.year < 100 ? 2000 + values.year : values.year;
    const at = new Date(Date.UTC(year, values.month - 1, values.day));
    const real =
      at.getUTCFullYear() === year && at.getUTCMonth() === values.month - 1 && at.getUTCDate() === values.day;
    return real ? at.toISOString().slice(0, 10) : null;
  };
}

/** Whether the formatter's clock is 12-hour, and its words for morning and afternoon (am/pm in en-AU, AM/PM in en-US). */
function clockOf(format: Intl.DateTimeFormat): VenueFormat['clock'] {
  const period = (hour: number) =>
    format.formatToParts(new Date(Date.UTC(2000, 0, 1, hour))).find((part) => part.type === 'dayPeriod')?.value;
  const am = period(9);
  const pm = period(21);
  return am && pm ? { hour12: true, am, pm } : { hour12: false, am: 'am', pm: 'pm' };
}

const built = new Map<string, VenueFormat>();

/** The venue's formats for a country and zone, built once per pair and kept (the renderer's hook and the desk core both ask often). */
export function venueFormatFor(country: string, timeZone: string): VenueFormat {
  const key = `${country.toUpperCase()}|${timeZone}`;
  let format = built.get(key);
  if (!format) {
    format = createVenueFormat({ country, timeZone });
    built.set(key, format);
  }
  return format;
}

/** Whether the country-to-currency table knows the country. */
function hasCurrencyOnRecord(country: string): country is Countries {
  return Object.hasOwn(countryToCurrency, country);
}

/** A phone as staff read it: national (0412 345 678) when it shares the venue country's calling code, international (+44 7911 123456) otherwise. */
export function displayPhone(raw: string, country: string): string {
  const trimmed = raw.trim();
  if (trimmed === '') return '';
  const venueCountry = isSupportedCountry(country) ? country : undefined;
  try {
    const parsed = parsePhoneNumberFromString(trimmed, venueCountry);
    if (!parsed || !parsed.isValid()) return trimmed;
    // Same calling code: dialled from the venue without the international prefix (+44 covers GB, JE, GG, IM).
    const local = venueCountry !== undefined && parsed.countryCallingCode === getCountryCallingCode(venueCountry);
    return local ? parsed.formatNational() : parsed.formatInternational();
  } catch {
    return trimmed; // libphonenumber throws on some junk input: show what was typed
  }
}
