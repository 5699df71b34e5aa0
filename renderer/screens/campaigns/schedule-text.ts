import { clockChangeBetween, readSchedule, type ClockChange } from '../../../shared/rules/campaign-schedule';

/** The desk's own zone (the browser's or Electron's). */
export function deskTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** An instant as staff read it in a zone ("Sat 28 Mar, 21:00"). */
function wallClock(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** What the schedule panel shows of a typed time: the instant in both zones, a clock-change warning, or the problem. */
export interface ScheduleExplained {
  sendAt?: string;
  problem?: string;
  deskTime?: string;
  warnings: string[];
}

/** Reads a datetime-local value typed in the account's zone and explains it for staff. */
export function explainSchedule(
  value: string,
  accountZone: string,
  now: Date,
  deskZone = deskTimeZone(),
): ScheduleExplained {
  if (!value) return { problem: 'Choose the date and time it goes out.', warnings: [] };
  const reading = readSchedule(value.replace('T', ' '), accountZone, now);
  if (!reading.ok) return { problem: reading.problem, warnings: [] };
  const warnings: string[] = [];
  const zones = accountZone === deskZone ? [accountZone] : [accountZone, deskZone];
  for (const zone of zones) {
    const change = clockChangeBetween(now, reading.at, zone);
    if (change) warnings.push(clockChangeWarning(change));
  }
  return { sendAt: reading.serviceTime, deskTime: wallClock(reading.at, deskZone), warnings };
}

/** A clock change in words. */
function clockChangeWarning(change: ClockChange): string {
  const direction = change.shiftMinutes > 0 ? 'forward' : 'back';
  const amount = Math.abs(change.shiftMinutes) === 60 ? 'an hour' : `${Math.abs(change.shiftMinutes)} minutes`;
  return `The clocks in ${change.timeZone} go ${direction} ${amount} on ${wallClock(change.at, change.timeZone)}, before this campaign goes out. Check the time is still the one you mean.`;
}
