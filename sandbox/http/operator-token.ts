import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares a presented operator token with the real one in constant time (digests first, so length leaks nothing). */
export function operatorTokenMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given));
}
