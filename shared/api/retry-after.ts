/** Milliseconds to wait from a Retry-After header (delay-seconds or HTTP-date, RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Date.parse reads the IMF-fixdate form; anything else it cannot read is treated as absent rather than zero.
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}

/** The Date header of a response as a Date, when present and readable. */
export function parseDateHeader(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : new Date(at);
}
