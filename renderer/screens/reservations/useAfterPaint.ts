import { startTransition, useEffect, useState } from 'react';

/**
 * `value` as the last painted frame showed it: a change reaches the caller right after the frame that shows
 * the rest of the change, so that frame waits on less (for a part staff read after the rest, such as the
 * date picker's field beside the day's title).
 */
export function useAfterPaint<T>(value: T): T {
  const [painted, setPainted] = useState(value);
  useEffect(() => {
    if (Object.is(painted, value)) return;
    const frame = requestAnimationFrame(() => startTransition(() => setPainted(value)));
    return () => cancelAnimationFrame(frame);
  }, [value, painted]);
  return painted;
}
