// The rule for a scheduled send time, used by the message forms and by the desk core before it queues.
import { parseServiceDateTime } from './datetime';

/** Why a send time cannot be used. */
export type ScheduleProblem = 'not-a-date' | 'past';

/**
 * Checks a send time in the service's form (`YYYY-MM-DD HH:MM:SS`, wall time in the account's zone,
 * as the service reads it): null when it is a real instant after `now`, else why not.
 */
export function scheduleProblem(sendAt: string, timeZone: string, now: Date): ScheduleProblem | null {
  const at = parseServiceDateTime(sendAt, timeZone);
  if (!at) return 'not-a-date';
  return at.getTime() <= now.getTime() ? 'past' : null;
}
