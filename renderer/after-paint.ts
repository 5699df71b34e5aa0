// Work staff do not wait on goes after the next painted frame, in a task queued from that frame: it neither
// delays the frame nor goes ahead of what already waits for it to be painted (the day view, a status key).

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

/** When nothing paints (a hidden window), the wait for a frame ends after this long. */
const NO_FRAME_MS = 100;

/**
 * Runs `then` once the next frame is painted, in a task of its own queued from that frame; after NO_FRAME_MS
 * where no frame comes, and in the next task where nothing paints at all. Returns a function that calls it off.
 */
export function afterPaint(then: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') return inNextTask(then);
  let cancelTask = () => {};
  const fallback = setTimeout(() => {
    cancelAnimationFrame(frame);
    then();
  }, NO_FRAME_MS);
  const frame = requestAnimationFrame(() => {
    clearTimeout(fallback);
    cancelTask = inNextTask(then);
  });
  return () => {
    clearTimeout(fallback);
    cancelAnimationFrame(frame);
    cancelTask();
  };
}

/** Resolves as afterPaint runs its work: once the next frame is painted. */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => void afterPaint(resolve));
}
