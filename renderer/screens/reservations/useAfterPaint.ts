import { startTransition, useEffect, useState } from 'react';
import { afterPaint } from '../../after-paint';

/**
 * `value` as the last painted frame showed it: a change reaches the caller after the frame that shows the
 * rest of the change is painted, so that frame waits on less (for a part staff read after the rest, such as
 * the date picker's field beside the day's title).
 */
export function useAfterPaint<T>(value: T): T {
  const [painted, setPainted] = useState(value);
  useEffect(() => {
    if (Object.is(painted, value)) return;
    return afterPaint(() => startTransition(() => setPainted(value)));
  }, [value, painted]);
  return painted;
}
