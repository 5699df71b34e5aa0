import type { Locator } from 'playwright-core';

/**
 * Types a wall date and time (`YYYY-MM-DD HH:MM`) into a date-and-time pair of the desk
 * (renderer/components/VenueDateTimeInput.tsx): the date as ISO (read in every venue), the time into
 * the hour and minute boxes of the venue's clock, and am/pm when the clock has them.
 */
export async function fillWallDateTime(group: Locator, wall: string): Promise<void> {
  const [date = '', time = ''] = wall.split(' ');
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  await group.getByLabel('Date').fill(date);
  const amPm = group.getByLabel('am or pm');
  const twelveHour = (await amPm.count()) > 0;
  await group.getByLabel('Hours').pressSequentially(String(twelveHour ? hours % 12 || 12 : hours).padStart(2, '0'));
  await group.getByLabel('Minutes').pressSequentially(String(minutes).padStart(2, '0'));
  if (twelveHour) {
    // The choices after the empty one: morning, then afternoon, in the venue's words (am/pm, AM/PM).
    const periods = (await amPm.locator('option').allTextContents()).filter((label) => /\p{L}/u.test(label));
    await amPm.selectOption({ label: periods[hours < 12 ? 0 : 1]! });
  }
}
