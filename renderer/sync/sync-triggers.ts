// When a cache pulls from the service by itself: the timing shared by the guest and booking syncs.

/** How often the cache pulls what changed while the desk is open. */
const SYNC_INTERVAL_MS = 2 * 60_000;
/** Regaining focus pulls only when the last pull is older than this. */
const FOCUS_MIN_GAP_MS = 30_000;

/**
 * Runs `pull` on a timer, when the window regains focus (unless it ran moments ago) and when the line
 * is back; returns the stop function.
 */
export function startSyncTriggers(
  pull: () => void,
  options: { intervalMs?: number; now: () => Date; lastRunAt: () => number },
): () => void {
  const timer = setInterval(pull, options.intervalMs ?? SYNC_INTERVAL_MS);
  const onFocus = () => {
    if (options.now().getTime() - options.lastRunAt() >= FOCUS_MIN_GAP_MS) pull();
  };
  window.addEventListener('focus', onFocus);
  window.addEventListener('online', pull);
  return () => {
    clearInterval(timer);
    window.removeEventListener('focus', onFocus);
    window.removeEventListener('online', pull);
  };
}
