/** Backoff settings: base and ceiling of the exponential window. */
export interface BackoffSettings {
  baseMs: number;
  maxMs: number;
}

/**
 * How long to wait before the attempt after `attempt` failed (1 = the first try failed), with full
 * jitter: uniformly random up to the exponential ceiling, so desks that failed together do not
 * retry together. A Retry-After from the service is a floor.
 */
export function retryDelay(
  attempt: number,
  settings: BackoffSettings,
  random: () => number,
  retryAfterMs?: number,
): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const ceiling = Math.min(settings.maxMs, settings.baseMs * 2 ** exponent);
  const jittered = Math.floor(random() * ceiling);
  return Math.max(jittered, retryAfterMs ?? 0);
}
