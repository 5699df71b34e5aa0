import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `then` in a task of its own, queued after those already waiting (a message to itself, not a timer, so
 * it is not delayed). Returns a function that calls it off.
 */
export function inNextTask(then: () => void): () => void {
  const channel = new MessageChannel();
  const close = () => {
    channel.port1.close();
    channel.port2.close();
  };
  channel.port1.onmessage = () => {
    close();
    then();
  };
  channel.port2.postMessage(null);
  return close;
}

/**
 * Runs `then` once the next frame is painted, in a task of its own queued from that frame: work staff do not
 * wait on (parts drawn after the rest of a change) neither delays that frame nor goes ahead of what was
 * already waiting for it to be painted. Returns a function that calls it off.
 */
function afterPaint(then: () => void): () => void {
  let cancel = () => {};
  const frame = requestAnimationFrame(() => {
    cancel = inNextTask(then);
  });
  return () => {
    cancelAnimationFrame(frame);
    cancel();
  };
}

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
