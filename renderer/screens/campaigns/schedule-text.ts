import type { VenueFormat } from '../../../shared/format/venue-format';
import { clockChangeBetween, readSchedule, type ClockChange } from '../../../shared/rules/campaign-schedule';

/** The desk's own zone (the browser's or Electron's). */
export function deskTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** What the schedule panel shows of a typed time: the instant in both zones, a clock-change warning, or the problem. */
export interface ScheduleExplained {
  sendAt?: string;
  problem?: string;
  deskTime?: string;
  warnings: string[];
}

/** Reads a wall date and time (`YYYY-MM-DDTHH:MM`) typed in the account's zone and explains it for staff, in the venue's formats. */
export function explainSchedule(
  value: string,
  accountZone: string,
  now: Date,
  format: VenueFormat,
  deskZone = deskTimeZone(),
): ScheduleExplained {
  if (!value) return { problem: 'Choose the date and time it goes out.', warnings: [] };
  const reading = readSchedule(value.replace('T', ' '), accountZone, now);
  if (!reading.ok) return { problem: reading.problem, warnings: [] };
  const warnings: string[] = [];
  const zones = accountZone === deskZone ? [accountZone] : [accountZone, deskZone];
  for (const zone of zones) {
    const change = clockChangeBetween(now, reading.at, zone);
    if (change) warnings.push(clockChangeWarning(change, format));
  }
  return { sendAt: reading.serviceTime, deskTime: format.dateTimeIn(reading.at, deskZone), warnings };
}

/** A clock change in words. */
function clockChangeWarning(change: ClockChange, format: VenueFormat): string {
  const direction = change.shiftMinutes > 0 ? 'forward' : 'back';
  const amount = Math.abs(change.shiftMinutes) === 60 ? 'an hour' : `${Math.abs(change.shiftMinutes)} minutes`;
  return `The clocks in ${change.timeZone} go ${direction} ${amount} on ${format.dateTimeIn(change.at, change.timeZone)}, before this campaign goes out. Check the time is still the one you mean.`;
}
