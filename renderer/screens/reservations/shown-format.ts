// The few values the day view writes over and over (a card's time and party, a slot's covers), each
// formatted once per venue format: Intl's format calls are what a day's cards cost most in JavaScript.
import type { VenueFormat } from '../../../shared/format/venue-format';

const shown = new WeakMap<VenueFormat, Map<string, string>>();

/** `key`'s text in this format, made by `make` the first time. */
function once(format: VenueFormat, key: string, make: () => string): string {
  let texts = shown.get(format);
  if (!texts) shown.set(format, (texts = new Map()));
  let text = texts.get(key);
  if (text === undefined) texts.set(key, (text = make()));
  return text;
}

/** A wall time (HH:MM) as the venue writes it (format.time), formatted once. */
export function shownTime(format: VenueFormat, wallTime: string): string {
  return once(format, `t${wallTime}`, () => format.time(wallTime));
}

/** A count (a party, a slot's covers) as the venue writes it (format.number), formatted once. */
export function shownCount(format: VenueFormat, count: number): string {
  return once(format, `n${count}`, () => format.number(count));
}

/** A day (YYYY-MM-DD) as the venue writes it in one of its date styles (format.date, longDate, shortDate), formatted once. */
export function shownDay(format: VenueFormat, style: 'date' | 'longDate' | 'shortDate', wallDate: string): string {
  return once(format, `${style} ${wallDate}`, () => format[style](wallDate));
}
