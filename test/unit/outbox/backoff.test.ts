import { describe, expect, it } from 'vitest';
import { retryDelay } from '../../../electron/core/outbox/backoff';

const settings = { baseMs: 1000, maxMs: 30_000 };

describe('retryDelay (exponential backoff with full jitter)', () => {
  it('draws uniformly below a ceiling that doubles per attempt', () => {
    expect(retryDelay(1, settings, () => 0.5)).toBe(500);
    expect(retryDelay(2, settings, () => 0.5)).toBe(1000);
    expect(retryDelay(4, settings, () => 0.5)).toBe(4000);
    expect(retryDelay(4, settings, () => 0)).toBe(0);
    expect(retryDelay(4, settings, () => 0.9999)).toBe(7999);
  });

  it('never exceeds the maximum, however many attempts', () => {
    expect(retryDelay(60, settings, () => 0.9999)).toBeLessThan(30_000);
    expect(retryDelay(60, settings, () => 0.5)).toBe(15_000);
  });

  it('waits at least as long as Retry-After asks', () => {
    expect(retryDelay(1, settings, () => 0.1, 20_000)).toBe(20_000);
    expect(retryDelay(5, settings, () => 0.9, 2000)).toBe(14_400);
  });
});
