import { describe, expect, it } from 'vitest';
import { newEntryId } from '../../../electron/core/outbox/entry-id';

describe("an outbox entry's id", () => {
  it('is ob_ and a UUID version 7 whose time makes ids made later sort later (its indexes grow at one end)', () => {
    const first = newEntryId(Date.parse('2026-11-24T19:00:00.000Z'));
    const later = newEntryId(Date.parse('2026-11-24T19:00:00.001Z'));
    const much = newEntryId(Date.parse('2027-01-01T00:00:00.000Z'));
    for (const id of [first, later, much])
      expect(id).toMatch(/^ob_[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([much, later, first].sort()).toEqual([first, later, much]);
    const millis = Date.parse('2026-11-24T19:00:00.000Z').toString(16).padStart(12, '0');
    expect(first.slice(3, 11) + first.slice(12, 16)).toBe(millis);
  });

  it('differs between ids made in the same millisecond', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newEntryId(1_764_000_000_000)));
    expect(ids.size).toBe(1000);
  });
});
